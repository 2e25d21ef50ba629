/// A demo script: what a recorded or replayed demo does, one command a line.
///
/// ## The language
///
/// A script is UTF-8 text (a leading byte-order mark is skipped). Lines end with LF or
/// CRLF. Each line is one of:
///
/// - blank (only spaces and tabs): ignored;
/// - a comment: its first non-blank character is `#`. There are no end-of-line comments,
///   because `type` text may contain `#` (`type issue #5` types all of `issue #5`);
/// - a command, optionally indented with spaces or tabs. Command words and key names are
///   case-sensitive:
///
/// | command | meaning |
/// |---|---|
/// | `key NAME` | press one key: `t`, `T`, `m`, `q`, `Enter`, `Esc`, `Tab`, `BTab`, `Backspace`, `Left`, `Right`, `Up`, `Down`, `Ctrl-C` |
/// | `type TEXT` | type TEXT one character at a time. TEXT is everything after the single space (or tab) that follows `type`, kept exactly: further leading spaces, trailing spaces, `#`, backslashes. There are no escapes: `\n` types a backslash and an `n`; to press Enter, use `key Enter` on its own line |
/// | `wait DURATION` | let time pass: a number followed by `ms` or `s`, like `0ms`, `400ms`, `1.5s`, `2s`; whole milliseconds, at most `3600s` |
/// | `wait settled` | let time pass until no animation runs; the lines after it start then |
/// | `mouse down COL ROW`, `mouse drag COL ROW`, `mouse up COL ROW` | press, move with the button held, release the left button at a cell (0-based column and row); each takes one keystroke interval |
/// | `drag COL ROW to COL ROW over DURATION` | a press, moves along a straight line one a frame (1/60 s) ending at the second cell, and a release there; takes DURATION |
/// | `resize COLSxROWS` | the terminal becomes COLS columns by ROWS rows, each from 1 to 1000, like `60x20` |
/// | `end` | stop here. Nothing after this line is read (not even checked), so notes may follow it |
///
/// `key`, `wait`, `resize` take exactly one argument and `end` none; arguments are separated
/// by spaces or tabs. An empty file is a valid script that does nothing.
///
/// ## Errors
///
/// The first mistake is reported with its file, line and column, and nothing runs:
/// `tour.txt:7:1: unknown command 'kye' (expected one of: key, type, wait, resize, mouse, drag, end)`.
/// Columns are 1-based and counted in characters (extended grapheme clusters), so a line
/// holding CJK or emoji is counted the way it reads, not in bytes or terminal cells.
/// Script text quoted in a message is escaped (``MessageText``): control characters show as
/// control pictures (`␛`, `␍`), invisible and space-like characters as `<U+00A0>`; columns
/// still count the characters of the source. A file whose line ends are CR only reads as one
/// line, so its error says so.
struct Script: Equatable, Sendable {
    /// The name used in error messages and by players to say what is running.
    var fileName: String
    /// The commands in order, each with its source line. If the script says `end`, the last
    /// step is `.end`.
    var steps: [ScriptStep]

    init(fileName: String, steps: [ScriptStep]) {
        self.fileName = fileName
        self.steps = steps
    }

    /// The commands in order, without their line numbers.
    var commands: [ScriptCommand] { steps.map(\.command) }

    /// Parses a script from the bytes of a file. `fileName` is used in error messages only.
    static func parse(_ bytes: [UInt8], fileName: String) throws(ScriptError) -> Script {
        let parser = ScriptParser(fileName: fileName)
        return Script(fileName: fileName, steps: try parser.parse(bytes))
    }

    /// Parses a script held in a string (a built-in script, a test).
    static func parse(_ text: String, fileName: String) throws(ScriptError) -> Script {
        try parse(Array(text.utf8), fileName: fileName)
    }
}
