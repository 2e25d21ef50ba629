/// Synchronized output (DEC private mode 2026): a terminal that supports it shows everything
/// written between `ESC[?2026h` and `ESC[?2026l` at once, so a frame never appears half drawn.
///
/// Support is detected, never assumed: a terminfo entry with the `Sync` extended capability
/// says yes; otherwise the terminal is asked with DECRQM (`ESC[?2026$p`) followed by a primary
/// device attributes request (`ESC[c`). Every terminal answers the second; one that knows mode
/// 2026 answers the first before it (`ESC[?2026;Ps$y`, Ps 1 or 2: supported; 0 or 4: not). So
/// the wait ends as soon as the device attributes arrive, with no fixed delay; only a terminal
/// that answers nothing costs ``timeout``. The answers are read by the session's
/// ``InputReader``, so keys typed meanwhile are kept, in order, for the program.
enum SynchronizedOutput {
    /// DECRQM for mode 2026.
    static let modeQuery = Array("\u{1B}[?2026$p".utf8)
    /// Primary device attributes (DA1): sent after every other question, its answer ends the
    /// wait for all of them (the session adds others: see `TerminalSession`'s start).
    static let attributesRequest = Array("\u{1B}[c".utf8)
    static let begin = Array("\u{1B}[?2026h".utf8)
    static let end = Array("\u{1B}[?2026l".utf8)
    /// How long to wait, in seconds, for a terminal that answers nothing (answers that come
    /// later still count).
    static let timeout = 0.100
    /// Frames of at most this many changed cells go out without brackets: ncurses writes them
    /// in one `write(2)` of well under a kilobyte, which a terminal shows whole anyway, and the
    /// brackets would cost 16 bytes on top (a clock tick is 54).
    static let smallFrame = 64

    /// What the terminal's replies said so far.
    struct Detection: Equatable, Sendable {
        /// The DECRPM answer for mode 2026, when one came: true for set or reset (the terminal
        /// knows the mode), false for not recognised or permanently reset.
        var modeKnown: Bool?
        /// Whether the device attributes reply came: the terminal has answered everything.
        var complete = false

        var supported: Bool { modeKnown ?? false }

        /// Takes one reply into account; other replies change nothing.
        mutating func note(_ reply: TerminalReply) {
            switch reply {
            case .modeReport(mode: 2026, let state, isPrivate: true):
                modeKnown = state.isSwitchable
            case .primaryDeviceAttributes:
                complete = true
            default:
                break
            }
        }
    }
}
