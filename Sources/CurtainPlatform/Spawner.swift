import CCurtainPlatform

/// What to start, and how (see ``Spawner/spawn(_:)``).
package struct SpawnRequest: Sendable {
    /// The program, then its arguments (the child's `argv`).
    package var arguments: [String]
    /// The file to run when it is not the first argument (a path found beforehand, the
    /// argument staying the name the user gave: `less`, not `/usr/bin/less`).
    package var executable: String?
    /// Whether a program named without a `/` is looked up in `PATH` (`posix_spawnp`).
    package var searchesPath = true
    /// Variables set for the child on top of the program's own environment.
    package var environment: [String: String] = [:]
    /// The child's working directory; the program's when nil.
    package var directory: String?
    /// Where its input, output and errors go.
    package var streams: StandardStreams = .inherited
    /// Which process group it runs in.
    package var group: ProcessGroupChoice = .program
    /// Whether the program's descriptors past the standard three are closed in the child. A
    /// child given the terminal (a pager) keeps them, as `system(3)`'s would.
    package var closesOtherDescriptors = true

    package init(arguments: [String]) { self.arguments = arguments }

    /// The child's standard descriptors.
    package enum StandardStreams: Sendable {
        /// The program's own three.
        case inherited
        /// All three on the terminal at `path`, opened by the child: after ``ProcessGroupChoice/newSession``
        /// it becomes the child's controlling terminal.
        case terminal(path: String)
        /// Output and errors on the terminal at `path` (the child's controlling terminal, as
        /// above), input from `/dev/null`: a command that reads its input reads end of file.
        case terminalOutput(path: String)
        /// Input from `/dev/null`; output and errors into `descriptor` (a pipe's write end).
        case output(into: Int32)
        /// Input from `descriptor`; output and errors to `/dev/null`.
        case input(from: Int32)
    }

    /// The child's process group.
    package enum ProcessGroupChoice: Sendable {
        /// The program's own (a foreground child).
        case program
        /// A new group, led by the child (its pid is the group's id).
        case newGroup
        /// A new session and group, led by the child.
        case newSession
    }
}

/// The one place that starts a process: `posix_spawn`, for a command on a pseudo-terminal or a
/// pipe, a program given the terminal, and the watchdog. Every child starts with the default
/// action for every signal (what the program ignores or handles is none of its business) and
/// an empty signal mask (the program's threads block signals the child must get).
package enum Spawner {
    /// Starts the request's program; its process id, or the error `posix_spawn` returned (no
    /// such program, not executable, no process left).
    package static func spawn(_ request: SpawnRequest) throws(PlatformError) -> pid_t {
        guard let program = request.executable ?? request.arguments.first else { throw PlatformError(code: EINVAL) }
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

        switch request.streams {
        case .inherited:
            break
        case .terminal(let path):
            posix_spawn_file_actions_addopen(&actions, 0, path, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 0, 1)
            posix_spawn_file_actions_adddup2(&actions, 0, 2)
        case .terminalOutput(let path):
            // The first terminal a session leader opens becomes its controlling terminal,
            // whichever descriptor it lands on.
            posix_spawn_file_actions_addopen(&actions, 1, path, O_RDWR, 0)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        case .output(let descriptor):
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_adddup2(&actions, descriptor, 1)
            posix_spawn_file_actions_adddup2(&actions, descriptor, 2)
        case .input(let descriptor):
            posix_spawn_file_actions_adddup2(&actions, descriptor, 0)
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        switch request.group {
        case .program:
            break
        case .newGroup:
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= Int32(POSIX_SPAWN_SETPGROUP)
        case .newSession:
            flags |= curtain_spawn_setsid_flag()
        }
        if request.closesOtherDescriptors {
            let closeOthers = curtain_spawn_close_others(&actions, 3)
            if closeOthers > 0 { flags |= closeOthers }
        }
        if let directory = request.directory { curtain_spawn_chdir(&actions, directory) }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        let argv = request.arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let result: Int32
        if request.environment.isEmpty {
            result = start(&pid, program, request.searchesPath, &actions, &attributes, argv, ProcessEnvironment.block)
        } else {
            let envp = mergedEnvironment(request.environment).map { strdup($0) } + [nil]
            defer { for pointer in envp { free(pointer) } }
            result = start(&pid, program, request.searchesPath, &actions, &attributes, argv, envp)
        }
        guard result == 0 else { throw PlatformError(code: result) }
        return pid
    }

    private static func start(_ pid: inout pid_t, _ program: String, _ searchesPath: Bool,
                              _ actions: inout SpawnFileActions, _ attributes: inout SpawnAttributes,
                              _ argv: [UnsafeMutablePointer<CChar>?],
                              _ envp: UnsafePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
        searchesPath
            ? posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            : posix_spawn(&pid, program, &actions, &attributes, argv, envp)
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
}

/// The pseudo-terminal a child is started on: the master side the program keeps, and the
/// path of the side the child opens (``SpawnRequest/StandardStreams/terminal(path:)``).
package struct PseudoTerminal: Sendable {
    /// The master side: close-on-exec, not the program's controlling terminal.
    package let master: Int32
    /// The slave side's path (`/dev/pts/N`, `/dev/ttysNNN`).
    package let path: String

    /// Opens a pseudo-terminal of `columns` × `rows` (each at least 1).
    package static func open(columns: Int, rows: Int) throws(PlatformError) -> PseudoTerminal {
        var name = [CChar](repeating: 0, count: 128)
        let master = curtain_open_pty(&name, name.count)
        guard master >= 0 else { throw PlatformError(code: errno) }
        let path = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let terminal = PseudoTerminal(master: master, path: path)
        terminal.resize(columns: columns, rows: rows)
        return terminal
    }

    /// Tells the terminal its size (the foreground group of its session gets SIGWINCH).
    package func resize(columns: Int, rows: Int) {
        TerminalControl.setWindowSize(of: master, columns: columns, rows: rows)
    }
}
