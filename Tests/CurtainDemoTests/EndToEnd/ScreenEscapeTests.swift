import Foundation
import Testing

/// GNU screen 4.9, while the program has mouse reporting on, holds a lone
/// Esc until the next key and sends the two together (measured: Esc, 1.2 s, `a` arrive as one
/// read, `ESC a`). The session asks screen its version and turns mouse reporting off for
/// screen 4, so one Esc closes the modal at once; and should an Esc be held anyway, Esc then
/// Ctrl-C arrives as `ESC ^C`, which is two keys, so Ctrl-C still quits. Runs only where
/// screen is installed.
extension DemoEndToEndTests {
    static let screenPath = ["/usr/bin/screen", "/bin/screen", "/usr/local/bin/screen"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// The demo inside screen inside tmux, with the modal up and at rest, in the screen session
    /// `name` (screen outlives tmux's session: `quitScreen` ends it).
    func demoInScreenWithTheModal(name: String) throws -> DemoSession {
        let demo = try DemoSession()
        // -q: no start-up message; an empty screenrc: none of the user's settings.
        let grid = try demo.launch(prefix: "'\(Self.screenPath ?? "screen")' -c /dev/null -q -S \(name) ")
        try demo.tmux.type("m")
        _ = try demo.settle(changedFrom: grid) { $0.line(1).contains("Full-screen modal") }
        return demo
    }

    /// Ends the screen session `name` if a failed test left it running.
    func quitScreen(_ name: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.screenPath ?? "/usr/bin/screen")
        process.arguments = ["-S", name, "-X", "quit"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return }
        process.waitUntilExit()
    }

    static func screenName() -> String { "curtain-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))" }

    @Test(.enabled(if: screenPath != nil, "needs GNU screen"))
    func ctrlCQuitsInsideScreenAfterAnEscItHeldBack() throws {
        let name = Self.screenName()
        defer { quitScreen(name) }
        let demo = try demoInScreenWithTheModal(name: name)
        try demo.tmux.keys("Escape")
        Thread.sleep(forTimeInterval: 0.5)
        try demo.tmux.keys("C-c")
        _ = try demo.waitForExit(timeout: 5)
    }

    @Test(.enabled(if: screenPath != nil, "needs GNU screen"))
    func oneEscClosesTheModalInsideScreen() throws {
        let name = Self.screenName()
        defer { quitScreen(name) }
        let demo = try demoInScreenWithTheModal(name: name)
        try demo.tmux.keys("Escape")
        // Nothing typed after it: before, screen kept the Esc until the next key.
        _ = try demo.settle { !$0.description.contains("Full-screen modal") }
        // The next key is a key, not Alt-q: the demo quits.
        try demo.tmux.type("q")
        #expect(try demo.waitForExit(timeout: 5).status == "status:0")
    }
}
