import CurtainLayout

/// Something the mouse did at a screen cell.
///
/// Terminals report presses, releases, movement while a button is held (drags) and wheel
/// turns; Curtain asks for exactly those (button-event tracking, SGR coordinates, so columns
/// past 223 work too), and for every motion only while something on screen needs it.
public struct MouseEvent: Hashable, Sendable {
    /// What the mouse did.
    public enum Kind: Hashable, Sendable {
        /// A button went down.
        case press
        /// A button came up.
        case release
        /// Moved with a button held.
        case drag
        /// The wheel turned toward the user's content above (scroll up).
        case scrollUp
        /// The wheel turned toward the content below (scroll down).
        case scrollDown
        /// Moved with no button held. Terminals report it only while the program asks for it:
        /// the app does while something on screen reacts to the pointer resting on it
        /// (``Scene/wantsPointerMotion``).
        case move
    }

    /// Which button was pressed, released or held.
    public enum Button: Hashable, Sendable {
        /// The primary button.
        case left
        /// The middle button (often the wheel pressed).
        case middle
        /// The secondary button.
        case right
        /// No button: wheel turns, and releases from terminals that do not say which button.
        case none
    }

    /// What happened: a press, a release, a drag, a wheel turn or a move.
    public var kind: Kind
    /// The button involved; ``Button/none`` when there is none (wheel turns, moves, and
    /// releases from terminals that do not say which button).
    public var button: Button
    /// The cell under the pointer, from (0, 0) at the top-left corner of the screen.
    public var location: Point
    /// Shift, Alt and Ctrl, as far as the terminal reports them with the mouse.
    public var modifiers: Key.Modifiers

    /// A mouse event, as a backend or a test reports it.
    ///
    /// - Parameters:
    ///   - kind: what the mouse did.
    ///   - button: the button involved; the left one by default.
    ///   - location: the cell under the pointer, (0, 0) at the top-left corner.
    ///   - modifiers: the modifier keys held; none by default.
    public init(_ kind: Kind, button: Button = .left, at location: Point, modifiers: Key.Modifiers = []) {
        self.kind = kind
        self.button = button
        self.location = location
        self.modifiers = modifiers
    }
}
