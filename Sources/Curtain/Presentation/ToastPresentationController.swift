import CurtainLayout

/// A toast: against the bottom edge of its context, as tall as its content at its width. Its
/// width is the context's content area less two columns each side, or — with
/// ``Width/fitting(maximum:)`` — its content's own, centred. Slides up from below the context.
///
/// ```swift
/// // As wide as "Copied 3 files" in its box, at most 40 columns (the text wraps beyond).
/// let toast = ToastPresentationController(presentedView: Label("Copied 3 files", border: true),
///                                         autoDismissAfter: 2, width: .fitting(maximum: 40))
/// ```
@MainActor
open class ToastPresentationController: PresentationController {
    /// How wide a toast is.
    public enum Width: Sendable, Equatable {
        /// The context's content area less the insets (two columns each side): the default.
        case context
        /// The content's own width (``View/fittingWidth(maximum:)``: a label's widest line
        /// with its box), at most `maximum` columns (nil: no limit) and never wider than the
        /// context's content area less the insets; centred in it. The height follows the
        /// content at that width.
        case fitting(maximum: Int?)
    }

    private let delay: Double?
    /// How much the toast darkens its context (``Dimming/standard`` unless told otherwise).
    public let dimming: Dimming
    /// How wide the toast is: the context's width (the default) or its content's.
    public let width: Width

    /// A toast showing `presentedView`, sized by its fitting height (and, with
    /// ``Width/fitting(maximum:)``, its fitting width).
    ///
    /// - Parameters:
    ///   - presentedView: the toast's content; its ``View/fittingSize(width:)`` sets the height.
    ///   - autoDismissAfter: seconds after which the toast dismisses itself; it is kept while
    ///     its content has focus. Nil (the default) keeps it until dismissed.
    ///   - dimming: how much its context is darkened; `.none` keeps what is beneath readable
    ///     (a progress toast over a live log). Half by default.
    ///   - width: ``Width/context`` (the default) or ``Width/fitting(maximum:)``.
    public init(presentedView: View, autoDismissAfter: Double? = nil, dimming: Dimming = .standard,
                width: Width = .context) {
        self.delay = autoDismissAfter
        self.dimming = dimming
        self.width = width
        super.init(presentedView: presentedView)
    }

    /// The default frame, or with ``Width/fitting(maximum:)`` one as wide as the content,
    /// centred, as tall as the content at that width (within the height the context leaves).
    open override func frameOfPresentedView(inContext context: Rect, safeArea: EdgeInsets) -> Rect {
        let full = super.frameOfPresentedView(inContext: context, safeArea: safeArea)
        guard case .fitting(let maximum) = width else { return full }
        let area = context.inset(by: safeArea)
        let room = area.width - insets.left - insets.right
        guard room > 0 else { return full }
        let fitted = max(1, presentedView.fittingWidth(maximum: min(room, maximum.map { max(1, $0) } ?? room)))
        var allowed = area.height - insets.top - insets.bottom
        if let maximumHeight { allowed = min(allowed, maximumHeight) }
        let height = max(0, min(presentedView.fittingSize(width: fitted).height, allowed))
        let x = area.minX + insets.left + (room - fitted) / 2
        let y = edge == .top ? area.minY + insets.top : area.maxY - insets.bottom - height
        return Rect(x: x, y: y, width: fitted, height: height)
    }

    /// ``dimming``'s strength.
    open override var dimmingStrength: Double { dimming.strength }

    /// The bottom (as by default): a toast rises from below its context.
    open override var edge: PresentationEdge { .bottom }
    /// The `autoDismissAfter` given at creation.
    open override var autoDismissDelay: Double? { delay }
}
