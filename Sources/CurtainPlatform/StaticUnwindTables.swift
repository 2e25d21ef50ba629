// Why the static release demo gives these pages back: see Sources/curtain-demo/StaticUnwindTables.swift.
/// The unwind tables' pages that the main thread's exit read, given back.
///
/// Even found through the sorted table, the forced unwind at `pthread_exit` reads pages of
/// `.eh_frame_hdr` and `.eh_frame` for each frame of the main thread's stack, and the kernel maps
/// 64 KiB around each page read (fault-around): 700 KiB of the two sections stay resident, read
/// once and never again (nothing else unwinds). A thread-specific value set on the main thread
/// has its destructor run by that same `pthread_exit`, after the unwind: it drops those pages
/// from the program's resident set (the file's pages stay in the page cache, and an unwind
/// later would simply read them again).
package enum StaticUnwindTables {
    /// Call on the main thread, before anything awaits. Linux only: Darwin's executables are
    /// never linked statically, and its unwinder finds frames through the dynamic loader.
    package static func releaseAfterTheMainThreadExits() {
        #if os(Linux)
        var key = pthread_key_t()
        guard pthread_key_create(&key, { _ in StaticUnwindTables.releaseResidentPages() }) == 0 else { return }
        pthread_setspecific(key, UnsafeRawPointer(bitPattern: 1))
        #endif
    }

    #if os(Linux)
    /// `MADV_DONTNEED` over whole pages of the program's `.eh_frame` and `.eh_frame_hdr`.
    static func releaseResidentPages() {
        guard let address = LinuxProcFiles.auxiliaryValue(UInt(AT_PHDR)),
              let count = LinuxProcFiles.auxiliaryValue(UInt(AT_PHNUM)),
              let headers = UnsafePointer<Elf64_Phdr>(bitPattern: address) else { return }
        let all = UnsafeBufferPointer(start: headers, count: Int(count))
        // Where the program was loaded: 0 for a static executable, the bias for a PIE.
        let bias = all.first { $0.p_type == UInt32(PT_PHDR) }.map { address &- UInt($0.p_vaddr) } ?? 0
        guard let frameHeader = all.first(where: { $0.p_type == UInt32(PT_GNU_EH_FRAME) }) else { return }
        let header = bias &+ UInt(frameHeader.p_vaddr)
        let end = header + UInt(frameHeader.p_memsz)
        var start = header
        // Where `.eh_frame` begins: the header's second field, in GNU ld's encoding (pc-relative,
        // signed 4 bytes: 0x1b); in any other, only the header is given back.
        if let bytes = UnsafePointer<UInt8>(bitPattern: header), bytes[0] == 1, bytes[1] == 0x1b {
            let offset = UnsafeRawPointer(bytes + 4).loadUnaligned(as: Int32.self)
            start = UInt(bitPattern: Int(bitPattern: header + 4) + Int(offset))
        }
        let page = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let first = (start + page - 1) / page * page, last = end / page * page
        if last > first { madvise(UnsafeMutableRawPointer(bitPattern: first), Int(last - first), MADV_DONTNEED) }
    }
    #endif
}
