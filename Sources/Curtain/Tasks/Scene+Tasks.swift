extension Scene {
    /// Presents `controller` as ``present(_:from:animated:)`` does and waits until it is gone.
    /// A name of its own, so that `present` called from async code shows the presentation and
    /// goes on, and waiting for its end is what this name says.
    ///
    /// ```swift
    /// let reason = await scene.presentAndWait(toast, from: pane)
    /// if reason == .timedOut { log.append("nobody answered") }
    /// ```
    ///
    /// - Returns: why it went away; ``DismissalReason/cancelled`` when the awaiting task was
    ///   cancelled (the presentation is then dismissed), ``DismissalReason/appQuit`` when the
    ///   app ended first. Resumes exactly once.
    @discardableResult
    public func presentAndWait(_ controller: PresentationController, from view: View, animated: Bool = true) async -> DismissalReason {
        guard !Task.isCancelled else { return .cancelled }
        let dismissal = controller.dismissal ?? Promise()
        controller.dismissal = dismissal
        return await withTaskCancellationHandler {
            presentNow(controller, from: view, animated: animated)
            return await dismissal.value
        } onCancel: {
            Task { @MainActor in
                self.dismiss(controller, reason: .cancelled)
                // Not on screen (never shown, or already leaving): answer now all the same.
                if controller.state == .dismissed { controller.resumeDismissalWaiters(.cancelled) }
            }
        }
    }

    /// Presents `alert` and waits for its answer.
    ///
    /// ```swift
    /// let alert = AlertController(message: "Stop the deploy?", actions: [
    ///     AlertAction("Stop", shortcut: "y", role: .destructive), AlertAction("Keep going", role: .cancel)])
    /// if case .chosen(let action) = await scene.confirm(alert, from: list), action.role == .destructive { app.quit() }
    /// ```
    ///
    /// - Returns: the action chosen (its handler has run), or ``AlertChoice/cancelled`` when the
    ///   alert went without an answer: Esc with no cancel action, the awaiting task cancelled,
    ///   the app quitting. An Esc that picks the alert's cancel action answers that action.
    public func confirm(_ alert: AlertController, from view: View) async -> AlertChoice {
        _ = await presentAndWait(alert, from: view)
        return alert.answer.map(AlertChoice.chosen) ?? .cancelled
    }

    /// Where an error thrown by a view's or a presentation's task goes. Nil (the default) shows
    /// it as an error notification over the screen.
    public var taskErrorHandler: (@MainActor (any Error) -> Void)? {
        get { taskErrors }
        set { taskErrors = newValue }
    }

    /// Hands a task's error to ``taskErrorHandler``.
    func reportTaskError(_ error: any Error) {
        if let taskErrors {
            taskErrors(error)
        } else {
            notify(String(describing: error), title: "Error", severity: .error, duration: 6)
        }
    }

    /// The app ended: every task of every view and presentation cancelled, every awaited
    /// presentation answered ``DismissalReason/appQuit``.
    func cancelTasksAndWaiters() {
        var views = [root]
        for controller in presentations {
            controller.tasks.setLive(false)
            controller.resumeDismissalWaiters(.appQuit)
            views.append(controller.presentedView)
        }
        while let view = views.popLast() {
            view.tasks.setLive(false)
            views.append(contentsOf: view.subviews)
        }
    }
}

/// The answer to ``Scene/confirm(_:from:)``.
public enum AlertChoice {
    /// The action picked (with a key, a click, or Esc for the cancel-role action).
    case chosen(AlertAction)
    /// The alert went without an answer.
    case cancelled
}
