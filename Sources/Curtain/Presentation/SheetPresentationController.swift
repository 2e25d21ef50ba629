import CurtainLayout

/// A banner or sheet: like a toast, against the top edge, sliding down from above.
@MainActor
open class SheetPresentationController: PresentationController {
    open override var edge: PresentationEdge { .top }
}
