import Curtain

/// The questions a program asks its terminal and a terminal answers at once, found in a child's
/// output: primary and secondary device attributes (`ESC[c`, `ESC[>c`), the status report
/// (`ESC[5n`) and the cursor position (`ESC[6n`). A child on a pseudo-terminal has no terminal
/// behind it to answer; one that waits for the answer (a shell's prompt, an editor starting,
/// `bash -c 'printf "\e[6n"; read -rsdR pos'`) would wait for ever. Its ``ChildProcess`` answers
/// instead, on its terminal's input, as xterm would; the cursor is where the child's text has
/// put it (after its open line, below its lines, within the terminal's size). The colour
/// queries (OSC 10 and 11: `ESC]11;?` ended by BEL or `ESC \`) are answered with the colours
/// the child's text is shown in — its log's (``Log/follow(_:eachLine:)`` tells them) — in
/// xterm's form and with the query's own terminator. A question asked before they are known is
/// answered when they are; a child nobody shows (its output iterated by the program) gets no
/// colour answer, and a program that asks waits for a timeout of its own.
struct TerminalQueries {
    /// The bytes of a question that a read may have cut: kept for the next.
    private var carried: [UInt8] = []

    enum Question: Equatable {
        case primaryAttributes, secondaryAttributes, status, cursorPosition
        /// OSC 10 and 11; `bell`: ended by BEL (else by `ESC \`), as the answer must be.
        case foregroundColor(bell: Bool), backgroundColor(bell: Bool)
    }

    /// The questions in `bytes` (and the end of the last piece), in order.
    mutating func questions(in bytes: UnsafeRawBufferPointer) -> [Question] {
        // Questions are rare: skip the copy when there is no Esc at all.
        guard carried.count > 0 || bytes.contains(0x1B) else { return [] }
        let text = carried + bytes
        var found: [Question] = []
        var index = 0
        var keepFrom = text.count
        while index < text.count {
            guard text[index] == 0x1B else {
                index += 1
                continue
            }
            // ESC [ then at most `>` or `?`, digits, and a final byte.
            var end = index + 1
            guard end < text.count else {
                keepFrom = index
                break
            }
            if text[end] == UInt8(ascii: "]") {
                // OSC 10 or 11, `;?`, then BEL or ESC \ : at most 9 bytes in all.
                let question = Array(text[index..<min(text.count, index + 9)])
                switch Self.colorQuery(question) {
                case .incomplete where text.count - index < 9:
                    keepFrom = index
                    index = text.count
                case .found(let asked, let length):
                    found.append(asked)
                    index += length
                default:
                    index += 1
                }
                continue
            }
            guard text[end] == UInt8(ascii: "[") else {
                index += 1
                continue
            }
            end += 1
            var marker: UInt8?
            if end < text.count, text[end] == UInt8(ascii: ">") || text[end] == UInt8(ascii: "?") {
                marker = text[end]
                end += 1
            }
            var parameter = 0
            var digits = 0
            while end < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[end]), digits < 4 {
                parameter = parameter * 10 + Int(text[end] - UInt8(ascii: "0"))
                digits += 1
                end += 1
            }
            guard end < text.count else {
                keepFrom = index
                break
            }
            switch (marker, parameter, text[end]) {
            case (nil, 0, UInt8(ascii: "c")): found.append(.primaryAttributes)
            case (UInt8(ascii: ">"), 0, UInt8(ascii: "c")): found.append(.secondaryAttributes)
            case (nil, 5, UInt8(ascii: "n")) where digits == 1: found.append(.status)
            case (nil, 6, UInt8(ascii: "n")) where digits == 1: found.append(.cursorPosition)
            default: break
            }
            index = end + 1
        }
        carried = keepFrom < text.count && text.count - keepFrom <= 8 ? Array(text[keepFrom...]) : []
        return found
    }

    private enum ColorQuery {
        case found(Question, length: Int)
        case incomplete
        case none
    }

    /// Whether `bytes` (from an ESC on) start with a colour query.
    private static func colorQuery(_ bytes: [UInt8]) -> ColorQuery {
        for (number, make) in [("10", Question.foregroundColor), ("11", Question.backgroundColor)] {
            let head = Array("\u{1B}]\(number);?".utf8)
            for (ending, bell) in [([UInt8(0x07)], true), ([UInt8(0x1B), UInt8(ascii: "\\")], false)] {
                let whole = head + ending
                if bytes.starts(with: whole) { return .found(make(bell), length: whole.count) }
                if bytes.count < whole.count, whole.starts(with: bytes) { return .incomplete }
            }
        }
        return .none
    }

    /// What xterm answers to `question`, the cursor at `row` and `column` (from 1), the text
    /// shown in `colors`; nil for a colour question when the colours are not known.
    static func answer(_ question: Question, row: Int, column: Int, colors: TerminalColors?) -> [UInt8]? {
        switch question {
        case .primaryAttributes: Array("\u{1B}[?62;22c".utf8)        // VT220, ANSI colour
        case .secondaryAttributes: Array("\u{1B}[>0;0;0c".utf8)
        case .status: Array("\u{1B}[0n".utf8)                          // ready, no malfunction
        case .cursorPosition: Array("\u{1B}[\(row);\(column)R".utf8)
        case .foregroundColor(let bell): colors.map { colorAnswer(10, $0.foreground, bell: bell) }
        case .backgroundColor(let bell): colors.map { colorAnswer(11, $0.background, bell: bell) }
        }
    }

    /// `ESC ] 11 ; rgb:rrrr/gggg/bbbb` and the terminator: xterm's 16 bits a channel.
    private static func colorAnswer(_ number: Int, _ color: (red: UInt8, green: UInt8, blue: UInt8), bell: Bool) -> [UInt8] {
        func channel(_ value: UInt8) -> String {
            let hex = String(UInt16(value) * 257, radix: 16)
            return String(repeating: "0", count: 4 - hex.count) + hex
        }
        let body = "\u{1B}]\(number);rgb:\(channel(color.red))/\(channel(color.green))/\(channel(color.blue))"
        return Array(body.utf8) + (bell ? [0x07] : [0x1B, UInt8(ascii: "\\")])
    }

    /// The text of `line` as a terminal shows it: escape sequences (CSI, OSC, two-byte) left
    /// out, so the cursor's column counts only what is on screen.
    static func shownText(_ line: String) -> String {
        guard line.contains("\u{1B}") else { return line }
        var shown = String.UnicodeScalarView()
        var scalars = line.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                shown.append(scalar)
                continue
            }
            switch scalars.next() {
            case "[":
                while let next = scalars.next(), !(0x40...0x7E).contains(next.value) {}
            case "]":
                var previous: Unicode.Scalar = " "
                while let next = scalars.next(), next != "\u{07}", !(previous == "\u{1B}" && next == "\\") { previous = next }
            default:
                break
            }
        }
        return String(shown)
    }
}
