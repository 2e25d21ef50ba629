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

/// A banner or sheet: like a toast, against the top edge, sliding down from above.
@MainActor
open class SheetPresentationController: PresentationController {
    open override var edge: PresentationEdge { .top }
}

/// A modal that covers the whole screen, whatever context it was presented from, and dims
/// everything behind it (the help bar too).
@MainActor
open class FullScreenPresentationController: PresentationController {
    /// Space left around the modal so the dimmed screen stays visible at its edges.
    public var margins: EdgeInsets

    public init(presentedView: View, margins: EdgeInsets = EdgeInsets(top: 1, left: 4, bottom: 1, right: 4)) {
        self.margins = margins
        super.init(presentedView: presentedView)
    }

    open override func frameOfPresentedView(inContext context: Rect, safeArea: EdgeInsets) -> Rect {
        let frame = context.inset(by: margins)
        return frame.width >= 2 && frame.height >= 2 ? frame : context
    }

    open override var usesScreenContext: Bool { true }
    open override func dimmingRect(in context: View) -> Rect { context.frame }
    open override func clipRect(in context: View) -> Rect { context.frame }
    open override var dimmingStrength: Double { 0.5 }
}
