import Curtain
import Glibc

extension App {
    /// Runs the app in the terminal until it quits, then gives the terminal back as it was.
    ///
    /// The whole `main` of a program whose only job is its interface. Where there is no
    /// terminal to take (stdin or stdout redirected, `TERM` unknown), it writes the one-line
    /// reason to standard error and exits with status 2 — a program that wants to handle that
    /// itself uses `run(on: try TerminalSession(programName:))` instead.
    ///
    /// - Parameter programName: names the program in that message; the executable's name by
    ///   default.
    public func runInTerminal(programName: String? = nil) {
        let name = programName ?? CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "program") } ?? "program"
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession(programName: name)
        } catch {
            let line = ((error as? TerminalError)?.message ?? "\(name): \(error)") + "\n"
            _ = writeAll(STDERR_FILENO, Array(line.utf8))
            exit(2)
        }
        run(on: terminal)
        terminal.stop()
    }
}
