import CurtainPlatform
import CurtainTerminal
import Synchronization

/// A command running in a process group of its own, on a pseudo-terminal (or pipes), its
/// output cut into lines off the main actor, its end awaited, stopped as a group.
///
/// ```swift
/// let child = try ChildProcess(shell: "make test")
/// for await batch in child.output { log.append(ansi: batch) }
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
/// ``OutputBatch``), read and split on a thread of the child's own (below the interface's
/// priority once the child outruns its consumer) and handed over in bounded batches.
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
        /// A pseudo-terminal of this size (the default: 80 × 24).
        case terminal(columns: Int, rows: Int)
        /// Input from `/dev/null`; output and errors into one pipe.
        case pipes
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
    private let ending = Mutex(Ending())

    private struct Ending {
        var termination: Termination?
        var waiters: [CheckedContinuation<Termination, Never>] = []
        /// Set when the group was seen gone and untracked.
        var groupGone = false
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
        if case .terminal = connection, variables["TERM"] == nil { variables["TERM"] = Self.terminalType }
        let spawned = try Spawn.start(arguments, connection: connection, environment: variables, directory: directory)
        processIdentifier = spawned.pid
        terminal = Mutex(spawned.terminal)
        let channel = OutputChannel()
        output = ChildOutput(channel: channel)
        ProcessGroups.add(spawned.pid)
        let reading = spawned.output
        let pid = spawned.pid
        let readerStarted = Spawn.thread { [self] in read(reading, into: channel) }
        let waiterStarted = Spawn.thread { [self] in waitForEnd(of: pid) }
        if !readerStarted || !waiterStarted {
            _ = kill(-pid, SIGKILL)
            if !readerStarted { close(reading); channel.finish() }
            if !waiterStarted { waitForEnd(of: pid) }
        }
    }

    /// Starts `command` with `/bin/sh -c`, so it may hold pipes, `&&`, redirections.
    public convenience init(shell command: String, connection: Connection = .terminal(columns: 80, rows: 24),
                            environment: [String: String] = [:], directory: String? = nil) throws(ChildProcessError) {
        try self.init(["/bin/sh", "-c", command], connection: connection, environment: environment, directory: directory)
    }

    /// How the child ended, once it has (its group may still hold processes it started).
    public var termination: Termination {
        get async {
            await withCheckedContinuation { continuation in
                let ended: Termination? = ending.withLock { state in
                    if let termination = state.termination { return termination }
                    state.waiters.append(continuation)
                    return nil
                }
                if let ended { continuation.resume(returning: ended) }
            }
        }
    }

    /// True while any process of the child's group runs (the child, or what it started).
    public var isGroupRunning: Bool {
        if ending.withLock({ $0.groupGone }) { return false }
        return ProcessGroups.isAlive(processIdentifier)
    }

    /// Tells the child's terminal its new size (the child gets SIGWINCH); nothing on pipes.
    public func resize(columns: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0, ws_ypixel: 0)
        terminal.withLock { terminal in
            guard let terminal else { return }
            _ = ioctl(terminal, UInt(TIOCSWINSZ), &size)
        }
    }

    /// Stops the child's whole process group: SIGTERM and SIGCONT (a stopped process must run
    /// to end), then SIGKILL to whatever still runs after `grace`. Returns once the group is
    /// gone (re-checked every few milliseconds, never a fixed wait), with how the child
    /// ended — which may be on its own, before the stop.
    @discardableResult
    public func stop(grace: Duration = .seconds(3)) async -> Termination {
        if !ending.withLock({ $0.groupGone }) {
            await ProcessGroups.stop(processIdentifier, grace: grace)
            markGroupGone()
        }
        return await termination
    }

    /// Forgets the group once nothing of it runs.
    func markGroupGone() {
        let first: Bool = ending.withLock { state in
            defer { state.groupGone = true }
            return !state.groupGone
        }
        if first { ProcessGroups.remove(processIdentifier) }
    }

    // MARK: - Threads

    /// Reads `descriptor` until every writer closed it (EOF, or EIO on a terminal). While the
    /// channel holds a batch back for its hand-over interval, the thread waits for more output
    /// or that time, whichever comes first (with `select` on Darwin, whose `poll` rejects a
    /// terminal; see ``Readiness``), and otherwise sleeps in `read`.
    ///
    /// Once the consumer falls behind (the queue is full: the child writes faster than its
    /// output is taken), the thread goes below the interface's priority for good: a child
    /// writing as fast as it can keeps it busy (reading, cutting, and for a log reading the
    /// lines into its lines), and on a contended machine the main actor — keys, frames — and
    /// the terminal then go first; the child waits on its writes a little longer, as on a slow
    /// terminal. A child that never outruns its consumer keeps a reader at the default
    /// priority, so its lines reach the screen with no more delay than a key.
    private func read(_ descriptor: Int32, into channel: OutputChannel) {
        var lowered = false
        var lines = OutputLines(limit: ChildOutput.maximumByteCount)
        let size = 64 * 1024
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 1)
        defer { buffer.deallocate() }
        // The session's kind (`CURTAIN_WAIT`, so the tests run Darwin's `select` here too).
        let kind = (try? ReadinessKind.named(ProcessEnvironment.value("CURTAIN_WAIT"))) ?? .systemDefault
        let readiness = try? kind.make(for: [descriptor])
        var handOverDue: Int64?
        while true {
            if let due = handOverDue {
                let now = monotonicNanoseconds()
                if readiness == nil, now < due {
                    // No way to wait on this descriptor (beyond `select`'s range): sleep out
                    // the interval instead of holding the batch until the next output.
                    var pause = timespec(tv_sec: 0, tv_nsec: Int(due - now))
                    _ = nanosleep(&pause, nil)
                }
                if now >= due || readiness.map({ $0.wait([descriptor], timeoutNanoseconds: due - now) == .timedOut }) ?? true {
                    handOverDue = channel.deliverIfDue(now: monotonicNanoseconds())
                    continue
                }
            }
            let count = CurtainPlatform.read(descriptor, buffer.baseAddress, size)
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            let chunk = UnsafeRawBufferPointer(rebasing: buffer[..<count])
            handOverDue = channel.put(lines: lines.feed(chunk), openLine: lines.openLine, bytes: count,
                                      now: monotonicNanoseconds())
            if !lowered, channel.consumerFellBehind {
                lowerCurrentThreadPriority()
                lowered = true
            }
        }
        terminal.withLock { terminal in
            close(descriptor)
            terminal = nil
        }
        if let last = lines.finish() {
            _ = channel.put(lines: [last], openLine: "", bytes: last.utf8.count, now: monotonicNanoseconds())
        }
        channel.finish()
    }

    /// Waits for the child to end and tells those awaiting ``termination``.
    private func waitForEnd(of pid: Int32) {
        var status: Int32 = 0
        var result: Termination = .signaled(SIGKILL)
        while true {
            if waitpid(pid, &status, 0) >= 0 {
                result = Termination(waitStatus: status)
                break
            }
            if errno != EINTR { break }
        }
        if !ProcessGroups.isAlive(pid) { markGroupGone() }
        let waiters = ending.withLock { state in
            state.termination = result
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume(returning: result) }
    }
}
