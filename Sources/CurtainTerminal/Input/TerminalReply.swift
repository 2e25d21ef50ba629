/// An answer the terminal sent to a query, read from the same input as the keys.
///
/// Replies are decoded as replies, never as keys: a terminal that answers late (over ssh) or
/// answers a query it was not asked by this program must not type into the application. The
/// session uses them to detect synchronized output; round trips (DSR) and the terminal's
/// colours (OSC 10/11) build on them.
enum TerminalReply: Hashable, Sendable {
    /// Primary device attributes (DA1), `CSI ? Ps ; … c`: the terminal's class and features.
    /// Every terminal answers DA1, so a DA1 query sent after others marks when their answers
    /// are all in.
    case primaryDeviceAttributes([Int])
    /// A mode report (DECRPM), `CSI ? Pd ; Ps $ y` for DEC private modes (`CSI Pd ; Ps $ y` for
    /// ANSI modes, `isPrivate` false): whether the terminal knows mode `mode` and its state.
    case modeReport(mode: Int, state: ModeState, isPrivate: Bool)
    /// A device status report (DSR), `CSI Ps n`: 0 means the terminal is fine. Sent back for
    /// `CSI 5 n`; the round trip tells when everything written before it was processed.
    case deviceStatus(Int)
    /// A cursor position report, `CSI ? Pr ; Pc R` (DECXCPR, for `CSI ? 6 n`) or `CSI Pr ; Pc R`
    /// (for `CSI 6 n`), 1-based as sent. The plain form with row 1 and a column of 2…16 is
    /// also how xterm sends F3 with modifiers and is read as that key: ask with `CSI ? 6 n`.
    case cursorPosition(row: Int, column: Int)
    /// An operating system command, `ESC ] Ps ; Pt BEL` or `… ESC \`: OSC 10 and 11 answer
    /// with the foreground and background colours (`rgb:RRRR/GGGG/BBBB`). `number` is -1 when
    /// the string does not start with one.
    case operatingSystemCommand(number: Int, text: String)
    /// Any other reply (a CSI sequence with a private marker `<`, `=`, `>` or `?` that is not one
    /// of the above, such as secondary device attributes), as its bytes after `ESC [`.
    case other([UInt8])

    /// The state part of a DECRPM report.
    enum ModeState: Int, Hashable, Sendable {
        case notRecognized = 0
        case set = 1
        case reset = 2
        case permanentlySet = 3
        case permanentlyReset = 4

        /// Reads a state number; values outside 0…4 count as not recognised.
        init(number: Int) { self = ModeState(rawValue: number) ?? .notRecognized }

        /// Whether the terminal knows the mode and can switch it.
        var isSwitchable: Bool { self == .set || self == .reset }
    }
}
