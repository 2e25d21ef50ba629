extension PresentationController {
    /// Runs `body` in a main-actor task while this presentation is up: started when it is
    /// presented (at once if it is), cancelled when its dismissal begins or the app quits. A
    /// progress toast's work, a confirmation's countdown. Cancellation is cooperative and errors
    /// go to the scene's ``Scene/taskErrorHandler``, as for ``View/task(_:)``.
    ///
    /// - Returns: the task's handle, to await the end of its run (``ViewTask``).
    @discardableResult
    public func task(_ body: @escaping @MainActor () async throws -> Void) -> ViewTask {
        tasks.add(body) { [weak self] error in self?.scene?.reportTaskError(error) }
    }

    /// Resumes every task awaiting this presentation with `reason`.
    func resumeDismissalWaiters(_ reason: DismissalReason) {
        dismissal?.fulfil(reason)
        dismissal = nil
    }
}
