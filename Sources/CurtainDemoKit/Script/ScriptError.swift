import CurtainLayout

/// Why a script could not be read or parsed. When a script has an error, none of it runs.
///
/// `description` is the message to show the user, in the compiler-like form
/// `tour.txt:7:1: unknown command 'kye' (expected one of: key, type, wait, resize, mouse, drag, end)`.
/// Errors that concern the whole file (it is missing, unreadable, too large) have no line
/// or column: `cannot read script 'tour.txt': no such file or directory`.
struct ScriptError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The file name as given to the parser or loader.
    var file: String
    /// 1-based line, or nil when the error concerns the whole file.
    var line: Int?
    /// 1-based column counted in characters (Swift `Character`s, i.e. extended grapheme
    /// clusters — not bytes, not terminal cells), or nil when the error concerns the whole file.
    var column: Int?
    /// What went wrong and what was expected, without the position prefix. Any script text or
    /// path it quotes is already escaped (``MessageText``).
    var message: String

    init(file: String, line: Int?, column: Int?, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// The file name is escaped like any text quoted in a message (``MessageText``): it comes
    /// from the command line and may hold anything a file name can.
    var description: String {
        let file = MessageText.escaping(file)
        if let line, let column {
            return "\(file):\(line):\(column): \(message)"
        }
        if let line {
            return "\(file):\(line): \(message)"
        }
        return message
    }
}
