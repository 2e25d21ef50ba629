import CCurtainProcess
import CurtainPlatform

/// Starting a child: a pseudo-terminal or a pipe, `posix_spawn` in a new session or process
/// group, default signal actions, an empty mask, no descriptor of the program's but the
/// three standard ones.
enum Spawn {
    struct Started {
        let pid: Int32
        /// The descriptor its output is read from (the terminal's master side, or the pipe).
        let output: Int32
        /// The terminal's master side, for resizing; nil on pipes.
        let terminal: Int32?
    }

    static func start(_ arguments: [String], connection: ChildProcess.Connection,
                      environment: [String: String], directory: String?) throws(ChildProcessError) -> Started {
        var actions = emptySpawnFileActions()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = emptySpawnAttributes()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }

        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var flags = Int32(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK)

        let output: Int32
        let childSide: Int32
        var terminal: Int32?
        switch connection {
        case .terminal(let columns, let rows):
            var name = [CChar](repeating: 0, count: 128)
            let master = curtain_open_pty(&name, name.count)
            guard master >= 0 else { throw failure("no pseudo-terminal", errno) }
            var size = winsize(ws_row: UInt16(clamping: max(1, rows)), ws_col: UInt16(clamping: max(1, columns)),
                               ws_xpixel: 0, ws_ypixel: 0)
            _ = ioctl(master, UInt(TIOCSWINSZ), &size)
            // Opened by the child after setsid: it becomes the child's controlling terminal.
            posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
            flags |= curtain_spawn_setsid_flag()
            output = master
            childSide = -1
            terminal = master
        case .pipes:
            var ends: [Int32] = [0, 0]
            guard curtain_pipe_cloexec(&ends) == 0 else { throw failure("no pipe", errno) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
            output = ends[0]
            childSide = ends[1]
        }
        // The program's other descriptors (its terminal, its files) are none of the child's.
        let closeOthers = curtain_spawn_close_others(&actions, 3)
        if closeOthers > 0 { flags |= closeOthers }
        if let directory { curtain_spawn_chdir(&actions, directory) }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = mergedEnvironment(environment).map { strdup($0) } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let result = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        if childSide >= 0 { close(childSide) }
        guard result == 0 else {
            close(output)
            throw failure(arguments[0], result)
        }
        return Started(pid: pid, output: output, terminal: terminal)
    }

    /// The program's environment with `overrides` set.
    private static func mergedEnvironment(_ overrides: [String: String]) -> [String] {
        var entries: [String] = []
        var pointer = ProcessEnvironment.block
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            let name = text.prefix { $0 != "=" }
            if overrides[String(name)] == nil { entries.append(text) }
            pointer += 1
        }
        for (name, value) in overrides.sorted(by: { $0.key < $1.key }) { entries.append("\(name)=\(value)") }
        return entries
    }

    private static func failure(_ what: String, _ error: Int32) -> ChildProcessError {
        ChildProcessError("\(what): \(String(cString: strerror(error)))")
    }

    /// Runs `body` on a detached thread with the asynchronous signals blocked (the program's
    /// handlers run elsewhere), on a 256 KiB stack — a program may run hundreds of children,
    /// two threads each; false when no thread could be made.
    static func thread(_ body: @escaping @Sendable () -> Void) -> Bool {
        PlatformThread.startDetachedWithSignalsBlocked(stackSize: 256 * 1024, body) == nil
    }
}
