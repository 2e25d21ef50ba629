/// Reads a program's output into a ``Log``'s lines as ``Log/append(ansi:)`` reads it —
/// colours carried from one line to the next, `\r`, backspace and `ESC [ K` editing the line
/// they are in — on any thread. The log's own `append(ansi:)` reads with one; `Log.follow`
/// (CurtainProcess) has a child's output read with another on the thread that reads the child,
/// so the main actor only stores lines that are ready.
package struct LogLineReader: Sendable {
    /// Lines read, ready for the log (`Log.append(_:)`, `Log.showOpenLine(_:)`).
    package struct ReadLines: Sendable {
        private(set) var lines: [LogLines.Line]

        /// Adds the lines of the read that came after this one: two reads appended in one go.
        package mutating func append(_ later: ReadLines) {
            lines += later.lines
        }
    }

    private var parser: ANSIParser = {
        var parser = ANSIParser()
        parser.editsLines = true
        return parser
    }()

    package init() {}

    /// The lines of `text` (split as ``Log/append(_:style:)`` splits), the state it leaves
    /// kept for the next call; each call starts a new line.
    package mutating func read(_ text: some StringProtocol) -> ReadLines {
        parser.startLine()
        return ReadLines(lines: LogLines.split(parser.parse(text)))
    }

    /// The lines of a child's output, read as a terminal reads them: only a newline ends a line
    /// (the child's bytes were cut into lines at newlines already; U+2028 and the other breaks
    /// ``Log/append(_:style:)`` honours are characters here). The state it leaves is kept.
    package mutating func readAsATerminal(_ text: some StringProtocol) -> ReadLines {
        parser.startLine()
        return ReadLines(lines: LogLines.split(parser.parse(text), asATerminal: true))
    }

    /// The lines of an open line (see ``Log/showOpenLine(ansi:)``): read from the state the
    /// lines before it left, changing nothing for the lines after it.
    package func readOpenLine(_ text: some StringProtocol, asATerminal: Bool = false) -> ReadLines {
        var parser = parser
        parser.startLine()
        return ReadLines(lines: LogLines.split(parser.parse(text), asATerminal: asATerminal))
    }
}
