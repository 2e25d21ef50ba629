import Curtain
import CurtainTerminal
import Dispatch
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
/// Read on a thread of the child's own and cut into lines there; a batch holds at most
/// ``maximumLineCount`` lines or about ``maximumByteCount`` bytes, so whoever consumes it (a
/// log reading it into lines, then the main actor storing them) does a bounded piece of work
/// per batch. When the consumer is slower than the child, batches wait, then reading waits,
/// and the child waits on its writes, as it would on a slow terminal: memory stays bounded.
///
/// One consumer: a second iteration finds the sequence already used and ends at once.
public struct ChildOutput: AsyncSequence, Sendable {
    public typealias Element = OutputBatch
    public typealias Failure = Never

    /// Lines a batch holds at most.
    public static let maximumLineCount = 2_000
    /// Bytes of text a batch holds before another starts (a line longer than this is cut).
    public static let maximumByteCount = 64 * 1024

    let channel: OutputChannel

    public func makeAsyncIterator() -> Iterator { Iterator(channel: channel.claim() ? channel : nil) }

    public struct Iterator: AsyncIteratorProtocol {
        let channel: OutputChannel?

        public mutating func next() async -> OutputBatch? {
            await next(isolation: nil)
        }

        public mutating func next(isolation actor: isolated (any Actor)?) async -> OutputBatch? {
            guard let channel else { return nil }
            return await channel.take()
        }
    }
}

/// The hand-over between the reading thread and the consumer: a few batches queued, a new
/// piece merged into the last one while it has room, the reader held when all are full.
///
/// A waiting consumer is woken at most once a frame interval (``FramePacing/interval``): what
/// arrives sooner after the last hand-over is merged and handed over when the interval is up
/// (the reader waits on the descriptor until then, see ``deliverIfDue(now:)``). A child that
/// flushes every few milliseconds so costs the consumer sixty wake-ups a second, not hundreds
/// — each is a hop onto the consumer's executor — and its lines are on screen no later: the app draws
/// changes from outside its loop at most once a frame interval anyway. A full batch is handed
/// over at once. A line after a quiet spell is handed over at once too.
final class OutputChannel: Sendable {
    /// Batches queued before the reader waits.
    static let capacity = 4

    /// The shortest time between two wake-ups of a waiting consumer, in nanoseconds.
    static let minimumHandOverInterval = Int64(FramePacing.interval * 1e9)

    private struct State {
        var queue: [OutputBatch] = []
        var queuedBytes: [Int] = []
        var finished = false
        var claimed = false
        /// The consumer went away: batches are dropped, the reader never waits.
        var abandoned = false
        var waiter: CheckedContinuation<OutputBatch?, Never>?
        /// When the consumer last got a batch (monotonic nanoseconds).
        var lastHandOver = Int64.min / 2
    }

    private let state = Mutex(State())
    /// Free places in the queue, for the reader to wait on.
    private let room = DispatchSemaphore(value: capacity)

    func claim() -> Bool {
        state.withLock { state in
            defer { state.claimed = true }
            return !state.claimed
        }
    }

    /// Hands `lines` and the open line over; waits while the queue is full. Returns when the
    /// reader must call ``deliverIfDue(now:)`` (monotonic nanoseconds), nil when nothing is
    /// held back. Reader side.
    func put(lines: [String], openLine: String, bytes: Int, now: Int64) -> Int64? {
        let merged: Bool = state.withLock { state in
            if state.abandoned { return true }
            guard let last = state.queue.indices.last,
                  state.queue[last].lines.count + lines.count <= ChildOutput.maximumLineCount,
                  state.queuedBytes[last] + bytes <= ChildOutput.maximumByteCount else { return false }
            state.queue[last].lines += lines
            state.queue[last].openLine = openLine
            state.queuedBytes[last] += bytes
            return true
        }
        if !merged {
            // A waiting consumer means an empty queue or one held back for less than an
            // interval with room to spare, so this waits only while the consumer is busy.
            room.wait()
            let appended: Bool = state.withLock { state in
                guard !state.abandoned else { return false }
                state.queue.append(OutputBatch(lines: lines, openLine: openLine))
                state.queuedBytes.append(bytes)
                return true
            }
            if !appended { room.signal() }
        }
        return deliverIfDue(now: now)
    }

    /// Hands the first queued batch to a waiting consumer if its interval is up (or a full
    /// batch waits behind it); otherwise returns when to call again. Reader side.
    func deliverIfDue(now: Int64) -> Int64? {
        enum Decision { case nothing, later(Int64), now(CheckedContinuation<OutputBatch?, Never>, OutputBatch) }
        let decision: Decision = state.withLock { state in
            guard let waiter = state.waiter, !state.queue.isEmpty else { return .nothing }
            let due = state.lastHandOver + Self.minimumHandOverInterval
            guard now >= due || state.queue.count > 1 else { return .later(due) }
            state.waiter = nil
            state.lastHandOver = now
            state.queuedBytes.removeFirst()
            return .now(waiter, state.queue.removeFirst())
        }
        switch decision {
        case .nothing: return nil
        case .later(let due): return due
        case .now(let waiter, let batch):
            room.signal()
            waiter.resume(returning: batch)
            return nil
        }
    }

    /// No more output. Reader side.
    func finish() {
        let handOver: (CheckedContinuation<OutputBatch?, Never>, OutputBatch?)? = state.withLock { state in
            state.finished = true
            guard let waiter = state.waiter else { return nil }
            state.waiter = nil
            // A batch held back for its interval goes now: nothing follows it.
            guard !state.queue.isEmpty else { return (waiter, nil) }
            state.queuedBytes.removeFirst()
            return (waiter, state.queue.removeFirst())
        }
        guard let (waiter, batch) = handOver else { return }
        if batch != nil { room.signal() }
        waiter.resume(returning: batch)
    }

    /// The next batch, or nil once the output ended (or the consuming task was cancelled:
    /// then later output is dropped). Consumer side. It runs on the caller's executor: the
    /// reader's resume goes straight to the consumer (`Log.follow`'s reading actor, or the
    /// main actor for a program that reads the batches there), not through a thread of the
    /// global pool and back.
    nonisolated(nonsending) func take() async -> OutputBatch? {
        if Task.isCancelled {
            abandon()
            return nil
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<OutputBatch?, Never>) in
                let ready: (batch: OutputBatch?, freed: Bool)? = state.withLock { state in
                    if !state.queue.isEmpty {
                        // The consumer is running: taking what is queued wakes nobody.
                        state.queuedBytes.removeFirst()
                        state.lastHandOver = monotonicNanoseconds()
                        return (state.queue.removeFirst(), true)
                    }
                    if state.finished || state.abandoned { return (nil, false) }
                    state.waiter = continuation
                    return nil
                }
                if let ready {
                    if ready.freed { room.signal() }
                    continuation.resume(returning: ready.batch)
                }
            }
        } onCancel: {
            abandon()
        }
    }

    private func abandon() {
        let waiter: CheckedContinuation<OutputBatch?, Never>? = state.withLock { state in
            state.abandoned = true
            let freed = state.queue.count
            state.queue = []
            state.queuedBytes = []
            defer { state.waiter = nil }
            for _ in 0..<freed { room.signal() }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
