import CurtainLayout
import Foundation
import Testing

/// A stop from outside (SIGSTOP, then SIGCONT) must give the demo its terminal back.
extension DemoEndToEndTests {
    /// `kill -STOP` from outside, then `fg`: the shell had the terminal meanwhile (cooked, its
    /// "Stopped" and "$ fg" on the screen). On SIGCONT the demo takes its modes back and paints
    /// everything again: keys act at once, unechoed, and Ctrl-C is a key that quits with 0.
    @Test func stopFromOutsideThenContinueTakesTheTerminalBack() throws {
        let (demo, _, before) = try DemoSession.withATypedToast()
        let pid = try #require(try demo.tmux.foregroundChildPID(), "the demo runs as the shell's child")

        #expect(kill(pid, SIGSTOP) == 0)
        let stopped = try demo.waitForExit()
        #expect(stopped.status == "status:\(128 + SIGSTOP)")
        var screen = try demo.tmux.settle(until: { $0.contains("Stopped") })

        try demo.tmux.shell("fg")
        screen = try demo.settle(changedFrom: screen) { !$0.contains("Stopped") && !$0.contains("$ fg") }
        #expect(DemoSession.withoutClock(screen) == DemoSession.withoutClock(before),
                "everything painted again\nbefore:\n\(before)\nafter:\n\(screen)")
        // No Enter: in the program's own (raw) mode the key arrives at once, and is not echoed.
        try demo.tmux.type("!")
        screen = try demo.settle(changedFrom: screen) { $0.contains("kept!") }
        #expect(!screen.contains("!!"), "the key is not echoed\n\(screen)")
        try demo.tmux.keys("C-c")
        screen = try demo.tmux.settle(until: { $0.box(titled: "Colours") == nil && $0.contains("$") })
        // `fg` reports the job's status: Ctrl-C was a key (status 0), not SIGINT (130).
        try demo.tmux.shell("echo fg-status-$?")
        screen = try demo.tmux.settle(until: { shown in shown.rows.indices.contains { shown.line($0).hasPrefix("fg-status-") } })
        #expect(screen.contains("fg-status-0"), "Ctrl-C quit the demo normally\n\(screen)")
    }

    /// `kill -STOP`, then `kill -CONT` from another shell: the shell that ran the demo saw the
    /// stop and has the terminal, so the demo, continued in the background, stops again before
    /// it reads — and leaves the screen as the shell left it, "Stopped" and the prompt in view.
    /// (It gave the terminal back first: the switch off the alternate screen hid the shell's
    /// lines, a blank screen with a shell waiting on it and no prompt.) `fg` brings it all back.
    @Test func aContinueFromElsewhereLeavesTheShellItsScreenUntilFg() throws {
        let (demo, _, before) = try DemoSession.withATypedToast()
        let pid = try #require(try demo.tmux.foregroundChildPID(), "the demo runs as the shell's child")

        #expect(kill(pid, SIGSTOP) == 0)
        _ = try demo.waitForExit()
        var screen = try demo.tmux.settle(until: { $0.contains("Stopped") })
        let prompt = try #require(screen.rows.indices.last { screen.line($0).hasPrefix("$") }, "the shell's prompt\n\(screen)")

        #expect(kill(pid, SIGCONT) == 0)
        try Self.waitUntilStopped(pid)
        screen = try demo.tmux.settle()
        #expect(screen.contains("Stopped") && screen.line(prompt).hasPrefix("$"),
                "the shell's lines are still on the screen\n\(screen)")

        try demo.tmux.shell("fg")
        screen = try demo.settle(changedFrom: screen) { !$0.contains("Stopped") && !$0.contains("$ fg") }
        #expect(DemoSession.withoutClock(screen) == DemoSession.withoutClock(before),
                "everything painted again\nbefore:\n\(before)\nafter:\n\(screen)")
        try demo.tmux.type("!")
        _ = try demo.settle(changedFrom: screen) { $0.contains("kept!") }
        try demo.tmux.keys("C-c")
        _ = try demo.tmux.settle(until: { $0.box(titled: "Colours") == nil && $0.contains("$") })
    }

    /// `kill -STOP`, then `kill -CONT`, with no shell to take the terminal meanwhile (the demo
    /// is the pane's own process): the demo takes its terminal again at once — every mode back,
    /// everything painted — and keys act. (tmux itself continues a pane's own process that
    /// stops for any other reason than reading or writing in the background, so the stop is
    /// short and the `kill -CONT` finds the demo running: a continue it must also survive.)
    @Test func aStopAndContinueWithNoShellRepaintsEverything() throws {
        let tmux = try Tmux(columns: 80, rows: 24)
        try tmux.shell("exec '\(DemoBinary.path)'")
        var screen = try tmux.settle(key: DemoSession.withoutClock) { $0.box(titled: "Colours") != nil && $0.box(titled: "About") != nil }
        try tmux.type("t")
        screen = try tmux.settle(changedFrom: screen, key: DemoSession.withoutClock) { $0.contains("Esc close") }
        try tmux.type("kept")
        let before = try tmux.settle(changedFrom: screen, key: DemoSession.withoutClock) { $0.contains("kept") }
        let names = ["alternate_on", "mouse_button_flag", "mouse_sgr_flag", "keypad_cursor_flag"]
        let running = try tmux.paneFlags(names)
        let pid = try tmux.panePID()
        try #require(pid > 0)

        #expect(kill(pid, SIGSTOP) == 0)
        #expect(kill(pid, SIGCONT) == 0)
        // A key typed now is read after the continue was handled: when it shows, so has the take-back.
        try tmux.type("!")
        let after = try tmux.settle(key: DemoSession.withoutClock) { $0.contains("kept!") }
        #expect(DemoSession.withoutClock(after).masking(Rect(x: 0, y: 0, width: 80, height: 12))
                    == DemoSession.withoutClock(before).masking(Rect(x: 0, y: 0, width: 80, height: 12)),
                "the rest of the screen is as it was\nbefore:\n\(before)\nafter:\n\(after)")
        #expect(after.box(titled: "Colours") != nil && after.box(titled: "Unicode") != nil, "\(after)")
        #expect(try tmux.paneFlags(names) == running, "every mode back after the continue")
        try tmux.keys("C-c")
    }

    /// Polls the process's state (`/proc/PID/stat`) until it is stopped.
    static func waitUntilStopped(_ pid: Int32, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            // "PID (name) STATE …": the state follows the last ")".
            if let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
               let close = stat.lastIndex(of: ")"), stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first == "T" {
                return
            }
            usleep(20_000)
        }
        throw TmuxError(message: "process \(pid) never stopped")
    }

    /// `kill -TSTP` from outside is the same hand-over as Ctrl-Z: while stopped the shell has
    /// the terminal with no mouse reports (a click would type `0;5;5M` at the prompt) and no
    /// keypad mode; after `fg` every mode the demo had is back and keys act at once.
    @Test func stopSignalFromOutsideHandsOverLikeCtrlZ() throws {
        let (demo, _, before) = try DemoSession.withATypedToast()
        let names = ["alternate_on", "mouse_any_flag", "mouse_button_flag", "mouse_sgr_flag", "mouse_standard_flag",
                     "keypad_cursor_flag", "keypad_flag"]
        let running = try demo.tmux.paneFlags(names)
        #expect(running["mouse_button_flag"] == "1" && running["keypad_cursor_flag"] == "1", "\(running)")
        let pid = try #require(try demo.tmux.foregroundChildPID(), "the demo runs as the shell's child")

        #expect(kill(pid, SIGTSTP) == 0)
        let stopped = try demo.waitForExit()
        #expect(stopped.status == "status:\(128 + SIGTSTP)")
        #expect(stopped.before == stopped.after, "terminal restored while stopped")
        var screen = try demo.tmux.settle(until: { $0.contains("Stopped") })
        let whileStopped = try demo.tmux.paneFlags(names)
        #expect(whileStopped == ["alternate_on": "0", "mouse_any_flag": "0", "mouse_button_flag": "0", "mouse_sgr_flag": "0",
                                 "mouse_standard_flag": "0", "keypad_cursor_flag": "0", "keypad_flag": "0"], "modes left on while stopped: \(whileStopped)")

        try demo.tmux.shell("fg")
        screen = try demo.settle(changedFrom: screen) { $0.contains("kept") && !$0.contains("$ fg") }
        #expect(DemoSession.withoutClock(screen) == DemoSession.withoutClock(before), "back intact\nbefore:\n\(before)\nafter:\n\(screen)")
        let resumed = try demo.tmux.paneFlags(names)
        #expect(resumed == running, "every mode back after fg: \(resumed), was \(running)")
        try demo.tmux.type("!")
        screen = try demo.settle(changedFrom: screen) { $0.contains("kept!") }
        try demo.tmux.keys("C-c")
        _ = try demo.tmux.settle(until: { $0.contains("$") && $0.box(titled: "Colours") == nil })
    }
}
