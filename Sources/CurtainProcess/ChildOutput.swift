import Curtain
import CurtainPlatform
import Synchronization

/// What a child wrote since the last batch: the lines it completed, oldest first, and its
/// open line as it stands now.
public struct OutputBatch: Sendable, Equatable {
    /// Lines the child ended with a newline since the last batch (the newline not included).
    /// The first one completes the open line the last batch showed.
    public var lines: [String]
    /// The text after the last newline so far — a prompt, a progress bar — or empty. It is
    /// shown again, longer or completed, by a later batch.
    public var openLine: String

    public init(lines: [String], openLine: String) {
        self.lines = lines
        self.openLine = openLine
    }
}

/// A child's output, in batches of bounded size (see ``OutputBatch``), as an async sequence.
/// It ends when every process that holds the child's terminal or pipe has closed it.
///
/// Read on the one thread that watches every child (the system layer's `ChildWatcher`) and cut
/// into lines there; a batch holds at most
/// ``maximumLineCount`` lines or about ``maximumByteCount`` bytes, so whoever consumes it does
/// a bounded piece of work per batch. (`Log.follow` has the lines read into the log's lines on
/// that thread too: the main actor only stores them.) When the consumer is slower than the
/// child, batches wait, then the child's output is not read until the consumer takes one, and
/// the child waits on its writes, as it would on a slow terminal: memory stays bounded.
///
/// One consumer: a second iteration, or a `log.follow(child)` after one, is a programming error
/// that stops the program with a message saying so (it used to end at once, silently showing
/// nothing).
public struct ChildOutput: AsyncSequence, Sendable {
    public typealias Element = OutputBatch
    public typealias Failure = Never

    /// Lines a batch holds at most.
    public static let maximumLineCount = 2_000
    /// Bytes of text a batch holds before another starts (a line longer than this is cut).
    public static let maximumByteCount = 64 * 1024

    let channel: OutputChannel

    public func makeAsyncIterator() -> Iterator {
        precondition(channel.claim(), "a child's output has one consumer: it is already iterated or followed by a log")
        return Iterator(channel: channel)
    }

    public struct Iterator: AsyncIteratorProtocol {
        let channel: OutputChannel?

        public mutating func next() async -> OutputBatch? {
            await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> OutputBatch? {
            guard case .text(let batch)? = await channel?.take() else { return nil }
            return batch
        }
    }
}

/// A batch as the reading thread queues it: the child's text, or — once a log follows the
/// output (``OutputChannel/claimForReading()``) — that text read into the log's lines.
enum QueuedBatch: Sendable {
    case text(OutputBatch)
    case read(ReadBatch)

    /// Adds what came after it (the open line is the later one's).
    mutating func append(_ later: QueuedBatch) {
        switch (self, later) {
        case (.text(var batch), .text(let more)):
            batch.lines += more.lines
            batch.openLine = more.openLine
            self = .text(batch)
        case (.read(var batch), .read(let more)):
            if let lines = more.lines {
                if batch.lines == nil { batch.lines = lines } else { batch.lines?.append(lines) }
            }
            batch.openLine = more.openLine
            self = .read(batch)
        default:
            preconditionFailure("a channel queues one kind of batch at a time")
        }
    }
}

/// A batch read into a log's lines (see ``LogLineReader``), ready to be stored.
struct ReadBatch: Sendable {
    /// The batch's complete lines, nil when it has none.
    var lines: LogLineReader.ReadLines?
    /// The open line, nil when there is none.
    var openLine: LogLineReader.ReadLines?
}

extension LogLineReader {
    /// `batch` read into a log's lines: each of its lines one log line (they were cut once, by
    /// ``OutputLines``), its open line from where they leave off.
    mutating func read(_ batch: OutputBatch) -> ReadBatch {
        var read = ReadBatch()
        if !batch.lines.isEmpty { read.lines = self.read(lines: batch.lines) }
        if !batch.openLine.isEmpty { read.openLine = self.read(openLine: batch.openLine) }
        return read
    }
}

/// The hand-over between the reading thread and the consumer: a few batches queued, a new
/// piece merged into the last one while it has room, the reader paused when all are full
/// (``put(lines:openLine:bytes:now:)`` says so; the first batch taken then calls the room
/// handler, which has the watcher read the child again).
///
/// A waiting consumer is woken at most once a frame interval (``FramePacing/interval``): what
/// arrives sooner after the last hand-over is merged and handed over when the interval is up
/// (the reader waits on the descriptor until then, see ``deliverIfDue(now:)``). A child that
/// flushes every few milliseconds so costs the consumer sixty wake-ups a second, not hundreds
/// — each is a hop onto the consumer's executor — and its lines are on screen no later: the app draws
/// changes from outside its loop at most once a frame interval anyway. A full batch is handed
/// over at once. A line after a quiet spell is handed over at once too.
///
/// A log that follows the output claims it with ``claimForReading()``: from then on the
/// reading thread also reads each piece into the log's lines (``LogLineReader``) before it
/// queues it, so the consumer — the main actor — only stores them, and the whole cost of a
/// child's output is on the one thread that reads it (see ``ChildProcess``: once its consumer
/// fell behind, it runs below the interface's priority).
final class OutputChannel: Sendable {
    /// Batches queued before the reader pauses.
    static let capacity = 4

    /// The shortest time between two wake-ups of a waiting consumer, in nanoseconds.
    static let minimumHandOverInterval = Int64(FramePacing.interval * 1e9)

    private struct State {
        var queue: [QueuedBatch] = []
        var queuedBytes: [Int] = []
        var queuedLines: [Int] = []
        var finished = false
        var claimed = false
        /// The consumer went away: batches are dropped, the reader never pauses.
        var abandoned = false
        /// The reader was told the queue is full and reads no more until told there is room.
        var readerPaused = false
        /// Tells the reader there is room again (the watcher resumes reading the child).
        var roomHandler: (@Sendable () -> Void)?
        /// The consumer waiting for the next batch (nil: the end).
        var waiter: Promise<QueuedBatch?>?
        /// When the consumer last got a batch (monotonic nanoseconds).
        var lastHandOver = Int64.min / 2
        /// Set once a log claimed the output: every batch is queued read into its lines.
        var readsLines = false
        /// Set the first time the queue was full: the consumer fell behind.
        var fellBehind = false
        /// The log's reader while nobody reads with it (the reading thread takes it out to read
        /// a piece outside the lock: it alone reads once the claim is made).
        var reader: LogLineReader?

        /// `batch` in the kind the queue holds: text that came in while a log claimed the
        /// output is read here, under the lock (a piece of one read at most, once).
        mutating func queued(_ batch: QueuedBatch) -> QueuedBatch {
            guard readsLines, case .text(let text) = batch else { return batch }
            return .read(reader!.read(text))
        }

        /// The room handler, when the reader is paused: it is to be called (outside the lock),
        /// and the reader is no longer paused.
        mutating func takeRoomHandlerIfPaused() -> (@Sendable () -> Void)? {
            guard readerPaused else { return nil }
            readerPaused = false
            return roomHandler
        }

        mutating func removeFirst() -> QueuedBatch {
            queuedLines.removeFirst()
            queuedBytes.removeFirst()
            return queue.removeFirst()
        }
    }

    private let state = Mutex(State())

    /// What a ``put(lines:openLine:bytes:now:)`` tells the reader.
    struct Put: Equatable {
        /// When to call ``deliverIfDue(now:)`` (monotonic nanoseconds), nil when nothing is held back.
        var due: Int64?
        /// The queue is full: read no more until the room handler is called.
        var full: Bool
    }

    /// Sets what tells the reader there is room again after a full ``Put``. Set before the
    /// reading starts.
    func setRoomHandler(_ handler: @escaping @Sendable () -> Void) {
        state.withLock { $0.roomHandler = handler }
    }

    func claim() -> Bool {
        state.withLock { state in
            defer { state.claimed = true }
            return !state.claimed
        }
    }

    /// Claims the output for a log (see the type's description): what is queued already is read
    /// into its lines now, on the caller's thread — at most ``capacity`` batches, and in
    /// practice nothing, since a log follows a child as soon as it starts it. False when the
    /// output was claimed already.
    func claimForReading() -> Bool {
        state.withLock { state in
            guard !state.claimed else { return false }
            state.claimed = true
            var reader = LogLineReader()
            state.queue = state.queue.map { batch in
                guard case .text(let text) = batch else { return batch }
                return .read(reader.read(text))
            }
            state.reader = reader
            state.readsLines = true
            return true
        }
    }

    /// Hands `lines` and the open line over, read into a log's lines first when a log claimed
    /// the output, merged into the last batch while it has room. Never waits: when the queue is
    /// full the reader is told to pause (``Put/full``) until the room handler is called. Reader
    /// side.
    func put(lines: [String], openLine: String, bytes: Int, now: Int64) -> Put {
        var batch = QueuedBatch.text(OutputBatch(lines: lines, openLine: openLine))
        let count = lines.count
        if var reader = state.withLock({ state in state.readsLines ? state.reader.take() : nil }) {
            // Read here, outside the lock: the consumer takes batches meanwhile.
            if case .text(let text) = batch { batch = .read(reader.read(text)) }
            state.withLock { $0.reader = reader }
        }
        let full: Bool = state.withLock { state in
            if state.abandoned { return false }
            if let last = state.queue.indices.last,
               state.queuedLines[last] + count <= ChildOutput.maximumLineCount,
               state.queuedBytes[last] + bytes <= ChildOutput.maximumByteCount {
                state.queue[last].append(state.queued(batch))
                state.queuedLines[last] += count
                state.queuedBytes[last] += bytes
            } else {
                state.queue.append(state.queued(batch))
                state.queuedLines.append(count)
                state.queuedBytes.append(bytes)
            }
            // A waiting consumer means an empty queue or one held back for less than an
            // interval, so this is full only while the consumer is busy.
            guard state.queue.count >= Self.capacity else { return false }
            state.fellBehind = true
            state.readerPaused = true
            return true
        }
        return Put(due: deliverIfDue(now: now), full: full)
    }

    /// True once the queue was full: the child writes faster than its output is taken (see
    /// ``ChildProcess``: the reading thread then yields to the interface).
    var consumerFellBehind: Bool { state.withLock { $0.fellBehind } }

    /// Hands the first queued batch to a waiting consumer if its interval is up (or a full
    /// batch waits behind it); otherwise returns when to call again. Reader side.
    func deliverIfDue(now: Int64) -> Int64? {
        enum Decision {
            case nothing, later(Int64)
            case now(Promise<QueuedBatch?>, QueuedBatch, (@Sendable () -> Void)?)
        }
        let decision: Decision = state.withLock { state in
            guard let waiter = state.waiter, !state.queue.isEmpty else { return .nothing }
            let due = state.lastHandOver + Self.minimumHandOverInterval
            guard now >= due || state.queue.count > 1 else { return .later(due) }
            state.waiter = nil
            state.lastHandOver = now
            return .now(waiter, state.removeFirst(), state.takeRoomHandlerIfPaused())
        }
        switch decision {
        case .nothing: return nil
        case .later(let due): return due
        case .now(let waiter, let batch, let room):
            room?()
            waiter.fulfil(batch)
            return nil
        }
    }

    /// No more output. Reader side.
    func finish() {
        let handOver: (Promise<QueuedBatch?>, QueuedBatch?)? = state.withLock { state in
            state.finished = true
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            // A batch held back for its interval goes now: nothing follows it.
            guard !state.queue.isEmpty else { return (waiter, nil) }
            return (waiter, state.removeFirst())
        }
        guard let (waiter, batch) = handOver else { return }
        waiter.fulfil(batch)
    }

    /// The next batch, or nil once the output ended (or the consuming task was cancelled:
    /// then later output is dropped). Consumer side. It runs on the caller's executor: the
    /// reader's resume goes straight to the consumer (the main actor for `Log.follow` and for
    /// a program that reads the batches there), not through a thread of the global pool and
    /// back.
    nonisolated(nonsending) func take() async -> QueuedBatch? {
        if Task.isCancelled {
            abandon()
            return nil
        }
        return await withTaskCancellationHandler {
            let waiter = Promise<QueuedBatch?>()
            let ready: (batch: QueuedBatch?, room: (@Sendable () -> Void)?)? = state.withLock { state in
                if !state.queue.isEmpty {
                    // The consumer is running: taking what is queued wakes nobody.
                    state.lastHandOver = monotonicNanoseconds()
                    return (state.removeFirst(), state.takeRoomHandlerIfPaused())
                }
                if state.finished || state.abandoned { return (nil, nil) }
                state.waiter = waiter
                return nil
            }
            if let ready {
                ready.room?()
                return ready.batch
            }
            return await waiter.value
        } onCancel: {
            abandon()
        }
    }

    private func abandon() {
        let (waiter, room) = state.withLock { state in
            state.abandoned = true
            state.queue = []
            state.queuedLines = []
            state.queuedBytes = []
            defer { state.waiter = nil }
            return (state.waiter, state.takeRoomHandlerIfPaused())
        }
        room?()
        waiter?.fulfil(nil)
    }
}
