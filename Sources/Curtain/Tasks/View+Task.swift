extension View {
    /// Runs `body` in a main-actor task for as long as this view is in a scene: started when the
    /// view enters one (at once if it is in one), cancelled when it leaves — removed from its
    /// superview, its presentation dismissed — or when the app quits.
    ///
    /// ```swift
    /// let child = try ChildProcess(shell: "make test")          // CurtainProcess
    /// log.task {
    ///     for await batch in child.output { batch.lines.forEach { log.append(ansi: $0) } }
    /// }
    /// ```
    ///
    /// Cancellation is cooperative, as everywhere in Swift: the task sees it at its next
    /// cancellable `await` (``AnimationClock/sleep(for:)``, `Task.sleep`, an `AsyncSequence`
    /// that checks) or by checking `Task.isCancelled`; code between two awaits runs to the end.
    /// An error `body` throws (other than `CancellationError`) goes to the scene's
    /// ``Scene/taskErrorHandler``, which shows an error notification by default. A view that
    /// enters a scene again starts its tasks again, from the beginning.
    ///
    /// - Returns: the task's handle, to await the end of its run (``ViewTask``).
    @discardableResult
    public func task(_ body: @escaping @MainActor () async throws -> Void) -> ViewTask {
        let handle = tasks.add(body) { [weak self] error in self?.scene?.reportTaskError(error) }
        if scene != nil { tasks.setLive(true) }
        return handle
    }

    /// Runs `body` as the view's identified task: like ``task(_:)``, and calling it again with a
    /// different `id` cancels the running one and starts the new `body`; with an equal `id` it
    /// leaves the running task alone. One identified task per view: what the view shows for a
    /// selection, a path, a query.
    ///
    /// ```swift
    /// label.task(id: list.selectedItem) {                    // a new selection: the old load stops
    ///     try await app.clock.sleep(for: .milliseconds(200))  // loading the item, say
    ///     label.text = "\(list.selectedItem ?? "nothing"): loaded"
    /// }
    /// ```
    ///
    /// - Returns: the task's handle (the running one's, for an equal `id`): to await the end of
    ///   a replaced run before the new one goes on (``ViewTask``).
    @discardableResult
    public func task<ID: Equatable & Sendable>(id: ID, _ body: @escaping @MainActor () async throws -> Void) -> ViewTask {
        let handle = tasks.set(id: id, body) { [weak self] error in self?.scene?.reportTaskError(error) }
        if scene != nil { tasks.setLive(true) }
        return handle
    }
}
