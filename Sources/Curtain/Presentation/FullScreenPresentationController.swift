import CurtainLayout

/// A modal that covers the whole screen, whatever context it was presented from, dims
/// everything behind it (the help bar too) and traps focus: Tab cycles inside it and keys it
/// does not handle skip the views beneath it. Esc dismisses it.
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
    open override var trapsFocus: Bool { true }
    open override var stacksWithOthers: Bool { false }
    open override var allowsInteractiveDismissal: Bool { false }
}
