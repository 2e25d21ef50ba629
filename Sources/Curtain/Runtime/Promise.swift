import Synchronization

/// A value set once, from any thread, and awaited by any number of tasks until it is: the one
/// place in the package that holds continuations.
///
/// Every "wait until something happens elsewhere" is one: the loop's hand-off meeting points,
/// a presentation's end (``Scene/presentAndWait(_:from:animated:)``), a child's end and its
/// next batch of output, the terminal wait's outcome, a sleeper on a ``ManualClock``, the
/// pilot's wait. Whoever settles it first wins — a wait that input, a deadline and an
/// interruption all race to end is one promise that three parties try to fulfil — so no caller
/// has to make sure a continuation is resumed exactly once: ``fulfil(_:)`` says whether it was
/// the one. (swift-nio's `EventLoopPromise` and swift-async-algorithms' `AsyncChannel` are the
/// models; neither fits a value settled from a plain thread without an event loop.)
package final class Promise<Value: Sendable>: Sendable {
    private struct State {
        var value: Value?
        var waiters: [CheckedContinuation<Value, Never>] = []
    }

    private let state = Mutex(State())

    package init() {}

    /// The value, once set: at once if it is, else when ``fulfil(_:)`` sets it. Resumes on the
    /// caller's executor.
    nonisolated(nonsending) package var value: Value {
        get async {
            if let value = state.withLock({ $0.value }) { return value }
            return await withCheckedContinuation { continuation in
                let value = state.withLock { state -> Value? in
                    if let value = state.value { return value }
                    state.waiters.append(continuation)
                    return nil
                }
                if let value { continuation.resume(returning: value) }
            }
        }
    }

    /// The value if it is set, without waiting.
    package var current: Value? { state.withLock { $0.value } }

    /// Sets the value and resumes every waiter with it; false, changing nothing, when it was
    /// set already.
    @discardableResult
    package func fulfil(_ value: Value) -> Bool {
        let waiters = state.withLock { state -> [CheckedContinuation<Value, Never>]? in
            guard state.value == nil else { return nil }
            state.value = value
            defer { state.waiters = [] }
            return state.waiters
        }
        guard let waiters else { return false }
        for waiter in waiters { waiter.resume(returning: value) }
        return true
    }
}
