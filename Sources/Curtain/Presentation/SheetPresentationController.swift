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

    /// The top, where a toast takes the bottom.
    open override var edge: PresentationEdge { .top }

    /// True: a sheet whose content cannot take focus (a `Label`) still takes the keys from the
    /// views it dims, so Esc closes it.
    open override var takesKeysWhenContentCannotFocus: Bool { true }
}
