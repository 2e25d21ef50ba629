/// A card of a fixed height against the bottom of its context, as wide as a toast: a panel of
/// controls or details whose size does not follow its content (seed 000's companion project).
/// It slides up, dims its context, stacks with toasts, and can be dragged down to dismiss.
@MainActor
open class CardPresentationController: PresentationController {
    /// How tall the card is.
    public enum Height: Sendable, Equatable {
        /// This many rows.
        case rows(Int)
        /// This share (0…1) of the context's content height.
        case fraction(Double)
    }

    /// How tall the card is: a number of rows or a share of its context.
    public let height: Height

    /// How much the card darkens its context (``Dimming/standard`` unless told otherwise).
    public let dimming: Dimming

    /// A card showing `presentedView` at `height`, whatever the content's fitting size.
    ///
    /// - Parameters:
    ///   - presentedView: the card's content, laid out at the card's frame.
    ///   - height: rows, or a share of the context's content height.
    ///   - dimming: how much its context is darkened; half by default.
    public init(presentedView: View, height: Height, dimming: Dimming = .standard) {
        self.height = height
        self.dimming = dimming
        super.init(presentedView: presentedView)
    }

    /// ``dimming``'s strength.
    open override var dimmingStrength: Double { dimming.strength }

    /// The fixed height, against the bottom edge, inside the insets; never taller than the room.
    open override func frameOfPresentedView(inContext context: Rect, safeArea: EdgeInsets) -> Rect {
        let area = context.inset(by: safeArea).inset(by: insets)
        let wanted = switch height {
        case .rows(let rows): rows
        case .fraction(let share): Int((Double(context.inset(by: safeArea).height) * min(1, max(0, share))).rounded())
        }
        let rows = max(0, min(wanted, area.height))
        return Rect(x: area.minX, y: area.maxY - rows, width: max(0, area.width), height: rows)
    }
}
