import Curtain
import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests.RestoreOnExit {
    /// Every signal whose default action ends the process (terminate or dump core), beyond the
    /// termination requests and traps: the terminal comes back (modes, screen, cursor, mouse
    /// and paste off) and the process still dies of that signal.
    /// (Linux adds SIGSTKFLT, SIGPOLL, SIGPWR and the real-time signals: the first two, the last.)
    nonisolated static let otherEndingSignals: [Int32] = [
        SIGQUIT, SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
    ] + ProcessEndingSignals.systemSpecific + ProcessEndingSignals.realTime.prefix(2) + ProcessEndingSignals.realTime.suffix(1)

    @Test(arguments: otherEndingSignals)
    func anySignalThatEndsTheProcessRestoresTheTerminal(signal: Int32) async throws {
        var sent = false
        let result = try runChild({
            // No core files from the core-dumping signals.
            ResourceLimits.disableCoreDumps()
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

