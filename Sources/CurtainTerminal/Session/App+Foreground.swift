import Curtain
import CurtainPlatform

extension App {
    /// Runs a program in the terminal's foreground — a pager, an editor, a shell — and returns
    /// its exit status once it ends, with the app's screen back.
    ///
    /// ```swift
    /// let status = try await app.runInForeground(["less", "-R", logPath])
    /// ```
    ///
    /// The terminal is handed over as ``App/withTerminalReleased(_:)`` describes: the loop stops
    /// reading, the shell's modes and screen come back, SIGINT and SIGQUIT are ignored by the app
    /// while the child runs (as `system(3)` does; the child gets them), and Ctrl-Z in the child
    /// stops the whole job — `fg` continues both. The child inherits the environment and the
    /// descriptors, with the default signal actions and no signal blocked; it runs in the app's
    /// process group.
    ///
    /// - Parameter arguments: the program (a path, or a name looked up in `PATH`) and its
    ///   arguments.
    /// - Returns: the exit status; 128 + n when signal n ended it, as a shell reports it.
    /// - Throws: ``ForegroundProcessError`` when the program cannot be found or started —
    ///   before the terminal is handed over, so the screen never flickers for it.
    @discardableResult
    public func runInForeground(_ arguments: [String]) async throws -> Int32 {
        guard let name = arguments.first, !name.isEmpty else {
            throw ForegroundProcessError(message: "no program to run")
        }
        let path = try ForegroundProcessError.executablePath(for: name)
        return try await withTerminalReleased {
            let pid = try ForegroundProcess.spawn(path: path, arguments: arguments)
            return await ForegroundProcess.exitStatus(of: pid)
        }
    }
}

/// Why ``App/runInForeground(_:)`` could not run a program.
public struct ForegroundProcessError: Error, CustomStringConvertible, Sendable {
    /// One line that names the program and the reason: `less: command not found`.
    public let message: String

    public var description: String { message }

    /// The executable `name` names: itself when it has a slash, else the first match in `PATH`.
    static func executablePath(for name: String) throws -> String {
        let shown = TerminalRequirements.printable(name)
        if name.contains("/") {
            guard access(name, X_OK) == 0 else {
                throw ForegroundProcessError(message: "\(shown): \(String(cString: strerror(errno)))")
            }
            return name
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        throw ForegroundProcessError(message: "\(shown): command not found")
    }
}

/// Starting a foreground child and waiting for it off the main actor.
enum ForegroundProcess {
    /// Starts `path` with `arguments`, default signal actions and an empty signal mask.
    static func spawn(path: String, arguments: [String]) throws -> pid_t {
        var attributes = emptySpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTSTP, SIGTTIN, SIGTTOU, SIGPIPE] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, path, nil, &attributes, argv, ProcessEnvironment.block)
        guard result == 0 else {
            throw ForegroundProcessError(message: "\(TerminalRequirements.printable(arguments[0])): \(String(cString: strerror(result)))")
        }
        return pid
    }

    /// Waits for `pid` to end, on a thread of its own; 128 + n for a death by signal n.
    ///
    /// A child that stops by itself (less and vim catch Ctrl-Z and stop only themselves) stops
    /// the app too, so the shell sees the job stopped and `fg` continues both (it signals the
    /// whole process group); otherwise the app would wait for a child nobody can continue.
    static func exitStatus(of pid: pid_t) async -> Int32 {
        await withCheckedContinuation { continuation in
            WaitThread.start {
                var status: Int32 = 0
                while true {
                    if waitpid(pid, &status, WUNTRACED) < 0 {
                        guard errno == EINTR else { return continuation.resume(returning: 127) }
                        continue
                    }
                    guard status & 0xff == 0x7f else { break } // stopped, not ended
                    kill(getpid(), SIGSTOP)
                    kill(pid, SIGCONT) // continued: so is the child, if the shell missed it
                }
                let signal = status & 0x7f
                continuation.resume(returning: signal == 0 ? (status >> 8) & 0xff : 128 + signal)
            }
        }
    }
}
