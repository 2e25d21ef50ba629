import CurtainLayout

/// A banner or sheet: like a toast, against the top edge, sliding down from above.
@MainActor
open class SheetPresentationController: PresentationController {
    /// The top: the one thing a sheet does differently from a toast.
    open override var edge: PresentationEdge { .top }
}
