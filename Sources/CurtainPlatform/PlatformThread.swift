import CCurtainPlatform

/// An operating-system thread. `pthread_t` is an integer on glibc (zero before
/// `pthread_create`) and a non-null pointer on Darwin (`pthread_t _Nullable *` as
/// `pthread_create`'s out-parameter, so optional until created): this file hides that.
package struct PlatformThread: @unchecked Sendable {
    package let handle: pthread_t

    private final class Body {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Starts `body` on a new thread, with a stack of `stackSize` bytes (nil: the system's
    /// default); the error number when none could be made (`EAGAIN`).
    package static func start(stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void) -> Result<PlatformThread, PlatformError> {
        let context = Unmanaged.passRetained(Body(body)).toOpaque()
        // Both declare the start routine `void *(*)(void *)` with a nullable argument (Darwin's
        // pthread.h since its nullability annotations), so one closure serves.
        let entry: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? = { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
        #if canImport(Darwin)
        var created: pthread_t?
        let status = pthread_create(&created, &attributes, entry, context)
        #else
        var created = pthread_t()
        let status = pthread_create(&created, &attributes, entry, context)
        #endif
        guard status == 0 else {
            Unmanaged<Body>.fromOpaque(context).release()
            return .failure(PlatformError(code: status))
        }
        #if canImport(Darwin)
        guard let thread = created else { return .failure(PlatformError(code: EAGAIN)) }
        #else
        let thread = created
        #endif
        return .success(PlatformThread(handle: thread))
    }

    /// Names the calling thread, as `top -H`, a debugger and the benchmarks show it: at most 15
    /// bytes of it on Linux. (`pthread_setname_np` is a GNU extension glibc declares only with
    /// `_GNU_SOURCE`, and Darwin's takes the name alone: C's `curtain_name_current_thread`.)
    package static func nameCurrentThread(_ name: String) {
        curtain_name_current_thread(name)
    }

    /// Starts `body` on a detached thread with the asynchronous signals blocked: the program's
    /// signal handlers run on other threads, never in the middle of this one's work (the
    /// terminal's wait, a child's reader, the stderr drain). The signals a fault raises
    /// (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS) stay unblocked, as
    /// libdispatch leaves them on its workers: threads this one starts (dispatch's, when it
    /// resumes a task) inherit its mask, and a crash on a thread that blocks its signal dies
    /// without the emergency restore. `stackSize` as for ``start(stackSize:_:)``. Returns the
    /// error number when no thread could be made (`EAGAIN`), nil when it started.
    @discardableResult
    package static func startDetachedWithSignalsBlocked(stackSize: Int? = nil,
                                                        _ body: @escaping @Sendable () -> Void) -> Int32? {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        for fault in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS] { sigdelset(&all, fault) }
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        switch start(stackSize: stackSize, body) {
        case .success(let thread):
            thread.detach()
            return nil
        case .failure(let error):
            return error.code
        }
    }

    /// Lets the thread's resources go when it ends (nobody joins it).
    package func detach() { pthread_detach(handle) }

    /// Waits for the thread to end.
    package func join() { pthread_join(handle, nil) }
}

/// An error number from a system call, with its text.
package struct PlatformError: Error, Equatable, CustomStringConvertible {
    package let code: Int32
    package init(code: Int32) { self.code = code }
    package var description: String { String(cString: strerror(code)) }

}
