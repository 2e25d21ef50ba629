import Curtain
import CurtainPlatform

extension App {
    /// Runs the app in the terminal until it quits, then gives the terminal back as it was.
    ///
    /// The whole `main` of a program whose only job is its interface. Where there is no
    /// terminal to take (stdin or stdout redirected, `TERM` unknown), it writes the one-line
    /// reason to standard error and exits with status 2 — a program that wants to handle that
    /// itself uses `await run(on: try TerminalSession(programName:))` instead. While the loop
    /// waits, the main actor is free: tasks, posted work and `DispatchQueue.main` blocks run.
    ///
    /// - Parameter programName: names the program in that message; the executable's name by
    ///   default.
    public func runInTerminal(programName: String? = nil) async {
        await run(programName: programName)
    }

    /// Runs the app in the terminal until it quits: ``runInTerminal(programName:)`` for an async
    /// `main`, under a name no synchronous function shares — at the top level of `main.swift`,
    /// Swift picks a synchronous overload over an async one even after `await`.
    ///
    /// ```swift
    /// await app.run()      // main.swift, or @main … static func main() async
    /// ```
    ///
    /// - Parameter programName: names the program in the refusal message; the executable's
    ///   name by default.
    public func run(programName: String? = nil) async {
        let name = programName ?? CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "program") } ?? "program"
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession(programName: name)
        } catch {
            let line = ((error as? TerminalError)?.message ?? "\(name): \(error)") + "\n"
            _ = writeAll(STDERR_FILENO, Array(line.utf8))
            exit(2)
        }
        await run(on: terminal)
        await terminal.finishAnswers()
        terminal.stop()
    }

    /// The same for a `main` that is not async: runs the loop and serves the main queue on the
    /// main thread meanwhile, so `Task { @MainActor in }`, `MainActor.run` and
    /// `DispatchQueue.main.async` work exactly as under an async `main`. From async code, call
    /// `await runInTerminal()`; this form stops the program there with a message saying so.
    ///
    /// - Parameter programName: names the program in the refusal message.
    @available(*, noasync, message: "in async code, call 'await app.run()'")
    public func runInTerminal(programName: String? = nil) {
        serveMainQueue(while: "runInTerminal()") { await self.runInTerminal(programName: programName) }
    }

    /// Runs the app on `backend` as `await run(on:)` does, for a `main` that is not async: the
    /// main queue is served meanwhile (see ``runInTerminal(programName:)``).
    @available(*, noasync, message: "in async code, call 'await app.run(on:)'")
    public func run(on backend: some Backend) {
        serveMainQueue(while: "run(on:)") {
            await self.run(on: backend)
            // The answers still on their way are awaited here, with the main queue served, so
            // the caller's `stop()` finds them read.
            await (backend as? TerminalSession)?.finishAnswers()
        }
    }

    /// Runs `body` in a main-actor task and serves the main queue until it ends.
    private func serveMainQueue(while name: String, _ body: @escaping @MainActor () async -> Void) {
        guard MainQueuePump.canServeMainQueue else {
            preconditionFailure("App.\(name) blocks the main thread, and it is called from async code (or off the main thread): use 'await app.\(name)' there")
        }
        let pump = MainQueuePump()
        Task { @MainActor in
            await body()
            pump.finish()
        }
        pump.run()
    }
}
