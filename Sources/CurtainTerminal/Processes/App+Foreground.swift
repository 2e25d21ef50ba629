import Curtain
import CurtainPlatform

extension App {
    /// Runs a program in the terminal's foreground — a pager, an editor, a shell — and returns
    /// its exit status once it ends, with the app's screen back.
    ///
    /// ```swift
    /// let status = try await app.runInForeground(["less", "-R", "build.log"])
    /// ```
    ///
    /// The terminal is handed over as ``App/withTerminalReleased(_:)`` describes — at the top of
    /// the loop's next turn, keys typed after the one that led here kept for after it: the
    /// shell's modes and screen come back, SIGINT and SIGQUIT are ignored by the app
    /// while the child runs (as `system(3)` does; the child gets them), and Ctrl-Z in the child
    /// stops the whole job — `fg` continues both. The child inherits the environment and the
    /// descriptors, with the default signal actions and no signal blocked; it runs in the app's
    /// process group. Should the app end by a signal while the child runs (SIGTERM, SIGHUP), the
    /// child gets SIGHUP, SIGTERM and SIGCONT, as a terminal's hang-up would send it — and
    /// should the app be killed outright (SIGKILL), the watchdog sends them: it does not
    /// outlive the app.
    ///
    /// - Parameter arguments: the program (a path, or a name looked up in `PATH`) and its
    ///   arguments.
    /// - Returns: the exit status; 128 + n when signal n ended it, as a shell reports it.
    /// - Throws: ``ForegroundProcessError`` when the program cannot be found (before the
    ///   terminal is handed over, so the screen never flickers for it) or started;
    ///   `CancellationError` when the app quits before the hand-off's turn.
    @discardableResult
    public func runInForeground(_ arguments: [String]) async throws -> Int32 {
        guard let name = arguments.first, !name.isEmpty else {
            throw ForegroundProcessError(message: "no program to run")
        }
        let path = try ForegroundProcessError.executablePath(for: name)
        return try await withTerminalReleased {
            let pid = try ForegroundProcess.spawn(path: path, arguments: arguments)
            // Should the program end by a signal meanwhile, the child must not outlive it.
            ChildProcessGroups.add(process: pid)
            defer { ChildProcessGroups.remove(process: pid) }
            return await ForegroundProcess.exitStatus(of: pid)
        }
    }
}
