import CurtainLayout
import CurtainScreen

/// One answer to an ``AlertController``: a title, a shortcut letter (its first letter unless
/// given), a role (a cancel action answers Esc), and what it does.
public struct AlertAction {
    /// The button's text.
    public var title: String
    /// The key that picks this action; nil means the title's first letter.
    public var shortcut: Character?
    /// How the button looks and behaves: a ``Button/Role/cancel`` action is the one Esc picks.
    public var role: Button.Role
    /// Runs when the action is picked, as the alert starts to leave.
    public var handler: @MainActor () -> Void

    /// An answer for an alert.
    ///
    /// - Parameters:
    ///   - title: the button's text.
    ///   - shortcut: the key that picks it; nil means the title's first letter.
    ///   - role: ``Button/Role/cancel`` makes it the answer to Esc; ``Button/Role/destructive``
    ///     marks an action that loses something.
    ///   - handler: what it does; nothing by default (the alert still closes).
    public init(_ title: String, shortcut: Character? = nil, role: Button.Role = .normal,
                handler: @escaping @MainActor () -> Void = {}) {
        self.title = title
        self.shortcut = shortcut
        self.role = role
        self.handler = handler
    }
}

/// A question the user must answer before going on — UIKit's `UIAlertController`: a message
/// and two or more actions, as a sheet from the top of its context (or a card in its middle),
/// dimming the context and trapping focus until answered. A shortcut letter, Enter on a
/// button or a click answers; Esc picks the cancel action. A press on the dimmed area does
/// nothing: the question stands.
///
/// ```swift
/// let alert = AlertController(title: "Clear the log?", message: "All 120 messages go.", actions: [
///     AlertAction("Yes, clear", shortcut: "y", role: .destructive) { log.clear() },
///     AlertAction("No", shortcut: "n", role: .cancel),
/// ])
/// scene.present(alert, from: log)
/// ```
@MainActor
open class AlertController: PresentationController {
    /// Where the alert sits in its context.
    public enum Placement: Sendable, Equatable {
        /// Against the top of the context, sliding down (a sheet).
        case sheet
        /// In the middle of the context, sliding down from above it.
        case card
    }

    /// The answers, in the order their buttons appear.
    public let actions: [AlertAction]
    /// A sheet against the top of the context, or a card in its middle.
    public let placement: Placement
    /// Called with the action chosen, as soon as it is (before the alert has slid out).
    public var onAnswer: (@MainActor (AlertAction) -> Void)?
    /// The action chosen, once one is.
    public private(set) var answer: AlertAction?

    private let alertView: AlertView

    /// An alert ready to present with ``Scene/present(_:from:animated:)``.
    ///
    /// - Parameters:
    ///   - title: shown in the box's top border; none by default.
    ///   - message: the question, wrapped to the alert's width.
    ///   - actions: at least one answer; one with the cancel role answers Esc.
    ///   - placement: ``Placement/sheet`` (the default) or ``Placement/card``.
    public init(title: String? = nil, message: String, actions: [AlertAction], placement: Placement = .sheet) {
        precondition(!actions.isEmpty, "an alert needs at least one action")
        self.actions = actions
        self.placement = placement
        var answered: ((Int) -> Void)?
        let buttons = actions.enumerated().map { index, action in
            Button(action.title, shortcut: action.shortcut, role: action.role) { answered?(index) }
        }
        alertView = AlertView(title: title, message: message, buttons: ButtonRow(buttons))
        super.init(presentedView: alertView)
        answered = { [unowned self] index in choose(index, reason: .programmatic) }
    }

    /// Picks `actions[index]`: runs its handler, tells ``onAnswer``, dismisses.
    private func choose(_ index: Int, reason: DismissalReason) {
        guard answer == nil, state == .presenting || state == .presented else { return }
        let action = actions[index]
        answer = action
        scene?.dismiss(self, reason: reason)
        action.handler()
        onAnswer?(action)
    }

    /// The top: an alert comes down from above, as a sheet does.
    open override var edge: PresentationEdge { .top }
    /// True: focus stays in the alert until it is answered.
    open override var trapsFocus: Bool { true }
    /// A card sits in the middle: it stacks with nothing.
    open override var stacksWithOthers: Bool { placement == .sheet }
    /// Flush with the top of the context's content area, two columns from each side.
    open override var insets: EdgeInsets { EdgeInsets(top: 0, left: 2, bottom: 1, right: 2) }

    /// A sheet: the default frame, against the top. A card: the content area's width less 8
    /// columns, kept between 30 and 60 and never wider than the sheet; as tall as its message
    /// and buttons need; centred in the context's content area.
    open override func frameOfPresentedView(inContext context: Rect, safeArea: EdgeInsets) -> Rect {
        let frame = super.frameOfPresentedView(inContext: context, safeArea: safeArea)
        guard placement == .card else { return frame }
        let area = context.inset(by: safeArea)
        let width = min(frame.width, max(30, min(60, area.width - 8)))
        let x = area.minX + (area.width - width) / 2
        let height = alertView.fittingSize(width: width).height
        let fitted = min(height, area.height)
        return Rect(x: x, y: area.minY + max(0, (area.height - fitted) / 2), width: width, height: fitted)
    }

    /// Esc picks the cancel action (or closes the alert when it has none).
    open override func handleKey(_ key: Key) -> Bool {
        guard key == .escape else { return false }
        if let cancel = actions.firstIndex(where: { $0.role == .cancel }) {
            choose(cancel, reason: .escapeKey)
        } else {
            scene?.dismiss(self, reason: .escapeKey)
        }
        return true
    }

    /// The question stands: a press outside does nothing.
    open override func handlePressOnDimmedArea(at point: Point) -> Bool { true }

    /// Focuses the first action that is not the cancel one, so Enter gives the likely answer.
    open override func presentationTransitionWillBegin() {
        // Focus the first action that is not the cancel one (the likely answer).
        let buttons = alertView.buttons.buttons
        if let scene, let first = buttons.first(where: { $0.role != .cancel }) ?? buttons.first, scene.isOnScreen(first) {
            scene.focus(first)
        }
    }
}

/// The alert's box: an optional title in its border, the message, the buttons.
@MainActor
final class AlertView: View {
    let message: Label
    let buttons: ButtonRow
    let title: String?

    init(title: String?, message: String, buttons: ButtonRow) {
        self.title = title
        self.message = Label(message, role: \.sheet)
        self.buttons = buttons
        super.init()
        addSubview(self.message)
        addSubview(buttons)
    }

    /// Border, one blank column of padding each side, the message, a blank row, the buttons
    /// (a row of them, or more where they do not fit side by side).
    override func fittingSize(width: Int) -> Size {
        let inner = max(0, width - 4)
        return Size(width: width, height: 2 + message.fittingSize(width: inner).height + 1 + buttons.fittingSize(width: inner).height)
    }

    override func layoutSubviews() {
        let inner = layoutFrame.insetBy(dx: 2, dy: 1)
        let buttonRows = min(buttons.fittingSize(width: inner.width).height, max(0, inner.height))
        let messageHeight = message.fittingSize(width: inner.width).height
        message.frame = Rect(x: inner.minX, y: inner.minY, width: inner.width,
                             height: min(messageHeight, max(0, inner.height - buttonRows - 1)))
        buttons.frame = Rect(x: inner.minX, y: inner.maxY - buttonRows, width: inner.width, height: buttonRows)
    }

    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        buffer.fill(frame.intersection(clip), with: .blank(theme.sheet))
        buffer.drawBox(frame, style: theme.sheetBorder, title: title.map(theme.displayable), titleStyle: theme.sheetBorder, clip: clip)
    }
}
