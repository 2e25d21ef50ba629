/// Why a presentation went away, as reported to ``PresentationController/onDismiss``.
public enum DismissalReason: Sendable, Equatable {
    /// Its ``PresentationController/autoDismissDelay`` ran out.
    case timedOut
    /// Esc, with nothing in the presented content using it.
    case escapeKey
    /// A press on the dimmed area around it.
    case pressOutside
    /// The user dragged it away with the mouse.
    case dragged
    /// Something newer took its place. Curtain's own presentations stack rather than replace
    /// one another; a program that replaces one passes this to
    /// ``Scene/dismiss(_:animated:reason:)``.
    case replaced
    /// The program dismissed it (``Scene/dismiss(_:animated:reason:)``), an action of its
    /// content among them (an alert's button).
    case programmatic
    /// The task awaiting it (``Scene/presentAndWait(_:from:animated:)``) was cancelled.
    case cancelled
    /// The app quit while it was up (reported only to tasks awaiting it).
    case appQuit
}
