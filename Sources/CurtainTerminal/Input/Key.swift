/// A key the user pressed, as the terminal reported it.
///
/// Control letters other than C and Z arrive as ``control(_:)`` with the lowercase letter (Ctrl-A
/// is `.control("a")`); Ctrl-C and Ctrl-Z have their own cases because every program must handle
/// them (the terminal runs in raw mode, so they are keys, not signals).
public enum Key: Hashable, Sendable {
    /// A printable character, wide characters included.
    case character(Character)
    case enter
    case backspace
    /// The forward-delete key.
    case delete
    case escape
    case tab
    /// Shift-Tab.
    case backTab
    case up, down, left, right
    case home, end, pageUp, pageDown, insert
    /// A function key, F1 is `.function(1)`.
    case function(Int)
    case controlC
    case controlZ
    /// Another control combination: Ctrl-A is `.control("a")`; Ctrl-@, Ctrl-\ , Ctrl-], Ctrl-^ and
    /// Ctrl-_ carry their punctuation.
    case control(Character)
}
