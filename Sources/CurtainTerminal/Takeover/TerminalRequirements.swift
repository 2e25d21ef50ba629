/// What the refusal checks look at before ncurses starts, gathered so the decision is a pure
/// function (``refusal(programName:alternative:)``).
struct TerminalRequirements: Hashable, Sendable {
    enum Terminfo: Hashable, Sendable {
        /// The entry exists; `canAddressCursor` is whether it has `cup`.
        case found(canAddressCursor: Bool)
        /// No entry for this `TERM`.
        case unknown
        /// No terminfo database at all.
        case noDatabase
    }

    var stdinIsTerminal: Bool
    var stdoutIsTerminal: Bool
    /// The `TERM` environment variable.
    var term: String?
    var terminfo: Terminfo

    /// The error to refuse with, nil when a full-screen session can start.
    ///
    /// - Parameters:
    ///   - programName: names the program in the message.
    ///   - alternative: another way to run it, added to the fix ("use --headless").
    func refusal(programName: String, alternative: String?) -> TerminalError? {
        let orElse = alternative.map { ", or \($0)" } ?? ""
        if !stdoutIsTerminal || !stdinIsTerminal {
            let which = !stdoutIsTerminal ? "stdout" : "stdin"
            return TerminalError(
                "\(programName) needs an interactive terminal: \(which) is not a terminal (run it directly in a terminal\(orElse))")
        }
        guard let term, !term.isEmpty else {
            return TerminalError(
                "\(programName) needs to know the terminal type: TERM is not set (set TERM, e.g. TERM=xterm-256color\(orElse))")
        }
        let shown = Self.printable(term)
        switch terminfo {
        case .noDatabase:
            return TerminalError(
                "\(programName) cannot find the terminfo database for TERM=\(shown) (install ncurses-base or ncurses-term\(orElse))")
        case .unknown:
            return TerminalError(
                "\(programName) does not know the terminal type TERM=\(shown) (set TERM to a known type such as xterm-256color, install ncurses-term\(orElse))")
        case .found(canAddressCursor: false):
            return TerminalError(
                "\(programName) needs a terminal that can move the cursor, and TERM=\(shown) cannot (use a full terminal such as xterm-256color\(orElse))")
        case .found(canAddressCursor: true):
            return nil
        }
    }

    /// `text` made safe for a one-line message, at most 64 characters of it: C0 controls shown
    /// as their control pictures (ESC → `␛`) and DEL as `␡`, as the screen draws them, C1
    /// controls as `<U+0085>` — escaped, not dropped, so `TERM=\e]0;PWN` does not read as the
    /// innocent `]0;PWN`.
    static func printable(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(64) {
            switch scalar.value {
            case 0x00..<0x20: shown.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: shown += "\u{2421}"
            case 0x80...0x9F: shown += "<U+00" + String(scalar.value, radix: 16, uppercase: true) + ">"
            default: shown.unicodeScalars.append(scalar)
            }
        }
        return shown
    }
}
