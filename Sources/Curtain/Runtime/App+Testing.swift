extension App {
    /// Takes `backend`'s size and shows the first frame, without running the loop: a test
    /// pilot then drives the app step by step. Not API.
    package func _start(on backend: some Backend) { start(on: backend) }

    /// Hands one event to the app as the loop would (defaults included). Not API.
    package func _dispatch(_ event: Event) { dispatch(event) }

    /// Renders and, when the frame changed, presents it and tells the observers. Not API.
    package func _renderAndPresent() { renderAndPresent() }

    /// Runs the work posted so far, as the loop does in a turn. Not API.
    package func _runPostedWork() { runPostedWork() }

    /// Counts scene changes and posted work run. Not API.
    package var _activity: Int { activity }

    /// Cancels every task and answers every awaited presentation, as the end of the loop does.
    /// Not API.
    package func _finish() {
        quit()
        poster.close()
        scene.cancelTasksAndWaiters()
    }

    /// When the loop would next act (its wait's deadline). Not API.
    package func _loopDeadline() -> Double? { loopDeadline() }

    /// One turn of the loop after `event` came from `backend` (nil: the deadline): follow the
    /// link and the appearance, dispatch, run posted work, draw. For a test's forked child,
    /// which has no dispatch queue to run the async loop on. Not API.
    package func _turn(after event: Event?, on backend: some Backend) {
        followLinkSpeed(of: backend)
        followAppearance(of: backend)
        if let event { dispatch(event) }
        runPostedWork()
        renderAndPresent()
    }
}
