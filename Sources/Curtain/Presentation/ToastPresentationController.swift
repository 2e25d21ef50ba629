import CurtainLayout

/// A toast: against the bottom edge of its context, as wide as the context's content area less
/// two columns each side, as tall as its content at that width. Slides up from below the context.
@MainActor
open class ToastPresentationController: PresentationController {
    private let delay: Double?

    /// - Parameter autoDismissAfter: seconds after which the toast dismisses itself; it is kept
    ///   while its content has focus.
    public init(presentedView: View, autoDismissAfter: Double? = nil) {
        self.delay = autoDismissAfter
        super.init(presentedView: presentedView)
    }

    open override var edge: PresentationEdge { .bottom }
    open override var autoDismissDelay: Double? { delay }
}
