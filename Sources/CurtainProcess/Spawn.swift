import CurtainPlatform

/// Starting a child for ``ChildProcess``: a pseudo-terminal (the child leads a session on it)
/// or a pipe (the child leads a process group), through the system layer's one spawner.
enum Spawn {
    struct Started {
        let pid: Int32
        /// The descriptor its output is read from (the terminal's master side, or the pipe).
        let output: Int32
        /// The terminal's master side, for resizing; nil on pipes.
        let terminal: Int32?
        /// The terminal's slave side's path; nil on pipes.
        var terminalPath: String? = nil
    }

    static func start(_ arguments: [String], connection: ChildProcess.Connection,
                      environment: [String: String], directory: String?) throws(ChildProcessError) -> Started {
        var request = SpawnRequest(arguments: arguments)
        request.environment = environment
        request.directory = directory
        switch connection {
        case .terminal(let columns, let rows), .outputTerminal(let columns, let rows):
            let terminal: PseudoTerminal
            do { terminal = try PseudoTerminal.open(columns: columns, rows: rows) } catch {
                throw ChildProcessError("no pseudo-terminal: \(error)")
            }
            if case .terminal = connection {
                request.streams = .terminal(path: terminal.path)
            } else {
                request.streams = .terminalOutput(path: terminal.path)
            }
            request.group = .newSession
            do {
                let pid = try Spawner.spawn(request)
                return Started(pid: pid, output: terminal.master, terminal: terminal.master, terminalPath: terminal.path)
            } catch {
                close(terminal.master)
                throw ChildProcessError("\(arguments[0]): \(error)")
            }
        case .pipes:
            let pipe: DescriptorPair
            do { pipe = try DescriptorPair.pipe() } catch { throw ChildProcessError("no pipe: \(error)") }
            request.streams = .output(into: pipe.write)
            request.group = .newGroup
            defer { close(pipe.write) }
            do {
                let pid = try Spawner.spawn(request)
                return Started(pid: pid, output: pipe.read, terminal: nil)
            } catch {
                close(pipe.read)
                throw ChildProcessError("\(arguments[0]): \(error)")
            }
        }
    }
}
