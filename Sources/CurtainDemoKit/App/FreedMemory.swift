import Glibc

/// Gives the memory a dismissed toast held back to the system.
///
/// A paste of megabytes of lines becomes many small blocks in glibc's heap; freed, they stay in
/// the process (resident) unless whole pages of them are handed back, which glibc does only at
/// the top of the heap by itself. `malloc_trim` hands back every free page; it is not in
/// Swift's Glibc module, so it is looked up once by name.
enum FreedMemory {
    private typealias Trim = @convention(c) (Int) -> Int32

    private static let trim: Trim? = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim")
        .map { unsafeBitCast($0, to: Trim.self) }

    /// Returns free heap pages to the system (cheap: a walk over the heap's free lists).
    static func giveBack() {
        _ = trim?(0)
    }
}
