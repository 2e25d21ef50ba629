import CurtainLayout

/// A banner or sheet: like a toast, against the top edge, sliding down from above.
@MainActor
open class SheetPresentationController: PresentationController {
    /// How much the sheet darkens its context (``Dimming/standard`` unless told otherwise).
    public let dimming: Dimming

    /// A sheet showing `presentedView`, sized by its fitting height.
    ///
    /// - Parameters:
    ///   - presentedView: the sheet's content; its ``View/fittingSize(width:)`` sets the height.
    ///   - dimming: how much its context is darkened; half by default.
    public init(presentedView: View, dimming: Dimming = .standard) {
        self.dimming = dimming
        super.init(presentedView: presentedView)
    }

    /// ``dimming``'s strength.
    open override var dimmingStrength: Double { dimming.strength }

    /// The top: the one thing a sheet does differently from a toast.
    open override var edge: PresentationEdge { .top }
}
