/// The input reports the session switches on itself, whatever terminfo says: ncurses is told
/// to leave the mouse alone (`mousemask(0, nil)`), and bracketed paste is no terminfo feature.
enum InputModes {
    /// Bracketed paste (2004), button-event mouse tracking (1002: presses, releases and drags,
    /// not every motion) and SGR mouse coordinates (1006: any column, releases that name their
    /// button). Sent at start and after a resume; without `mouse`, bracketed paste alone (see
    /// ``ScreenHeldEscape``).
    static func enable(mouse: Bool) -> [UInt8] {
        Array("\u{1B}[?2004h".utf8) + (mouse ? Array("\u{1B}[?1002h\u{1B}[?1006h".utf8) : [])
    }

    /// Every mouse mode off, bracketed paste left on.
    static let mouseOff = Array("\u{1B}[?1006l\u{1B}[?1003l\u{1B}[?1002l\u{1B}[?1000l".utf8)

    /// Bracketed paste and every mouse mode off (1006, 1003, 1002, 1000: also those another
    /// program may have left on). Sent at stop, before a suspend, and by the emergency restore.
    static let disable = Array("\u{1B}[?2004l".utf8) + mouseOff

    /// Every motion reported (1003), for as long as something on screen waits on the pointer
    /// resting on it.
    static let allMotion = Array("\u{1B}[?1003h".utf8)

    /// Back to button-event tracking: 1003 off switches mouse reports off altogether in xterm,
    /// so 1002 is asked for again.
    static let buttonMotion = Array("\u{1B}[?1003l\u{1B}[?1002h".utf8)
}
