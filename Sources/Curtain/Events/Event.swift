import CurtainLayout

/// Something that happened at the terminal (or in a script, or a test): the only input an
/// ``App`` receives from its ``Backend``.
public enum Event: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// Text pasted with bracketed paste, whole: newlines are `"\n"`, escape sequences and
    /// other control characters are removed, so a paste never acts as key presses.
    case paste(String)
    /// A mouse press, release, drag, wheel turn or motion.
    case mouse(MouseEvent)
    /// The screen now has this size.
    case resize(Size)
    /// No more input will come: the terminal hung up, a script ended, a headless run has
    /// nothing left to do. The run loop ends.
    case inputEnded
}
