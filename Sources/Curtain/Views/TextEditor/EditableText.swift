import CurtainLayout

/// Lines of text with a caret that edits anywhere: the model behind ``TextEditor``.
///
/// ```swift
/// var text = EditableText("hello\nworld")
/// text.caret = TextPosition(line: 0, offset: 5)
/// text.insert(contentsOf: ", there")        // "hello, there\nworld", the caret after "there"
/// text.moveDown(width: 40)                   // to line 1, as near column 12 as it goes
/// ```
///
/// Line breaks are not stored: a text is its lines, and every kind of line break inserted
/// (`\n`, `\r\n`, `\r`, U+0085, U+2028, U+2029) starts a new one. Control characters and
/// everything else are kept as typed (``TextEditor`` draws controls as control pictures).
///
/// **Costs.** The text is kept in blocks of a few kilobytes (see `TextStorage`), so an edit
/// costs the same in a text of ten lines or a million. Measuring is done for one width at a
/// time and only where it is asked for: the rows of a line are wrapped when they are shown or
/// the caret moves through them, and long lines keep where their rows start, so typing in a
/// line of a megabyte re-wraps a few rows (see `LineLayout.update`). The height of the whole
/// text is known block by block: ``rowCount(width:)`` measures what is not yet measured at
/// that width, which after a width change is everything; ``TextEditor`` instead measures a
/// bounded amount per frame (see ``TextEditor/rowsAbove``).
public struct EditableText: Sendable {
    var storage: TextStorage
    /// The caret: where typing goes.
    public var caret: TextPosition {
        get { caretPosition }
        set {
            caretPosition = aligned(newValue)
            goalColumn = nil
        }
    }
    var caretPosition = TextPosition(line: 0, offset: 0)
    /// The column Up and Down aim for, kept across rows too short to reach it.
    var goalColumn: Int?
    /// Layouts at the width last measured for.
    var layout = MeasuredLayout()

    /// An empty text: one empty line, the caret at its start.
    public init() {
        storage = TextStorage()
    }

    /// `string`'s lines, the caret at the end.
    public init(_ string: some StringProtocol) {
        storage = TextStorage(TextStorage.normalizingBreaks(string))
        caretPosition = endPosition
    }

    /// These lines (none is the same as one empty line), the caret at the end. A line break
    /// inside a line splits it.
    public init(lines: [String]) {
        self.init(lines.joined(separator: "\n"))
    }

    // MARK: - Reading

    /// The number of lines: at least one.
    public var lineCount: Int { storage.lineCount }

    /// Line `index`, without a line break.
    public func line(_ index: Int) -> String { String(storage.line(index)) }

    /// Every line. Builds them all: for a look at a few, use ``line(_:)``.
    public var lines: [String] { (0..<lineCount).map(line) }

    /// The whole text, lines joined with `"\n"`.
    public var string: String {
        var result = ""
        result.reserveCapacity(storage.utf8Count)
        for (index, block) in storage.blocks.enumerated() {
            if index > 0 { result += "\n" }
            result += block.text
        }
        return result
    }

    /// Bytes of ``string`` in UTF-8.
    public var utf8Count: Int { storage.utf8Count }

    /// True when the text is one empty line.
    public var isEmpty: Bool { storage.utf8Count == 0 }

    /// The position after the last character.
    public var endPosition: TextPosition {
        TextPosition(line: lineCount - 1, offset: storage.length(ofLine: lineCount - 1))
    }

    // MARK: - Editing at the caret

    /// Inserts `character` at the caret and moves the caret after it; a line break starts a
    /// new line.
    public mutating func insert(_ character: Character) {
        if TextWrapper.isHardBreak(character) {
            insertNewline()
        } else {
            replace(caretPosition..<caretPosition, with: String(character)[...])
        }
    }

    /// Inserts pasted or scripted text at the caret as one edit and moves the caret after it;
    /// each line break in it starts a new line.
    public mutating func insert(contentsOf text: some StringProtocol) {
        replace(caretPosition..<caretPosition, with: TextStorage.normalizingBreaks(text))
    }

    /// Splits the line at the caret; the caret goes to the start of the new line.
    public mutating func insertNewline() {
        replace(caretPosition..<caretPosition, with: "\n")
    }

    /// Deletes the character before the caret; at the start of a line, joins the line to the
    /// one above. Nothing happens at the start of the text.
    public mutating func deleteBackward() {
        guard let before = position(before: caretPosition) else { return }
        replace(before..<caretPosition, with: "")
    }

    /// Deletes the character after the caret; at the end of a line, joins the next line to
    /// it. Nothing happens at the end of the text.
    public mutating func deleteForward() {
        guard let after = position(after: caretPosition) else { return }
        replace(caretPosition..<after, with: "")
    }

    /// Replaces the whole text with `string`; the caret goes to the end.
    public mutating func setString(_ string: some StringProtocol) {
        self = EditableText(string)
    }

    /// Replaces `range` with `text` (whose only line break is `"\n"`) and puts the caret
    /// after it. Keeps what is measured up to date: the edited line's layout is updated in
    /// place, and its block's row count by the change in the line's rows.
    mutating func replace(_ range: Range<TextPosition>, with text: Substring) {
        let line = range.lowerBound.line
        let insertedLines = TextStorage.newlines(in: text)
        let oneLine = insertedLines == 0 && range.upperBound.line == line
        let width = layout.width
        // The rows of the lines the edit replaces, when they are few (typing, Enter, joining
        // two lines): the block's count then changes by the difference, with no re-measure.
        let replacedLines = line...range.upperBound.line
        let fewLines = replacedLines.count <= 8 && insertedLines <= 8
        let oldRows = width > 0 && fewLines ? replacedLines.reduce(0) { $0 + textRowCount(ofLine: $1) } : nil
        // A boundary before the edit stays one: the caret after the edit is found from there.
        let known = range.lowerBound.offset == 0 ? 0 : position(before: range.lowerBound)?.offset ?? 0
        let kept = storage.replace(range, with: text)

        var caret: TextPosition
        if insertedLines == 0 {
            caret = TextPosition(line: line, offset: range.lowerBound.offset + text.utf8.count)
            caret.offset = boundary(atOrAfter: caret.offset, inLine: line, from: knownBoundary(before: caret, floor: known))
        } else {
            caret = TextPosition(line: line + insertedLines, offset: TextStorage.bytesAfterLastNewline(in: text))
            caret.offset = boundary(atOrAfter: caret.offset, inLine: caret.line, from: knownBoundary(before: caret, floor: 0))
        }
        if let above = layout.rowsAbove, range.lowerBound.line < above.line { layout.rowsAbove = nil }
        // The caret moves before the rows are counted: the caret's line is the one whose layout
        // is made and kept (see textRowCount(ofLine:)). Counted with the caret still on the
        // line an Enter ends, that line was laid out for nothing and the new one was not.
        caretPosition = caret
        goalColumn = nil

        if width > 0 {
            if oneLine {
                // Out of the dictionary while it changes, so its arrays are not copied.
                if var cached = layout.lines.removeValue(forKey: line) {
                    cached.update(lineText(line), editedFrom: range.lowerBound.offset, oldEnd: range.upperBound.offset,
                                  newEnd: range.lowerBound.offset + text.utf8.count)
                    layout.lines[line] = cached
                }
            } else {
                layout.linesReplaced(range.lowerBound.line...range.upperBound.line, by: insertedLines + 1)
            }
            if let kept, let oldRows, storage.blocks[kept].rows >= 0 {
                let newRows = (line...(line + insertedLines)).reduce(0) { $0 + textRowCount(ofLine: $1) }
                storage.setRows(storage.blocks[kept].rows + newRows - oldRows, ofBlock: kept)
            } else {
                let first = kept ?? storage.locate(line).block
                let last = kept ?? storage.locate(line + insertedLines).block
                for block in first...last { storage.setRows(-1, ofBlock: block) }
                measureSoon(blocks: first...last)
            }
        }
    }

    // MARK: - Lines

    /// Line `index`, found through the line starts of its block, which the storage keeps for
    /// the next look-up and through edits in that block: drawing a screenful of rows, and an
    /// edit, look up lines of the same block again and again.
    mutating func lineText(_ index: Int) -> Substring {
        let (block, range) = storage.locateRange(ofLine: index)
        return utf8Slice(storage.blocks[block].text[...], range.lowerBound, range.upperBound)
    }

    /// Bytes of line `index`.
    mutating func lineLength(_ index: Int) -> Int {
        storage.locateRange(ofLine: index).range.count
    }

    // MARK: - Clusters

    /// The position one character before `position` (the end of the line above at a line's
    /// start), nil at the start of the text.
    mutating func position(before position: TextPosition) -> TextPosition? {
        if position.offset > 0 {
            let line = lineText(position.line)
            let index = line.utf8.index(line.startIndex, offsetBy: position.offset)
            return TextPosition(line: position.line, offset: line.utf8.distance(from: line.startIndex, to: line.index(before: index)))
        }
        guard position.line > 0 else { return nil }
        return TextPosition(line: position.line - 1, offset: lineLength(position.line - 1))
    }

    /// The position one character after `position` (the start of the next line at a line's
    /// end), nil at the end of the text.
    mutating func position(after position: TextPosition) -> TextPosition? {
        let line = lineText(position.line)
        if position.offset < line.utf8.count {
            let index = line.utf8.index(line.startIndex, offsetBy: position.offset)
            return TextPosition(line: position.line, offset: line.utf8.distance(from: line.startIndex, to: line.index(after: index)))
        }
        guard position.line < lineCount - 1 else { return nil }
        return TextPosition(line: position.line + 1, offset: 0)
    }

    /// The first cluster boundary at or after `offset` in line `index`, walking from `from`,
    /// a boundary at or before it.
    mutating func boundary(atOrAfter offset: Int, inLine index: Int, from: Int) -> Int {
        let line = lineText(index)
        let utf8 = line.utf8
        let target = min(offset, utf8.count)
        var current = line.utf8.index(line.startIndex, offsetBy: min(from, target))
        var reached = min(from, target)
        while reached < target {
            current = line.index(after: current)
            reached = utf8.distance(from: line.startIndex, to: current)
        }
        return reached
    }

    /// A cluster boundary at or before `position`, at least `floor` (itself a boundary): the
    /// nearest place within a few hundred bytes before it between two ASCII bytes (other than
    /// CR LF), where a cluster always ends — so finding the boundary after a long insertion
    /// walks a few characters, not the whole insertion. `floor` when there is none.
    mutating func knownBoundary(before position: TextPosition, floor: Int) -> Int {
        let line = lineText(position.line)
        return line.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            let count = bytes.count
            if position.offset >= count { return max(floor, count) }
            var q = position.offset
            let limit = max(floor + 1, position.offset - 256)
            while q >= limit {
                if bytes[q - 1] < 0x80, bytes[q] < 0x80, !(bytes[q - 1] == 0x0D && bytes[q] == 0x0A) { return q }
                q -= 1
            }
            return floor
        } ?? floor
    }

    /// `position` inside the text and on a cluster boundary (rounded down).
    mutating func aligned(_ position: TextPosition) -> TextPosition {
        let lineIndex = min(max(0, position.line), lineCount - 1)
        let line = lineText(lineIndex)
        let offset = min(max(0, position.offset), line.utf8.count)
        // Walk from a known boundary: the start of the row or line, or a later one nearby.
        var start = 0
        if let cached = layout.lines[lineIndex] { start = cached.starts[cached.row(containing: offset)] }
        start = knownBoundary(before: TextPosition(line: lineIndex, offset: offset), floor: start)
        let next = boundary(atOrAfter: offset, inLine: lineIndex, from: start)
        guard next > offset else { return TextPosition(line: lineIndex, offset: offset) }
        let index = line.utf8.index(line.startIndex, offsetBy: next)
        return TextPosition(line: lineIndex, offset: line.utf8.distance(from: line.startIndex, to: line.index(before: index)))
    }
}

extension EditableText: Equatable {
    /// Texts are equal when their lines and their carets are.
    public static func == (lhs: EditableText, rhs: EditableText) -> Bool {
        lhs.caretPosition == rhs.caretPosition && lhs.storage.utf8Count == rhs.storage.utf8Count && lhs.string == rhs.string
    }
}
