import CurtainLayout

/// A modal that covers the whole screen, whatever context it was presented from, dims
/// everything behind it (the help bar too) and traps focus: Tab cycles inside it and keys it
/// does not handle skip the views beneath it. Esc dismisses it.
@MainActor
open class FullScreenPresentationController: PresentationController {
    /// Space left around the modal so the dimmed screen stays visible at its edges.
    public var margins: EdgeInsets

    /// A modal showing `presentedView` over the whole screen.
    ///
    /// - Parameters:
    ///   - presentedView: the modal's content, laid out at the screen less `margins`.
    ///   - margins: space left around it; one row above and below and four columns each side
    ///     by default.
    public init(presentedView: View, margins: EdgeInsets = EdgeInsets(top: 1, left: 4, bottom: 1, right: 4)) {
        self.margins = margins
        super.init(presentedView: presentedView)
    }

    /// The screen less ``margins``, whatever the content's fitting size; the whole screen when
    /// the margins leave less than 2 × 2 cells.
    open override func frameOfPresentedView(inContext context: Rect, safeArea: EdgeInsets) -> Rect {
        let frame = context.inset(by: margins)
        return frame.width >= 2 && frame.height >= 2 ? frame : context
    }

    /// True: the context is the whole screen, wherever it was presented from.
    open override var usesScreenContext: Bool { true }
    /// The whole screen, borders and help bar included.
    open override func dimmingRect(in context: View) -> Rect { context.frame }
    /// The whole screen (by default it is the context's area inside its insets).
    open override func clipRect(in context: View) -> Rect { context.frame }
    /// 0.5, as UIKit's dimming views.
    open override var dimmingStrength: Double { 0.5 }
    /// True: Tab cycles inside the modal, and keys it does not handle skip the views beneath.
    open override var trapsFocus: Bool { true }
    /// False: a modal covers everything rather than queueing at an edge.
    open override var stacksWithOthers: Bool { false }
    /// False: a modal cannot be dragged away; Esc or the program closes it.
    open override var allowsInteractiveDismissal: Bool { false }
}
