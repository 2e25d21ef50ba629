/// A value set once on the main actor, and awaited until it is: the hand-off's meeting points
/// between the loop and the task that asked for the terminal.
@MainActor
final class OneShot<Value: Sendable> {
    private var result: Value?
    private var waiters: [CheckedContinuation<Value, Never>] = []

    /// The value, once set: at once if it is, else when ``fulfil(_:)`` sets it.
    var value: Value {
        get async {
            if let result { return result }
            return await withCheckedContinuation { waiters.append($0) }
        }
    }

    /// Sets the value and resumes every waiter; later calls do nothing.
    func fulfil(_ value: Value) {
        guard result == nil else { return }
        result = value
        let resumed = waiters
        waiters.removeAll()
        for waiter in resumed { waiter.resume(returning: value) }
    }
}
