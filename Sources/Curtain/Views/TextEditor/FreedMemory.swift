import CurtainPlatform

/// Hands memory the program freed back to the system.
///
/// glibc's `malloc` keeps freed memory for later unless the free space at the top of its heap
/// passes a threshold — and after a large block is freed (the string of a 10 MB paste), it
/// raises that threshold to twice the block's size. So the blocks of a large text, freed when
/// its editor goes, would stay in the program's resident memory; `malloc_trim` returns them.
/// (`trimFreedMemory`, in CurtainPlatform: glibc's; elsewhere the memory is simply kept.)
enum FreedMemory {
    /// Texts at least this large give their memory back when their editor goes (trimming
    /// costs about a millisecond).
    static let threshold = 256 * 1024

    static func giveBack() { trimFreedMemory() }
}
