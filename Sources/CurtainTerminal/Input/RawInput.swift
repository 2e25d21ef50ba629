import CurtainLayout

/// One item read from ncurses, before decoding: what `wget_wch` (and `getmouse`) returned.
///
/// ncurses already turns the escape sequences it finds in terminfo into function keys; what it
/// does not know (bracketed paste markers, sequences of other terminals) arrives as separate
/// characters, which ``KeyDecoder`` assembles.
enum RawInput: Hashable, Sendable {
    /// A character code (`wget_wch` returned `OK`). May be a control character or invalid.
    case character(UInt32)
    /// A function key ncurses decoded from terminfo.
    case key(Key)
    /// A button-1 press or click that ncurses decoded.
    case mouse(column: Int, row: Int)
    /// ncurses reported `KEY_RESIZE`; the size is the new one.
    case resize(Size)
    /// The read timed out: nothing more arrived within the wait the decoder asked for.
    case idle
}
