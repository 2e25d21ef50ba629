import CurtainLayout

/// A toast: against the bottom edge of its context, as wide as the context's content area less
/// two columns each side, as tall as its content at that width. Slides up from below the context.
@MainActor
open class ToastPresentationController: PresentationController {
    private let delay: Double?

    /// A toast showing `presentedView`, sized by its fitting height.
    ///
    /// - Parameters:
    ///   - presentedView: the toast's content; its ``View/fittingSize(width:)`` sets the height.
    ///   - autoDismissAfter: seconds after which the toast dismisses itself; it is kept while
    ///     its content has focus. Nil (the default) keeps it until dismissed.
    public init(presentedView: View, autoDismissAfter: Double? = nil) {
        self.delay = autoDismissAfter
        super.init(presentedView: presentedView)
    }

    /// The bottom (as by default): a toast rises from below its context.
    open override var edge: PresentationEdge { .bottom }
    /// The `autoDismissAfter` given at creation.
    open override var autoDismissDelay: Double? { delay }
}
