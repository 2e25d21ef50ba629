/// Reads a program's output into a ``Log``'s lines as ``Log/append(ansi:)`` reads it —
/// colours carried from one line to the next, `\r`, backspace and `ESC [ K` editing the line
/// they are in — on any thread. The log's own `append(ansi:)` reads with one; `Log.follow`
/// (CurtainProcess) has a child's output read with another on the thread that reads the child,
/// so the main actor only stores lines that are ready.
package struct LogLineReader: Sendable {
    /// Lines read, ready for the log (`Log.append(_:)`, `Log.showOpenLine(_:)`).
    package struct ReadLines: Sendable {
        private(set) var lines: [LogLines.Line]

        /// The lines' text as the log shows it: sequences applied, without their styles.
        package var texts: [String] { lines.map(\.text) }

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

    /// The lines of `text` (split as ``Log/append(_:style:hangingIndent:)`` splits), the state it leaves
    /// kept for the next call; each call starts a new line.
    package mutating func read(_ text: some StringProtocol) -> ReadLines {
        parser.startLine()
        return ReadLines(lines: LogLines.split(parser.parse(text)))
    }

    /// A child's lines, each read into one log line: the child's bytes were cut into lines
    /// once, at its newlines, by the one reader of them (`OutputLines`), and are never split
    /// again (U+2028 and the other breaks ``Log/append(_:style:hangingIndent:)`` honours are characters of a
    /// terminal's line). Colours carry from one line to the next, and a sequence left open at
    /// the end of a line is ended there, as the newline ended it on a terminal.
    package mutating func read(lines: [String]) -> ReadLines {
        var read: [LogLines.Line] = []
        read.reserveCapacity(lines.count)
        for line in lines { read.append(Self.line(line, with: &parser)) }
        return ReadLines(lines: read)
    }

    /// A child's open line, the text after its last newline (see ``read(lines:)``): read from
    /// the state the lines before it left, changing nothing for the lines after it.
    package func read(openLine: String) -> ReadLines {
        var parser = parser
        return ReadLines(lines: [Self.line(openLine, with: &parser)])
    }

    private static func line(_ text: String, with parser: inout ANSIParser) -> LogLines.Line {
        // Most lines are printable ASCII outside any sequence: what the parse would make of one
        // — a single run in the style so far — without a parse (a child's output is often
        // short lines, where the parse's own cost is most of the reading).
        if !parser.isInsideSequence, text.utf8.allSatisfy({ $0 &- 0x20 < 0x5F }) {
            return LogLines.Line(text: text, styling: parser.style.map(LogLines.Line.Styling.inherited) ?? .log)
        }
        parser.startLine()
        var styled = parser.parse(text)
        if parser.isInsideSequence { styled = styled + parser.parse("\n") }
        return LogLines.line(styled)
    }

    /// The lines of an open line (see ``Log/showOpenLine(ansi:)``): read from the state the
    /// lines before it left, changing nothing for the lines after it.
    package func readOpenLine(_ text: some StringProtocol) -> ReadLines {
        var parser = parser
        parser.startLine()
        return ReadLines(lines: LogLines.split(parser.parse(text)))
    }
}
