import CurtainLayout

/// Something the mouse did at a screen cell.
///
/// Terminals report presses, releases, movement while a button is held (drags) and wheel
/// turns; Curtain asks for exactly those (button-event tracking, SGR coordinates, so columns
/// past 223 work too), and for every motion only while something on screen needs it.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press
        case release
        /// Moved with a button held.
        case drag
        /// The wheel turned toward the user's content above (scroll up).
        case scrollUp
        case scrollDown
        /// Moved with no button held. Terminals report it only while the program asks for it:
        /// the app does while something on screen reacts to the pointer resting on it
        /// (``Scene/wantsPointerMotion``).
        case move
    }

    public enum Button: Hashable, Sendable {
        case left, middle, right
        /// No button: wheel turns, and releases from terminals that do not say which button.
        case none
    }

    public var kind: Kind
    public var button: Button
    /// The cell under the pointer, from (0, 0) at the top-left corner of the screen.
    public var location: Point
    /// Shift, Alt and Ctrl, as far as the terminal reports them with the mouse.
    public var modifiers: Key.Modifiers

    public init(_ kind: Kind, button: Button = .left, at location: Point, modifiers: Key.Modifiers = []) {
        self.kind = kind
        self.button = button
        self.location = location
        self.modifiers = modifiers
    }
}
