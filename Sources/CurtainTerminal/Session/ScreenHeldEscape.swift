/// GNU screen before 5.0 holds a lone Esc while mouse reporting is on: it reads the terminal's
/// input for mouse reports, keeps an Esc that might start one and passes it on only with the
/// next byte, however late (its `maptimeout` does not apply to that parser; 5.0's sources time
/// it out). So Esc would do nothing until the next key, and then arrive glued to it as an Alt
/// key. Measured with screen 4.09.00, a program reading raw bytes: with 1000, 1002, 1003 or 9
/// on, Esc then `q` 0.6 s later arrive as one read, `ESC q`; with no mouse mode, at once.
///
/// Inside screen (`TERM` starting with `screen`) the session asks for the secondary device
/// attributes, which screen answers itself with its version (`ESC[>83;40900;0c`: 83 is `S`,
/// 40900 is 4.09.00); when it is older than 5.0 the session turns mouse reporting off for the
/// rest of its run, so Esc works at once and the mouse does not. tmux, which also names itself
/// `screen…` in some setups, answers 84 and keeps the mouse.
enum ScreenHeldEscape {
    /// The secondary device attributes request.
    static let query = Array("\u{1B}[>c".utf8)

    /// Whether to ask: only where `TERM` says screen, so no other terminal sees the request.
    static func shouldAsk(term: String?) -> Bool {
        term?.hasPrefix("screen") == true
    }

    /// The first version of screen whose mouse parser times out (5.0.0, as screen numbers it).
    static let firstFixedVersion = 50_000

    /// Whether `answer` is GNU screen's secondary device attributes with a version before 5.0.
    static func holdsEscapeWhileMouseReports(answer: TerminalReply) -> Bool {
        guard case .other(let bytes) = answer, bytes.first == UInt8(ascii: ">"), bytes.last == UInt8(ascii: "c")
        else { return false }
        let fields = bytes.dropFirst().dropLast().split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard fields.count >= 2, fields[0].elementsEqual("83".utf8),
              let version = Int(String(decoding: fields[1], as: UTF8.self)) else { return false }
        return version < firstFixedVersion
    }
}
