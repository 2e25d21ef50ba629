import Synchronization

/// A clock that moves only when told to: the clock of tests and scripted demo runs.
///
/// Modelled on swift-nio's `EmbeddedEventLoop` and pointfreeco/swift-clocks' `TestClock`: a
/// test advances time by hand, then checks the frame that results, so no test depends on
/// wall-clock timing. A task that sleeps on it (``sleep(until:)``) wakes when the clock is moved
/// to or past its deadline — never by itself. The time and the sleepers are kept behind a
/// mutex, which makes the clock `Sendable` without asking callers to hop actors to read it.
public final class ManualClock: AnimationClock {
    private struct State {
        var seconds: Double
        var sleepers: [Sleeper] = []
        var nextSleeperID = 0
        /// Counts sleeps begun, woken and cancelled: a headless backend yields after a move
        /// that woke a task, and the test pilot sees tasks still taking steps.
        var sleeperChanges = 0
    }

    private struct Sleeper {
        let id: Int
        let deadline: Double
        /// True when the clock reached the deadline, false when the sleep was cancelled.
        let woken: Promise<Bool>
    }

    private let state: Mutex<State>

    /// Creates a clock reading `now` seconds (a non-finite start reads as 0).
    public init(now: Double = 0) {
        state = Mutex(State(seconds: now.isFinite ? now : 0))
    }

    /// The time last set or advanced to; it stays put between calls.
    public var now: Double {
        state.withLock { $0.seconds }
    }

    /// The earliest deadline a task sleeps until, if any task sleeps on this clock.
    public var nextSleeperDeadline: Double? {
        state.withLock { $0.sleepers.map(\.deadline).min() }
    }

    /// Moves the clock forward by `seconds`. Negative and non-finite amounts are ignored, so
    /// `advance` alone can never make time run backwards. Wakes the tasks whose deadline came.
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        wake(state.withLock { state in
            state.seconds += seconds
            return Self.takeDue(&state)
        })
    }

    /// Sets the clock to `seconds`, forwards or backwards (a script may rewind to replay a
    /// scene). Non-finite values are ignored. Animations treat a backwards step as "no time
    /// passed" (see `SpringAnimation.step(to:)`). Wakes the tasks whose deadline came.
    public func set(_ seconds: Double) {
        guard seconds.isFinite else { return }
        wake(state.withLock { state in
            state.seconds = seconds
            return Self.takeDue(&state)
        })
    }

    /// Suspends the calling task until the clock is moved to `deadline` or past it.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    @MainActor public func sleep(until deadline: Double) async throws {
        try Task.checkCancellation()
        let id = state.withLock { state in
            state.nextSleeperID += 1
            return state.nextSleeperID
        }
        let woken = Promise<Bool>()
        let asleep = state.withLock { state -> Bool in
            guard deadline > state.seconds else { return false }
            state.sleepers.append(Sleeper(id: id, deadline: deadline, woken: woken))
            state.sleeperChanges += 1
            return true
        }
        guard asleep else { return }
        let reached = await withTaskCancellationHandler {
            await woken.value
        } onCancel: {
            let cancelled = state.withLock { state -> Sleeper? in
                guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else { return nil }
                state.sleeperChanges += 1
                return state.sleepers.remove(at: index)
            }
            cancelled?.woken.fulfil(false)
        }
        if !reached { throw CancellationError() }
    }

    /// Changes so far to the set of tasks sleeping on the clock (sleeps begun, woken,
    /// cancelled). Not API.
    package var _sleeperChanges: Int {
        state.withLock { $0.sleeperChanges }
    }

    /// Removes and returns the sleepers whose deadline came, earliest first.
    private static func takeDue(_ state: inout State) -> [Sleeper] {
        let now = state.seconds
        let due = state.sleepers.filter { $0.deadline <= now }.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }
        guard !due.isEmpty else { return [] }
        state.sleepers.removeAll { $0.deadline <= now }
        state.sleeperChanges += 1
        return due
    }

    private func wake(_ sleepers: [Sleeper]) {
        for sleeper in sleepers { sleeper.woken.fulfil(true) }
    }
}
