import Glibc

/// A detached thread with the asynchronous signals blocked: the session's signal handlers run
/// on other threads, never in the middle of this one's wait. The signals a fault raises
/// (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS) stay unblocked, as libdispatch
/// leaves them on its workers: threads this one starts (dispatch's, when it resumes a task)
/// inherit its mask, and a crash on a thread that blocks its signal dies without the emergency
/// restore.
enum WaitThread {
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    /// Starts `run` on a thread of its own; the error number when no thread could be made
    /// (`EAGAIN`: the process or the system has too many), nil when it started.
    @discardableResult
    static func start(_ run: @escaping @Sendable () -> Void) -> Int32? {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        for fault in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS] { sigdelset(&all, fault) }
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, body)
        guard started == 0 else {
            Unmanaged<Body>.fromOpaque(body).release()
            return started
        }
        pthread_detach(thread)
        return nil
    }
}
