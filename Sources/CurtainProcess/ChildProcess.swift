import Curtain
import CurtainLayout
import CurtainPlatform
import Synchronization

/// A command running in a process group of its own, on a pseudo-terminal (or pipes), its
/// output cut into lines off the main actor, its end awaited, stopped as a group.
///
/// ```swift
/// let child = try ChildProcess(shell: "make test")
/// for await batch in child.output {
///     for line in batch.lines { log.append(ansi: line) }
///     log.showOpenLine(ansi: batch.openLine)
/// }
/// let ended = await child.termination          // .exited(0), .signaled(9)…
/// ```
///
/// **A terminal, by default.** The child runs on a pseudo-terminal of the given size, with
/// `TERM` set to ``terminalType``, as it would in a terminal: it writes line by line (not in
/// 4 KiB blocks, as a program writing into a pipe does), in colour (`ls --color=auto`, test
/// runners, compilers), and its `/dev/tty` is that terminal, not the user's. It leads a
/// session and a process group of its own; ``resize(columns:rows:)`` sends it SIGWINCH.
/// ``Connection/pipes`` gives it `/dev/null` as input and one pipe for both outputs instead.
///
/// **Output** (``output``): complete lines, and the open line as it grows (see
/// ``OutputBatch``), read and split on the one thread that watches every child (below the
/// interface's priority once a child outruns its consumer) and handed over in bounded batches.
/// Its end (``termination``) is told by the same thread the moment the child ends: a program
/// runs one thread for all its children, however many.
///
/// **Stopping** (``stop(grace:)``): SIGTERM and SIGCONT to the whole group, then SIGKILL to
/// whatever is left after the grace; the group is re-checked as it goes, so a stop takes as
/// long as the group takes to end and no longer.
///
/// **Nothing outlives the program.** Every group is tracked while it runs (no limit on how
/// many). However the program ends — a return from `main`, `exit`, a signal, a closed
/// terminal, even SIGKILL — a watchdog process it started with the first child sends each
/// group left SIGHUP, SIGTERM and SIGCONT, then SIGKILL after three seconds.
public final class ChildProcess: Sendable {
    /// How the child's input and output are connected.
    public enum Connection: Sendable, Hashable {
        /// A pseudo-terminal of this size (the default: 80 × 24), input included.
        case terminal(columns: Int, rows: Int)
        /// A pseudo-terminal of this size for the output and errors (colours, line by line,
        /// `/dev/tty`), and input at end of file (`/dev/null`): a command that reads its input
        /// (`read`, `cat`) gets nothing and goes on instead of waiting for keys nobody sends.
        case outputTerminal(columns: Int, rows: Int)
        /// Input from `/dev/null`; output and errors into one pipe.
        case pipes

        /// The terminal's size, nil on pipes.
        var terminalSize: (columns: Int, rows: Int)? {
            switch self {
            case .terminal(let columns, let rows), .outputTerminal(let columns, let rows): (columns, rows)
            case .pipes: nil
            }
        }
    }

    /// The `TERM` a child on a terminal gets: colours and attributes, which a ``Log`` shows.
    public static let terminalType = "xterm-256color"

    /// The child's process id, which is also its process group's id.
    public let processIdentifier: Int32

    /// Its output; iterate it once (see ``ChildOutput``).
    public let output: ChildOutput

    /// The terminal's master side while it is open (nil on pipes): the reading thread closes
    /// it at the end of the output, under this lock, so a resize never reaches a descriptor
    /// number the program has since reused.
    private let terminal: Mutex<Int32?>
    /// How the child ended, once it has.
    private let ended = Promise<Termination>()
    /// Set when the group was seen gone and untracked.
    private let groupGone = Mutex(false)
    /// Every process of the command: its session on a terminal, its group on pipes.
    private let processes: CommandProcesses
    /// The colours the child's text is shown in, for its colour questions (OSC 10/11): nil
    /// until whoever shows it says (``Log/follow(_:eachLine:)``), and the questions asked
    /// before then, answered when it does (a child asks as it starts, often before its log
    /// follows it).
    private let colorAnswers = Mutex(ColorAnswers())

    private struct ColorAnswers {
        var colors: TerminalColors?
        var waiting: [TerminalQueries.Question] = []
    }

    /// Starts `arguments` (the program, found on `PATH` when it has no `/`, then its
    /// arguments).
    ///
    /// - Parameters:
    ///   - connection: a terminal of a size (the default) or pipes.
    ///   - environment: variables set for the child on top of the program's own.
    ///   - directory: the child's working directory; the program's when nil.
    /// - Throws: ``ChildProcessError`` when the program cannot be found or started.
    public init(_ arguments: [String], connection: Connection = .terminal(columns: 80, rows: 24),
                environment: [String: String] = [:], directory: String? = nil) throws(ChildProcessError) {
        guard let program = arguments.first, !program.isEmpty else { throw ChildProcessError("no program to run") }
        var variables = environment
        if connection.terminalSize != nil, variables["TERM"] == nil { variables["TERM"] = Self.terminalType }
        let spawned = try Spawn.start(arguments, connection: connection, environment: variables, directory: directory)
        processIdentifier = spawned.pid
        terminal = Mutex(spawned.terminal)
        let channel = OutputChannel()
        output = ChildOutput(channel: channel)
        let processes = CommandProcesses(leader: spawned.pid, terminal: spawned.terminalPath)
        self.processes = processes
        processes.track()
        let pid = spawned.pid
        let reader = OutputReader(descriptor: spawned.output, channel: channel, processes: processes,
                                  colors: { [self] question in
                                      colorAnswers.withLock { answers in
                                          if answers.colors == nil { answers.waiting.append(question) }
                                          return answers.colors
                                      }
                                  }) { [self] in
            terminal.withLock { $0 = nil }
        }
        do {
            let token = try ChildWatcher.shared.watchOutput(spawned.output, reader)
            channel.setRoomHandler { ChildWatcher.shared.resume(token) }
            try ChildWatcher.shared.watchExit(of: pid) { [self] status in
                childEnded(status.map(Termination.init) ?? .signaled(SIGKILL))
                // The output ends once nothing of the command runs, even when a process that
                // left its session on purpose still holds the terminal open.
                reader.leaderEnded()
                ChildWatcher.shared.reconsider(token, due: monotonicNanoseconds())
            }
        } catch {
            // No thread to watch it: nothing would ever read or reap it.
            processes.send(SIGKILL)
            _ = Reaper.wait(for: pid)
            processes.untrack()
            close(spawned.output)
            throw ChildProcessError("no thread to watch \(program): \(error)")
        }
    }

    /// Starts `command` with `/bin/sh -c`, so it may hold pipes, `&&`, redirections. A command
    /// that starts with `-` is a command too: `--` ends the shell's options before it (`sh -c
    /// -x` took `-x` for an option and said "-c requires an argument").
    public convenience init(shell command: String, connection: Connection = .terminal(columns: 80, rows: 24),
                            environment: [String: String] = [:], directory: String? = nil) throws(ChildProcessError) {
        try self.init(["/bin/sh", "-c", "--", command], connection: connection, environment: environment, directory: directory)
    }

    /// How the child ended, once it has — told the moment it ends (its session or group may
    /// still hold processes it started: see ``isGroupRunning``).
    public var termination: Termination {
        get async { await ended.value }
    }

    /// True while any process of the command runs: the child, or what it started in its
    /// session on a terminal (whatever process group it made, as `timeout` and a shell's job
    /// control do), or in its process group on pipes.
    public var isGroupRunning: Bool {
        if groupGone.withLock({ $0 }) { return false }
        return processes.areRunning
    }

    /// Tells the child the colours its text is shown in: its terminal's answers to the colour
    /// questions (OSC 10 and 11) from then on. `Log.follow` tells its log's.
    package func showsText(in colors: TerminalColors) {
        let waiting = colorAnswers.withLock { answers in
            answers.colors = colors
            defer { answers.waiting = [] }
            return answers.waiting
        }
        guard !waiting.isEmpty else { return }
        terminal.withLock { terminal in
            guard let terminal else { return }
            for question in waiting {
                guard let bytes = TerminalQueries.answer(question, row: 1, column: 1, colors: colors) else { continue }
                _ = bytes.withUnsafeBytes { write(terminal, $0.baseAddress, $0.count) }
            }
        }
    }

    /// Tells the child's terminal its new size (the child gets SIGWINCH); nothing on pipes.
    public func resize(columns: Int, rows: Int) {
        terminal.withLock { terminal in
            guard let terminal else { return }
            TerminalControl.setWindowSize(of: terminal, columns: columns, rows: rows)
        }
    }

    /// Stops the whole command — its session on a terminal, whatever groups it made in it, or
    /// its process group on pipes: SIGTERM and SIGCONT (a stopped process must run to end),
    /// then SIGKILL to whatever still runs after `grace`. Returns once nothing of it runs
    /// (re-checked every few milliseconds, never a fixed wait), with how the child ended —
    /// which may be on its own, before the stop. A process that left the session (`setsid`)
    /// but still holds the command's terminal gets the same signals: the stop waits for it
    /// within `grace` and kills it after, and its holding the terminal keeps the output
    /// waiting no longer than the session runs.
    @discardableResult
    public func stop(grace: Duration = .seconds(3)) async -> Termination {
        if !groupGone.withLock({ $0 }) {
            await processes.stop(grace: grace)
            markGroupGone()
        }
        return await termination
    }

    /// Forgets the command's processes once none of them runs.
    func markGroupGone() {
        let first: Bool = groupGone.withLock { gone in
            defer { gone = true }
            return !gone
        }
        if first { processes.untrack() }
    }

    /// Tells those awaiting ``termination`` how the child ended (on the watcher's thread).
    private func childEnded(_ result: Termination) {
        if !processes.areRunningNow { markGroupGone() }
        ended.fulfil(result)
    }
}

/// A child's output as the watcher reads it: what is readable is read (the descriptor does not
/// block), cut into lines and handed to the channel; when the channel is full the watcher stops
/// reading it until the consumer takes a batch, and when a batch is held back for its interval,
/// the watcher comes back at its due time.
///
/// Once a consumer falls behind (the child writes faster than its output is taken), the
/// watcher's thread goes below the interface's priority for good: a child writing as fast as it
/// can keeps it busy (reading, cutting, and for a log reading the lines into its lines), and on
/// a contended machine the main actor — keys, frames — and the terminal then go first; the
/// child waits on its writes a little longer, as on a slow terminal. While no child ever
/// outruns its consumer the thread keeps the default priority, so a line reaches the screen
/// with no more delay than a key.
final class OutputReader: WatchedOutput, @unchecked Sendable {
    // @unchecked: the watcher calls it from its one thread only, one call at a time.
    private let descriptor: Int32
    private let channel: OutputChannel
    /// Forgets the terminal's descriptor before it is closed (no resize reaches a number the
    /// program has since reused).
    private let forgetTerminal: @Sendable () -> Void
    /// The command's processes: once its leader ended and none of them runs, the output ends.
    private let processes: CommandProcesses
    /// Set (on the watcher's thread) when the leader ended.
    private var leaderHasEnded = false
    /// When to look again whether the command still runs, after its leader ended.
    private var nextLook: Int64?
    private var lookInterval: Int64 = 10_000_000
    private var lines = OutputLines(limit: ChildOutput.maximumByteCount)
    /// Answers the terminal's questions the child asks (a terminal only; see ``TerminalQueries``).
    private var queries: TerminalQueries?
    /// Lines the child completed so far, for the cursor's row.
    private var linesSeen = 0
    private let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 1)

    /// Whether the watcher's thread was lowered (it is one thread for every child).
    private static let lowered = Atomic(false)

    /// The colours the child's text is shown in, for a colour question; nil while they are not
    /// known (the question is then answered when they are).
    private let colors: @Sendable (TerminalQueries.Question) -> TerminalColors?

    init(descriptor: Int32, channel: OutputChannel, processes: CommandProcesses,
         colors: @escaping @Sendable (TerminalQueries.Question) -> TerminalColors?,
         forgetTerminal: @escaping @Sendable () -> Void) {
        self.descriptor = descriptor
        self.channel = channel
        self.processes = processes
        self.colors = colors
        self.forgetTerminal = forgetTerminal
        queries = processes.terminal == nil ? nil : TerminalQueries()
    }

    /// The leader ended (the watcher's thread): from now on the output ends as soon as nothing
    /// of the command runs, whoever else holds its terminal (see ``due(now:)``).
    func leaderEnded() {
        leaderHasEnded = true
        nextLook = 0
    }

    deinit { buffer.deallocate() }

    func readable(now: Int64) -> OutputInterest {
        let count = read(descriptor, buffer.baseAddress, buffer.count)
        if count < 0, errno == EINTR || errno == EAGAIN {
            return OutputInterest(due: channel.deliverIfDue(now: monotonicNanoseconds()))
        }
        // The end: EOF on a pipe, EIO on a terminal whose every other side closed.
        guard count > 0 else { return end() }
        let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
        let completed = lines.feed(chunk)
        linesSeen += completed.count
        if let asked = queries?.questions(in: chunk), !asked.isEmpty { answer(asked) }
        let put = channel.put(lines: completed, openLine: lines.openLine, bytes: count, now: monotonicNanoseconds())
        if channel.consumerFellBehind, !Self.lowered.exchange(true, ordering: .relaxed) {
            lowerCurrentThreadPriority()
        }
        return OutputInterest(paused: put.full, due: earliest(put.due, nextLook))
    }

    /// Writes the answers to the child's terminal, the cursor where its text has put it.
    private func answer(_ questions: [TerminalQueries.Question]) {
        let size = TerminalControl.windowSize(of: descriptor) ?? (columns: 80, rows: 24)
        let row = min(linesSeen + 1, size.rows)
        let column = min(TextWidth.of(TerminalQueries.shownText(lines.openLine)) + 1, size.columns)
        for question in questions {
            let colors: TerminalColors?
            switch question {
            case .foregroundColor, .backgroundColor: colors = self.colors(question)
            default: colors = nil
            }
            guard let bytes = TerminalQueries.answer(question, row: row, column: column, colors: colors) else { continue }
            _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        }
    }

    func due(now: Int64) -> OutputInterest {
        if let look = nextLook, look <= now {
            // After the leader: what still runs of the command keeps the output open; once
            // nothing does, what is left in the terminal is read and the output ends — a
            // process that escaped the session may hold the terminal for ever. Looked at again
            // after 10 ms, doubling up to a second while something runs.
            if !processes.areRunningNow { return drainAndEnd() }
            nextLook = now + lookInterval
            lookInterval = min(lookInterval * 2, 1_000_000_000)
        }
        // A pause stands until the channel's room handler resumes the reading (the watcher
        // keeps it: only a read's answer pauses).
        return OutputInterest(due: earliest(channel.deliverIfDue(now: now), nextLook))
    }

    private func earliest(_ one: Int64?, _ other: Int64?) -> Int64? {
        switch (one, other) {
        case let (one?, other?): min(one, other)
        case let (one?, nil): one
        case let (nil, other?): other
        case (nil, nil): nil
        }
    }

    /// Reads what the terminal still holds (the descriptor does not block), hangs up what
    /// still holds it (what the command sent off on its own), then ends.
    private func drainAndEnd() -> OutputInterest {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            guard count > 0 else {
                // EAGAIN: someone still holds the other side (EIO, or the end of a pipe: nobody
                // does). Only then is every process's descriptors looked at for who.
                if count < 0, errno == EAGAIN { processes.hangUpTerminalHolders() }
                break
            }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            _ = channel.put(lines: lines.feed(chunk), openLine: lines.openLine, bytes: count, now: monotonicNanoseconds())
        }
        return end()
    }

    private func end() -> OutputInterest {
        forgetTerminal()
        close(descriptor)
        if let last = lines.finish() {
            _ = channel.put(lines: [last], openLine: "", bytes: last.utf8.count, now: monotonicNanoseconds())
        }
        channel.finish()
        return OutputInterest(ended: true)
    }
}
