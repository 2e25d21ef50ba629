import Curtain

/// One line of a script, parsed.
enum ScriptCommand: Equatable, Sendable {
    /// `key NAME`: press one key.
    case key(Key)
    /// `type TEXT`: type the text one character at a time. Never empty; may hold any
    /// character, control characters included (they are typed as text, not interpreted).
    case type(String)
    /// `wait DURATION`: let time pass, in whole milliseconds (0 or more).
    case wait(milliseconds: Int)
    /// `resize COLSxROWS`: the terminal changes size.
    case resize(columns: Int, rows: Int)
    /// `end`: the script stops here; nothing after this line is read.
    case end
}
