/// The calling thread's system-wide id, as debuggers and `/proc` show it: `gettid` on Linux
/// (glibc 2.30+ declares it only under `_GNU_SOURCE`, which Swift's Glibc module is built
/// without, so it is looked up at run time; `/proc/thread-self` otherwise), and
/// `pthread_threadid_np` on Darwin (`pthread.h`). Never 0 for a live thread.
package func currentThreadID() -> UInt64 {
    #if canImport(Darwin)
    var id: UInt64 = 0
    pthread_threadid_np(nil, &id)
    return id
    #else
    if let gettid = LinuxThreadID.gettid { return UInt64(gettid()) }
    return LinuxThreadID.fromProc()
    #endif
}

#if !canImport(Darwin)
private enum LinuxThreadID {
    typealias Function = @convention(c) () -> pid_t

    static let gettid: Function? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid") else { return nil }
        return unsafeBitCast(symbol, to: Function.self)
    }()

    /// `/proc/thread-self` links to `<pid>/task/<tid>` (Linux 3.17+).
    static func fromProc() -> UInt64 {
        var buffer = [CChar](repeating: 0, count: 64)
        let count = readlink("/proc/thread-self", &buffer, buffer.count - 1)
        guard count > 0 else { return 0 }
        let text = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: "/").last.flatMap { UInt64($0) } ?? 0
    }
}
#endif
