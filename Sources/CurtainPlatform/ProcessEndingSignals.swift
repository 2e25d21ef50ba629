/// The signals whose default action ends the process (terminate or dump core), SIGKILL
/// aside, and the range of signal numbers a table of saved actions must cover.
///
/// Linux has SIGSTKFLT, SIGPOLL, SIGPWR and the real-time signals (their range is the C
/// library's: glibc keeps the first two for its threads, so it is read at run time through
/// `__libc_current_sigrtmin`); Darwin has none of those but SIGEMT, and numbers 1…31.
package enum ProcessEndingSignals {
    /// The highest signal number there is: `SIGRTMAX` on Linux (64), 31 on Darwin (`NSIG` 32).
    /// (Computed, not stored: signal handlers read it, and must not run a lazy initialiser.)
    package static var highest: Int32 {
        #if canImport(Darwin)
        31
        #else
        64
        #endif
    }

    /// The real-time signals (empty on Darwin, which has none).
    package static var realTime: [Int32] {
        #if canImport(Darwin)
        []
        #else
        Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        #endif
    }

    /// Signals this system has beyond POSIX's that end the process by default.
    package static var systemSpecific: [Int32] {
        #if canImport(Darwin)
        [SIGEMT]
        #else
        [SIGSTKFLT, SIGPOLL, SIGPWR]
        #endif
    }

    /// Every signal whose default action ends the process, SIGKILL aside.
    package static var all: [Int32] {
        [SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS,
         SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF]
            + systemSpecific + realTime
    }
}
