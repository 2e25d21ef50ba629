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
/// ``maximumLineCount`` lines or about ``maximumByteCount`` bytes, so whoever consumes it
/// (the main actor, drawing a log) does a bounded piece of work per batch. When the consumer
/// is slower than the child, batches wait, then reading waits, and the child waits on its
/// writes, as it would on a slow terminal: memory stays bounded.
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
final class OutputChannel: Sendable {
    /// Batches queued before the reader waits.
    static let capacity = 4

    private struct State {
        var queue: [OutputBatch] = []
        var queuedBytes: [Int] = []
        var finished = false
        var claimed = false
        /// The consumer went away: batches are dropped, the reader never waits.
        var abandoned = false
        var waiter: CheckedContinuation<OutputBatch?, Never>?
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

    /// Hands `lines` and the open line over; waits while the queue is full. Reader side.
    func put(lines: [String], openLine: String, bytes: Int) {
        enum Action { case done, resume(CheckedContinuation<OutputBatch?, Never>, OutputBatch), wait }
        while true {
            let action: Action = state.withLock { state in
                if state.abandoned { return .done }
                if let waiter = state.waiter {
                    state.waiter = nil
                    return .resume(waiter, OutputBatch(lines: lines, openLine: openLine))
                }
                if let last = state.queue.indices.last,
                   state.queue[last].lines.count + lines.count <= ChildOutput.maximumLineCount,
                   state.queuedBytes[last] + bytes <= ChildOutput.maximumByteCount {
                    state.queue[last].lines += lines
                    state.queue[last].openLine = openLine
                    state.queuedBytes[last] += bytes
                    return .done
                }
                return .wait
            }
            switch action {
            case .done: return
            case .resume(let waiter, let batch):
                waiter.resume(returning: batch)
                return
            case .wait:
                room.wait()
                let queued: Bool = state.withLock { state in
                    guard !state.abandoned, state.waiter == nil else { return false }
                    state.queue.append(OutputBatch(lines: lines, openLine: openLine))
                    state.queuedBytes.append(bytes)
                    return true
                }
                if queued { return }
                room.signal()   // not used: given back, and the loop tries again
            }
        }
    }

    /// No more output. Reader side.
    func finish() {
        let waiter: CheckedContinuation<OutputBatch?, Never>? = state.withLock { state in
            state.finished = true
            defer { state.waiter = nil }
            return state.queue.isEmpty ? state.waiter : nil
        }
        waiter?.resume(returning: nil)
    }

    /// The next batch, or nil once the output ended (or the consuming task was cancelled:
    /// then later output is dropped). Consumer side.
    func take() async -> OutputBatch? {
        if Task.isCancelled {
            abandon()
            return nil
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<OutputBatch?, Never>) in
                let ready: (batch: OutputBatch?, freed: Bool)? = state.withLock { state in
                    if !state.queue.isEmpty {
                        state.queuedBytes.removeFirst()
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
