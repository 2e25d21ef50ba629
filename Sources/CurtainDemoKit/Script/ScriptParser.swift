import Curtain
import CurtainLayout
/// Turns the bytes of a script into steps, or the first error. See ``Script`` for the language.
///
/// Works on Unicode scalars rather than `Character`s while splitting, so that a combining
/// mark right after the separator space (`type \u{301}…`) stays in the text instead of
/// fusing with the space; characters are counted only to report columns.
struct ScriptParser {
    let fileName: String

    static let commandNames = "key, type, wait, resize, mouse, drag, end"
    static let cellHint = "expected a column and a row, 0-based cells like 10 4"
    static let durationHint = "expected a number followed by ms or s, like 400ms or 1.5s"
    static let sizeHint = "expected COLUMNSxROWS, like 60x20"
    static let sizeRangeHint = "columns and rows must be whole numbers from 1 to \(maxSide)"
    static let commentHint = "comments must be on a line of their own, starting with #"
    static let crOnlyHint = "the line ends are CR only (old Mac): convert them to LF"
    /// Longest `wait`: an hour is far beyond any demo, and keeps every sum of waits far from overflow.
    static let maxWaitMilliseconds = 3_600_000
    /// Largest terminal side a script may ask for.
    static let maxSide = 1000

    func parse(_ bytes: [UInt8]) throws(ScriptError) -> [ScriptStep] {
        var steps: [ScriptStep] = []
        var start = 0
        // Skip a UTF-8 byte-order mark: some editors write one, and it is not part of a command.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            start = 3
        }
        do throws(ScriptError) {
            try parseLines(bytes, from: start, into: &steps)
        } catch {
            // Without LF the whole file is one line, so the error is wherever the first command
            // happens to go wrong; say why.
            var error = error
            if bytes.contains(0x0D), !bytes.contains(0x0A) { error.message += "; \(Self.crOnlyHint)" }
            throw error
        }
        return steps
    }

    private func parseLines(_ bytes: [UInt8], from first: Int, into steps: inout [ScriptStep]) throws(ScriptError) {
        var start = first
        var lineNumber = 0
        while start < bytes.count {
            lineNumber += 1
            // 0x0A never occurs inside a multi-byte UTF-8 sequence, so splitting bytes on it is safe.
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            var contentEnd = end
            if contentEnd > start, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }
            let scalars = try decodeLine(bytes[start..<contentEnd], line: lineNumber)
            if let command = try parseLine(scalars, line: lineNumber) {
                steps.append(ScriptStep(command, line: lineNumber))
                if command == .end { break }
            }
            start = end + 1
        }
    }

    // MARK: - Lines

    /// Decodes one line, reporting the column of the first byte that is not valid UTF-8.
    private func decodeLine(_ bytes: ArraySlice<UInt8>, line: Int) throws(ScriptError) -> [Unicode.Scalar] {
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(bytes.count)
        var iterator = bytes.makeIterator()
        var utf8Parser = Unicode.UTF8.ForwardParser()
        var offset = bytes.startIndex
        while true {
            switch utf8Parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                let scalar = Unicode.UTF8.decode(encoded)
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return scalars
            case .error:
                let bad = bytes[offset]
                let problem =
                    Self.isCutShort(bytes[offset...]) ? "starts a character that is cut short" : "does not start a valid character"
                throw ScriptError(
                    file: fileName, line: line, column: column(of: scalars.count, in: scalars),
                    message: "invalid UTF-8: byte 0x\(hex(bad)) \(problem) (scripts must be saved as UTF-8 text)")
            }
        }
    }

    /// Whether `bytes` start with a valid lead byte whose sequence ends (at a byte that is no
    /// continuation byte, or at the end of the line) before it is complete, as opposed to a
    /// byte that can start no character or a complete sequence that encodes none (overlong,
    /// a UTF-16 surrogate, beyond U+10FFFF).
    static func isCutShort(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let lead = bytes.first else { return false }
        // The continuation bytes each lead byte needs, and the range its first one must be in
        // (narrower for E0, ED, F0 and F4: RFC 3629's table of well-formed sequences).
        let needed: Int
        var firstRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: needed = 1
        case 0xE0: needed = 2; firstRange = 0xA0...0xBF
        case 0xED: needed = 2; firstRange = 0x80...0x9F
        case 0xE1...0xEF: needed = 2
        case 0xF0: needed = 3; firstRange = 0x90...0xBF
        case 0xF4: needed = 3; firstRange = 0x80...0x8F
        case 0xF1...0xF3: needed = 3
        default: return false
        }
        for position in 1...needed {
            let index = bytes.startIndex + position
            guard index < bytes.endIndex else { return true }
            let byte = bytes[index]
            guard (0x80...0xBF).contains(byte) else { return true }
            if position == 1, !firstRange.contains(byte) { return false }
        }
        return false
    }

    private func parseLine(_ scalars: [Unicode.Scalar], line: Int) throws(ScriptError) -> ScriptCommand? {
        var index = skipBlanks(scalars, from: 0)
        guard index < scalars.count else { return nil }  // blank line
        if scalars[index] == "#" { return nil }  // comment
        let wordStart = index
        while index < scalars.count, !isBlank(scalars[index]) { index += 1 }
        let word = string(scalars[wordStart..<index])
        let afterWord = index

        func error(_ at: Int, _ message: String) -> ScriptError {
            ScriptError(file: fileName, line: line, column: column(of: at, in: scalars), message: message)
        }

        switch word {
        case "type":
            // Exactly one separator is consumed; everything after it is the text, unchanged.
            let textStart = afterWord + 1
            guard textStart < scalars.count else {
                throw error(
                    afterWord, "missing text after 'type' (expected 'type', one space and the text, like: type Hello)")
            }
            return .type(string(scalars[textStart...]))

        case "key":
            let arguments = words(scalars, from: afterWord)
            guard let (start, name) = arguments.first else {
                throw error(afterWord, "missing key name after 'key' (expected one of: \(ScriptKeyNames.namesList))")
            }
            if name.hasPrefix("#") {
                throw error(start, "unknown key \(quoted(name)) (\(Self.commentHint))")
            }
            if arguments.count > 1 {
                throw error(
                    arguments[1].start,
                    "unexpected \(quoted(arguments[1].text)) after the key name "
                        + extraArgumentHint(arguments[1].text, "key takes exactly one key; press each key on its own 'key' line")
                )
            }
            guard let key = ScriptKeyNames.key(named: name) else {
                if let near = ScriptKeyNames.caseInsensitiveMatch(name) {
                    throw error(
                        start, "unknown key \(quoted(name)) (key names are case-sensitive: did you mean '\(near)'?)")
                }
                if let meant = ScriptKeyNames.otherSpelling(name) {
                    throw error(start, "unknown key \(quoted(name)) (did you mean '\(meant)'?)")
                }
                throw error(start, "unknown key \(quoted(name)) (expected one of: \(ScriptKeyNames.namesList))")
            }
            return .key(key)

        case "wait":
            let arguments = words(scalars, from: afterWord)
            guard let (start, text) = arguments.first else {
                throw error(afterWord, "missing duration after 'wait' (\(Self.durationHint))")
            }
            if text == "settled", arguments.count == 1 { return .waitSettled }
            if arguments.count > 1 {
                throw error(
                    arguments[1].start,
                    "unexpected \(quoted(arguments[1].text)) after the duration "
                        + extraArgumentHint(arguments[1].text, "wait takes exactly one duration"))
            }
            switch Self.parseDuration(text) {
            case .success(let milliseconds): return .wait(milliseconds: milliseconds)
            case .failure(let reason): throw error(start, "invalid duration \(quoted(text)) (\(reason.message))")
            }

        case "resize":
            let arguments = words(scalars, from: afterWord)
            guard let (start, text) = arguments.first else {
                throw error(afterWord, "missing size after 'resize' (\(Self.sizeHint))")
            }
            if arguments.count > 1 {
                throw error(
                    arguments[1].start,
                    "unexpected \(quoted(arguments[1].text)) after the size "
                        + extraArgumentHint(arguments[1].text, "resize takes exactly one size, like 60x20"))
            }
            switch Self.parseSize(text) {
            case .success(let size): return .resize(columns: size.columns, rows: size.rows)
            case .failure(let reason): throw error(start, "invalid size \(quoted(text)) (\(reason.message))")
            }

        case "mouse":
            let arguments = words(scalars, from: afterWord)
            let kinds: [String: MouseEvent.Kind] = ["down": .press, "drag": .drag, "up": .release]
            guard let (start, action) = arguments.first else {
                throw error(afterWord, "missing action after 'mouse' (expected down, drag or up, then a cell, like: mouse down 10 4)")
            }
            guard let kind = kinds[action] else {
                throw error(start, "unknown mouse action \(quoted(action)) (expected down, drag or up)")
            }
            let cell = try parseCell(Array(arguments.dropFirst()), after: afterWord, error: error)
            if arguments.count > 3 {
                throw error(arguments[3].start, "unexpected \(quoted(arguments[3].text)) after the cell "
                            + extraArgumentHint(arguments[3].text, "mouse takes an action and one cell"))
            }
            return .mouse(kind, column: cell.x, row: cell.y)

        case "drag":
            let arguments = words(scalars, from: afterWord)
            let usage = "expected: drag COL ROW to COL ROW over DURATION, like drag 10 20 to 10 23 over 300ms"
            // Where the line stops following the pattern: a missing or misplaced word.
            let pattern: [String?] = [nil, nil, "to", nil, nil, "over", nil]
            let broken = pattern.indices.first { index in
                guard index < arguments.count else { return true }
                guard let word = pattern[index] else { return false }
                return arguments[index].text != word
            }
            if let broken {
                let at = broken < arguments.count ? arguments[broken].start : scalars.count
                throw error(at, "invalid drag (\(usage))")
            }
            if arguments.count > 7 {
                throw error(arguments[7].start, "unexpected \(quoted(arguments[7].text)) after the duration "
                            + extraArgumentHint(arguments[7].text, usage))
            }
            let from = try parseCell(Array(arguments[0...1]), after: afterWord, error: error)
            let to = try parseCell(Array(arguments[3...4]), after: arguments[2].start, error: error)
            switch Self.parseDuration(arguments[6].text) {
            case .success(let milliseconds): return .drag(from: from, to: to, milliseconds: milliseconds)
            case .failure(let reason): throw error(arguments[6].start, "invalid duration \(quoted(arguments[6].text)) (\(reason.message))")
            }

        case "end":
            if let extra = words(scalars, from: afterWord).first {
                throw error(
                    extra.start, "unexpected \(quoted(extra.text)) after 'end' " + extraArgumentHint(extra.text, "end takes no arguments"))
            }
            return .end

        default:
            throw error(wordStart, "unknown command \(quoted(word)) (expected one of: \(Self.commandNames))")
        }
    }

    /// A cell from two words, 0-based column and row up to ``maxSide``.
    private func parseCell(_ words: [(start: Int, text: String)], after position: Int,
                           error: (Int, String) -> ScriptError) throws(ScriptError) -> Point {
        guard words.count >= 2 else { throw error(words.first?.start ?? position, "missing cell (\(Self.cellHint))") }
        var values: [Int] = []
        for word in words.prefix(2) {
            let digits = Array(word.text.unicodeScalars)
            guard !digits.isEmpty, digits.allSatisfy(Self.isDigit),
                  let value = Self.cappedValue(digits[...], cap: Self.maxSide - 1) else {
                throw error(word.start, "invalid cell \(quoted(word.text)) (\(Self.cellHint), each below \(Self.maxSide))")
            }
            values.append(value)
        }
        return Point(x: values[0], y: values[1])
    }

    /// Script text as messages show it: quoted, with controls and invisible characters escaped
    /// (see ``MessageText``). Positions still count the source's characters.
    private func quoted(_ text: String) -> String {
        MessageText.quoted(text)
    }

    /// The parenthesised hint after an unexpected extra argument: `usage`, or, when the
    /// argument starts with `#`, that there are no end-of-line comments.
    private func extraArgumentHint(_ argument: String, _ usage: String) -> String {
        "(" + (argument.hasPrefix("#") ? Self.commentHint : usage) + ")"
    }

    // MARK: - Arguments

    struct Reason: Error {
        var message: String
    }

    /// `400ms`, `1.5s`, `2s`, `0ms` → whole milliseconds. Digits are ASCII only.
    static func parseDuration(_ text: String) -> Result<Int, Reason> {
        let hint = Reason(message: durationHint)
        if text.hasPrefix("-") {
            return .failure(Reason(message: "durations cannot be negative; \(durationHint)"))
        }
        var scalars = Array(text.unicodeScalars)
        let unitIsSeconds: Bool
        if scalars.count >= 2, scalars[scalars.count - 2] == "m", scalars[scalars.count - 1] == "s" {
            unitIsSeconds = false
            scalars.removeLast(2)
        } else if scalars.last == "s" {
            unitIsSeconds = true
            scalars.removeLast()
        } else {
            return .failure(hint)
        }
        let parts = scalars.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty, whole.allSatisfy(isDigit) else { return .failure(hint) }
        var fraction: ArraySlice<Unicode.Scalar> = []
        if parts.count == 2 {
            fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy(isDigit) else { return .failure(hint) }
        }
        let tooLong = Reason(message: "at most \(maxWaitMilliseconds / 1000)s")
        guard let wholeValue = cappedValue(whole, cap: maxWaitMilliseconds) else { return .failure(tooLong) }
        // Durations are whole milliseconds; a fraction finer than that would silently be lost.
        let keptFractionDigits = unitIsSeconds ? 3 : 0
        if fraction.dropFirst(keptFractionDigits).contains(where: { $0 != "0" }) {
            return .failure(
                Reason(message: "durations are whole milliseconds: at most 3 decimals with s, none with ms"))
        }
        var milliseconds = wholeValue
        if unitIsSeconds {
            var fractionMilliseconds = 0
            let digits = Array(fraction.prefix(3))
            for position in 0..<3 {
                fractionMilliseconds *= 10
                if position < digits.count { fractionMilliseconds += Int(digits[position].value - 48) }
            }
            milliseconds = wholeValue * 1000 + fractionMilliseconds
        }
        guard milliseconds <= maxWaitMilliseconds else { return .failure(tooLong) }
        return .success(milliseconds)
    }

    /// `60x20` → (60, 20), each side from 1 to ``maxSide``: decimal digits, one `x`, nothing
    /// else (no sign, no spaces). Also parses `curtain-demo --size`. A well-formed size out of
    /// range fails with ``sizeRangeHint``.
    static func parseSize(_ text: String) -> Result<(columns: Int, rows: Int), Reason> {
        let scalars = Array(text.unicodeScalars)
        let parts = scalars.split(separator: "x", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty,
            parts[0].allSatisfy(isDigit), parts[1].allSatisfy(isDigit)
        else { return .failure(Reason(message: sizeHint)) }
        guard let columns = cappedValue(parts[0], cap: maxSide), let rows = cappedValue(parts[1], cap: maxSide),
            columns >= 1, rows >= 1
        else {
            return .failure(Reason(message: sizeRangeHint))
        }
        return .success((columns, rows))
    }

    /// The value of ASCII digits, or nil once it exceeds `cap` (so no digit string can overflow).
    private static func cappedValue(_ digits: ArraySlice<Unicode.Scalar>, cap: Int) -> Int? {
        var value = 0
        for digit in digits {
            value = value * 10 + Int(digit.value - 48)
            if value > cap { return nil }
        }
        return value
    }

    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value >= 48 && scalar.value <= 57
    }

    // MARK: - Scalars

    private func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t"
    }

    private func skipBlanks(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start
        while index < scalars.count, isBlank(scalars[index]) { index += 1 }
        return index
    }

    /// The blank-separated words from `start` on, with the scalar index each begins at.
    private func words(_ scalars: [Unicode.Scalar], from start: Int) -> [(start: Int, text: String)] {
        var result: [(start: Int, text: String)] = []
        var index = skipBlanks(scalars, from: start)
        while index < scalars.count {
            let wordStart = index
            while index < scalars.count, !isBlank(scalars[index]) { index += 1 }
            result.append((wordStart, string(scalars[wordStart..<index])))
            index = skipBlanks(scalars, from: index)
        }
        return result
    }

    private func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    /// The 1-based column, in characters, of the scalar at `index`.
    private func column(of index: Int, in scalars: [Unicode.Scalar]) -> Int {
        string(scalars[..<index]).count + 1
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
    }
}
