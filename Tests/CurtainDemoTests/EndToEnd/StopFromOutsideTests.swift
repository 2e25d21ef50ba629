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
