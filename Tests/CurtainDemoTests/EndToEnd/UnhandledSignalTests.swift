import CurtainLayout
import CurtainPlatform
import Foundation
import Testing

/// Every signal whose default action ends the process restores the terminal first.
extension DemoEndToEndTests {
    /// Every signal whose default action ends the process leaves the terminal as it was (modes,
    /// main screen, cursor, no mouse reports) and ends the demo the same way (status 128 + n,
    /// within the wait: the debug build's backtracer must not hold SIGQUIT on the screen).
    @Test(arguments: [SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGPIPE, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
                      SIGSYS] + ProcessEndingSignals.systemSpecific
                      + ProcessEndingSignals.realTime.prefix(1) + ProcessEndingSignals.realTime.suffix(1))
    func anUnhandledSignalRestoresTheTerminalAndEndsTheDemo(signal: Int32) throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        let started = try demo.launch(prefix: "ulimit -c 0; ")
        try demo.tmux.type("t")
        _ = try demo.settle(changedFrom: started) { $0.lowestBox(in: ExpectedLayout(columns: 80, rows: 24).content(0)) != nil }
        let flagNames = ["alternate_on", "cursor_flag", "mouse_any_flag", "mouse_button_flag", "mouse_sgr_flag",
                         "mouse_standard_flag", "keypad_cursor_flag"]
        let running = try demo.tmux.paneFlags(flagNames)
        #expect(running["alternate_on"] == "1" && running["mouse_button_flag"] == "1", "\(running)")
        let pid = try #require(try demo.tmux.foregroundChildPID(), "the demo runs as the shell's child")
        #expect(kill(pid, signal) == 0)
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:\(128 + signal)", "ended by signal \(signal): \(exit.status)")
        #expect(exit.before == exit.after, "stty -g before and after the demo")
        let after = try demo.tmux.paneFlags(flagNames)
        #expect(after == ["alternate_on": "0", "cursor_flag": "1", "mouse_any_flag": "0", "mouse_button_flag": "0",
                          "mouse_sgr_flag": "0", "mouse_standard_flag": "0", "keypad_cursor_flag": "0"],
                "signal \(signal) left modes on: \(after)")
        try demo.tmux.shell("echo alive-$((40+2))")
        let screen = try demo.tmux.settle(until: { $0.contains("alive-42") })
        #expect(screen.box(titled: "Colours") == nil, "the demo's screen is gone\n\(screen)")
    }
}
