import Curtain
import CurtainLayout
import CurtainPlatform

extension App {
    /// Runs the app in the terminal until it quits, then gives the terminal back as it was: the
    /// whole `main` of a program whose only job is its interface.
    ///
    /// ```swift
    /// @main @MainActor enum Hello {
    ///     static func main() async {
    ///         let app = App(root: PaneView(title: "Hello"))
    ///         app.scene.bind(.character("q")) { app.quit() }
    ///         await app.run()
    ///     }
    /// }
    /// ```
    ///
    /// Where there is no terminal to take (stdin or stdout redirected, `TERM` unknown), it
    /// writes the one-line reason to standard error and exits with status 2 — a program that
    /// wants to handle that itself uses `await run(on: try TerminalSession(programName:))`
    /// instead. While the loop waits, the main actor is free: tasks, posted work and
    /// `DispatchQueue.main` blocks run.
    ///
    /// With `CURTAIN_RECORD=path` in the environment the run is recorded (`.svg`, `.gif`, or
    /// `.png` for the last frame), and with `CURTAIN_SCREENSHOT=path` the last frame is saved
    /// as a PNG or SVG when the program ends (``record(to:options:)``, ``saveScreenshot(to:options:)``).
    /// A path that names no picture or cannot be written is told in one line before the
    /// terminal is taken, and the program exits with status 2.
    ///
    /// - Parameter programName: names the program in the refusal message; the executable's
    ///   name by default.
    public func run(programName: String? = nil) async {
        let name = programName ?? CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "program") } ?? "program"
        // One line on stderr, escaped: it quotes what the environment held.
        func tell(_ message: String) {
            _ = writeAll(STDERR_FILENO, Array((MessageText.escaping("\(name): \(message)") + "\n").utf8))
        }
        if let problem = EnvironmentRecording.problem() {
            tell(problem)
            exit(2)
        }
        if let warning = TerminalColorsGuess.environmentWarning() { tell(warning) }
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession(programName: name)
        } catch {
            let line = ((error as? TerminalError)?.message ?? "\(name): \(error)") + "\n"
            _ = writeAll(STDERR_FILENO, Array(line.utf8))
            exit(2)
        }
        // CURTAIN_RECORD and CURTAIN_SCREENSHOT (EnvironmentRecording).
        var recording = EnvironmentRecording(app: self)
        await run(on: terminal)
        await terminal.finishAnswers()
        terminal.stop()
        for warning in recording.finish(app: self) {
            _ = writeAll(STDERR_FILENO, Array("\(name): \(warning)\n".utf8))
        }
    }
}
