import CurtainLayout

/// A toast: against the bottom edge of its context, as wide as the context's content area less
/// two columns each side, as tall as its content at that width. Slides up from below the context.
@MainActor
open class ToastPresentationController: PresentationController {
    private let delay: Double?
    /// How much the toast darkens its context (``Dimming/standard`` unless told otherwise).
    public let dimming: Dimming

    /// A toast showing `presentedView`, sized by its fitting height.
    ///
    /// - Parameters:
    ///   - presentedView: the toast's content; its ``View/fittingSize(width:)`` sets the height.
    ///   - autoDismissAfter: seconds after which the toast dismisses itself; it is kept while
    ///     its content has focus. Nil (the default) keeps it until dismissed.
    ///   - dimming: how much its context is darkened; `.none` keeps what is beneath readable
    ///     (a progress toast over a live log). Half by default.
    public init(presentedView: View, autoDismissAfter: Double? = nil, dimming: Dimming = .standard) {
        self.delay = autoDismissAfter
        self.dimming = dimming
        super.init(presentedView: presentedView)
    }

    /// ``dimming``'s strength.
    open override var dimmingStrength: Double { dimming.strength }

    /// The bottom (as by default): a toast rises from below its context.
    open override var edge: PresentationEdge { .bottom }
    /// The `autoDismissAfter` given at creation.
    open override var autoDismissDelay: Double? { delay }
}
