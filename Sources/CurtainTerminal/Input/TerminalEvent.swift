import CurtainLayout

/// Something that happened at the terminal: the only input a program receives from
/// ``TerminalSession/nextEvent(timeout:)``.
public enum TerminalEvent: Hashable, Sendable {
    /// A key press.
    case key(Key)
    /// Text pasted with bracketed paste, whole: newlines are `"\n"`, escape sequences and other
    /// control characters are removed, so a paste never acts as key presses.
    case paste(String)
    /// A click (button 1 pressed) at a cell, from zero at the top-left corner.
    case mouse(column: Int, row: Int)
    /// The terminal now has this size; the next frame is repainted in full.
    case resize(Size)
    /// The terminal is gone (its input hung up, e.g. the window was closed while SIGHUP is
    /// ignored): nothing more will arrive, every later call returns this again. End the program.
    case hangup
}
