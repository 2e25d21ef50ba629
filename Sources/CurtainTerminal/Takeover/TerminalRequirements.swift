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

    /// `text` made safe for a one-line message: control characters removed, at most 64 scalars.
    static func printable(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }.prefix(64))
        return String(scalars)
    }
}
