import Curtain
import CurtainTerminal
import Glibc
import Testing

extension NcursesTests.RestoreOnExit {
    /// Every signal whose default action ends the process (terminate or dump core), beyond the
    /// termination requests and traps: the terminal comes back (modes, screen, cursor, mouse
    /// and paste off) and the process still dies of that signal.
    nonisolated static let otherEndingSignals: [Int32] = [
        SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGSTKFLT, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
        SIGPOLL, SIGPWR, SIGSYS, __libc_current_sigrtmin(), __libc_current_sigrtmin() + 1, __libc_current_sigrtmax(),
    ]

    @Test(arguments: otherEndingSignals)
    func anySignalThatEndsTheProcessRestoresTheTerminal(signal: Int32) async throws {
        var sent = false
        let result = try runChild({
            // No core files from the core-dumping signals.
            var limit = rlimit(rlim_cur: 0, rlim_max: 0)
            setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &limit)
            let session = Self.startAndDraw()
            while true { _ = session.nextEventBlocking(within: nil) }
        }, onOutput: { output, _, pid in
            if !sent, output.contains("ready") {
                sent = true
                kill(pid, signal)
            }
        })
        #expect(result.signal == signal, "signal \(signal): ended by \(result.signal), exit code \(result.exitCode)")
        expectRestored(result)
    }
}

