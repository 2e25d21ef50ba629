import CurtainLayout
import Foundation
import Testing

/// A recording that stops (the disk filled up) says so on screen.
extension DemoEndToEndTests {
    /// The file size limit (`ulimit -f 1`) fails the recording's writes the way a full disk
    /// does: the demo says so on screen, at once, not only after it exits.
    @Test func aRecordingThatStopsSaysSoOnScreen() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        try demo.tmux.shell(withFileSizeLimit("cd '\(demo.directory.path)'"))
        // The notification covers the grid's lower borders for its ten seconds.
        let shown = try demo.launch(arguments: "--record live.cast 2> err", until: { $0.contains("live.cast") })
        #expect(shown.contains("stopped") && shown.contains("too"), "a notification names the recording and why\n\(shown)")
        try demo.tmux.type("q")
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:1")
    }
}
