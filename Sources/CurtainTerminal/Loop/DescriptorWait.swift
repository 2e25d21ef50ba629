import Curtain
import Dispatch
import Glibc
import Synchronization

/// Waits, without blocking a thread, until one of a few descriptors is readable, a deadline
/// comes, or someone interrupts the wait: the terminal session's wait for input.
///
/// Each descriptor has a read source on the main queue, and the deadline a timer source; they
/// resume one continuation. So while the session waits the main actor is free — tasks, posted
/// work and `DispatchQueue.main` blocks run — and an idle program has no timer armed and is
/// never woken. A source that fired is suspended until the next wait begins: input that arrives
/// while the app draws a frame wakes the main queue once, not on every turn until it is read.
@MainActor
final class DescriptorWait {
    enum Outcome: Equatable, Sendable {
        /// A descriptor is readable (or hung up).
        case readable
        /// The deadline came.
        case timedOut
        /// ``interrupt()`` was called.
        case interrupted
    }

    /// What the sources' handlers and the waiting task share.
    private struct Shared {
        var continuation: CheckedContinuation<Outcome, Never>?
        /// An interruption that came while no wait was in progress: the next wait ends at once.
        var interruptPending = false
        /// Which read sources fired (and suspended themselves) since the last wait began.
        var suspended: [Bool]
        /// The timer fired with nobody waiting yet.
        var timerFired = false
    }

    /// The shared state, in a box the sources' handlers can hold.
    private final class Box: Sendable {
        let state: Mutex<Shared>
        init(_ shared: Shared) { state = Mutex(shared) }
        func withLock<T>(_ body: (inout Shared) -> T) -> T { state.withLock { body(&$0) } }
    }

    private let sources: [any DispatchSourceRead]
    private let timer: any DispatchSourceTimer
    private let shared: Box
    private var timerArmed = false
    private var isCancelled = false
    /// How many waits ended because a source or the timer fired (the benchmark's wake-ups).
    private(set) var wakeCount = 0

    /// Read sources on `descriptors` (those ≥ 0), created suspended.
    init(descriptors: [Int32]) {
        let watched = descriptors.filter { $0 >= 0 }
        let shared = Box(Shared(suspended: Array(repeating: true, count: watched.count)))
        self.shared = shared
        sources = watched.enumerated().map { index, descriptor in
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: .main)
            source.setEventHandler {
                // Suspended until the next wait: whoever waits reads the descriptor.
                source.suspend()
                let waiting = shared.withLock { state -> CheckedContinuation<Outcome, Never>? in
                    state.suspended[index] = true
                    defer { state.continuation = nil }
                    return state.continuation
                }
                waiting?.resume(returning: .readable)
            }
            return source
        }
        timer = DispatchSource.makeTimerSource(queue: .main)
        timer.setEventHandler {
            let waiting = shared.withLock { state -> CheckedContinuation<Outcome, Never>? in
                guard let continuation = state.continuation else {
                    state.timerFired = true
                    return nil
                }
                state.continuation = nil
                return continuation
            }
            waiting?.resume(returning: .timedOut)
        }
        // Left suspended until a wait has a deadline: a timer scheduled for the distant future
        // still wakes dispatch's manager thread once a second.
    }

    /// Waits until a descriptor is readable, `deadline` (on `clock`) comes, or ``interrupt()``.
    /// A deadline already past returns ``Outcome/timedOut`` at once.
    func wait(until deadline: Double?, clock: AnimationClock) async -> Outcome {
        guard !isCancelled else { return .interrupted }
        if let deadline, deadline <= clock.now { return .timedOut }
        let toResume: [Int] = shared.withLock { state in
            state.timerFired = false
            let indices = state.suspended.indices.filter { state.suspended[$0] }
            for index in indices { state.suspended[index] = false }
            return indices
        }
        for index in toResume { sources[index].resume() }
        if let deadline {
            let nanoseconds = Int(min(3_600, deadline - clock.now) * 1e9)
            timer.schedule(deadline: .now() + .nanoseconds(max(0, nanoseconds)), leeway: .microseconds(500))
            timer.resume()
            timerArmed = true
        }
        let outcome = await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            // What fired between arming and here (on another thread, after `dispatchMain`)
            // answers at once.
            let early = shared.withLock { state -> Outcome? in
                if state.interruptPending {
                    state.interruptPending = false
                    return .interrupted
                }
                if state.suspended.contains(true) { return .readable }
                if state.timerFired { return .timedOut }
                state.continuation = continuation
                return nil
            }
            if let early { continuation.resume(returning: early) }
        }
        if timerArmed {
            timer.suspend()
            timerArmed = false
        }
        if outcome != .interrupted { wakeCount += 1 }
        return outcome
    }

    /// Ends the wait in progress with ``Outcome/interrupted``, or the next one at once.
    /// Callable from any thread.
    nonisolated func interrupt() {
        let waiting = shared.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard let continuation = state.continuation else {
                state.interruptPending = true
                return nil
            }
            state.continuation = nil
            return continuation
        }
        waiting?.resume(returning: .interrupted)
    }

    /// Forgets an interruption that came while no wait was in progress.
    func clearInterruption() {
        shared.withLock { $0.interruptPending = false }
    }

    /// Cancels the sources for good (the session stops): a wait in progress ends interrupted.
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        interrupt()
        // A suspended source must be resumed before it is cancelled, or it is never released.
        let suspended = shared.withLock { state -> [Int] in
            let indices = state.suspended.indices.filter { state.suspended[$0] }
            for index in indices { state.suspended[index] = false }
            return indices
        }
        for index in suspended { sources[index].resume() }
        for source in sources { source.cancel() }
        if !timerArmed { timer.resume() }
        timer.cancel()
    }
}
