import CurtainPlatform

/// A detached thread with the asynchronous signals blocked: the session's signal handlers run
/// on other threads, never in the middle of this one's wait. The signals a fault raises
/// (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS) stay unblocked, as libdispatch
/// leaves them on its workers: threads this one starts (dispatch's, when it resumes a task)
/// inherit its mask, and a crash on a thread that blocks its signal dies without the emergency
/// restore.
enum WaitThread {
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
        switch PlatformThread.start(run) {
        case .success(let thread):
            thread.detach()
            return nil
        case .failure(let error):
            return error.code
        }
    }
}
