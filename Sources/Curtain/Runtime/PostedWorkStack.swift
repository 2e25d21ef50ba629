import Synchronization

/// Where ``AppPoster`` keeps posted work until the loop takes it: a lock-free stack that any
/// number of threads push onto and one consumer empties in a single swap.
///
/// A lock convoys here: with more posting threads than cores, a thread that holds the lock is
/// often descheduled, and every other poster then sleeps in the kernel until it runs again.
/// A push is one compare-and-swap of the top instead, which a descheduled thread never holds
/// up. Taking the work swaps the whole stack out and reverses it, so each thread's work comes
/// out in the order the thread pushed it (pushes are ordered by the swaps that made them).
///
/// The top word is the address of the newest node, or one of two marks: ``empty`` and
/// ``closed`` (no node lives at address 0 or 1). Closed drops every push until reopened.
struct PostedWorkStack: ~Copyable, Sendable {
    typealias Work = AppPoster.Work

    fileprivate struct Node {
        let work: Work
        /// In the stack, the address of the node pushed before this one; in a taken
        /// ``Batch``, the address of the node pushed after it. ``empty`` at the end.
        var link: UInt
    }

    fileprivate static let empty: UInt = 0
    fileprivate static let closed: UInt = 1

    private let top = Atomic<UInt>(PostedWorkStack.empty)

    init() {}

    deinit { Self.release(from: top.load(ordering: .acquiring)) }

    /// What a push found.
    enum PushOutcome {
        /// The stack was empty: this is the first work of a new batch.
        case startedBatch
        /// Other work was waiting: the batch already has a wake-up on its way.
        case joinedBatch
        /// The stack is closed: the work was dropped.
        case dropped
    }

    /// Pushes `work` unless the stack is closed.
    func push(_ work: @escaping Work) -> PushOutcome {
        let node = UnsafeMutablePointer<Node>.allocate(capacity: 1)
        node.initialize(to: Node(work: work, link: Self.empty))
        let address = UInt(bitPattern: node)
        var current = top.load(ordering: .relaxed)
        while current != Self.closed {
            node.pointee.link = current
            // Releasing: the consumer that takes this node sees it filled in.
            let (pushed, found) = top.compareExchange(
                expected: current, desired: address, successOrdering: .releasing, failureOrdering: .relaxed)
            if pushed { return current == Self.empty ? .startedBatch : .joinedBatch }
            current = found
        }
        node.deinitialize(count: 1)
        node.deallocate()
        return .dropped
    }

    /// Whether work waits.
    var hasWork: Bool { top.load(ordering: .relaxed) > Self.closed }

    /// Takes all the work pushed so far, oldest first; nothing when closed.
    func takeAll() -> Batch {
        var current = top.load(ordering: .relaxed)
        while current > Self.closed {
            let (taken, found) = top.compareExchange(
                expected: current, desired: Self.empty, successOrdering: .acquiring, failureOrdering: .relaxed)
            if taken { return Batch(newest: current) }
            current = found
        }
        return Batch(newest: Self.empty)
    }

    /// Work taken in one swap, oldest first. The nodes are turned around in place rather than
    /// copied into an array, so a large backlog costs no second copy of itself; each node is
    /// freed as its work is handed out, and what is not handed out is dropped with the batch.
    final class Batch: Sequence, IteratorProtocol {
        private var oldest: UInt

        fileprivate init(newest: UInt) {
            var reversed = PostedWorkStack.empty
            var current = newest
            while let node = UnsafeMutablePointer<Node>(bitPattern: current) {
                current = node.pointee.link
                node.pointee.link = reversed
                reversed = UInt(bitPattern: node)
            }
            oldest = reversed
        }

        deinit { PostedWorkStack.release(from: oldest) }

        func next() -> Work? {
            guard let node = UnsafeMutablePointer<Node>(bitPattern: oldest) else { return nil }
            oldest = node.pointee.link
            let work = node.move().work
            node.deallocate()
            return work
        }
    }

    /// Drops the work waiting and every later push, until ``open()``.
    func close() {
        let previous = top.exchange(Self.closed, ordering: .acquiring)
        if previous != Self.closed { Self.release(from: previous) }
    }

    /// Takes pushes again after ``close()``; nothing happens when open.
    func open() {
        _ = top.compareExchange(expected: Self.closed, desired: Self.empty, ordering: .relaxed)
    }

    /// Frees the nodes linked from `address` on, dropping their work.
    fileprivate static func release(from address: UInt) {
        var next = address
        while next > closed, let node = UnsafeMutablePointer<Node>(bitPattern: next) {
            next = node.pointee.link
            node.deinitialize(count: 1)
            node.deallocate()
        }
    }
}
