import CurtainLayout

/// Lines of text with the insertion point at the end: what the editable toast holds.
///
/// Measuring is incremental, for one width at a time. Every line but the last keeps its
/// wrapped row count; the last line, where typing happens, keeps where each of its rows
/// starts. Typing or deleting a character re-wraps only the last three rows of the last line
/// (see ``LastLineLayout/rewrapEnd(of:width:)``), so an edit costs O(width) however long the
/// line and however many lines there are, and a new line costs O(1). A width change
/// re-measures everything once.
public struct EditableText: Sendable, Equatable {
    /// The lines, never empty: a new text holds one empty line.
    public private(set) var lines: [String] = [""]

    private var measuredWidth = -1
    /// Rows of every line but the last, at `measuredWidth` (the last line's entry is unused).
    private var rowCounts: [Int] = []
    private var rowsBeforeLastLine = 0
    private var lastLine = LastLineLayout()

    public init() {}

    public init(lines: [String]) {
        self.lines = lines.isEmpty ? [""] : lines
    }

    public var isEmpty: Bool { lines.count == 1 && lines[0].isEmpty }

    // MARK: - Editing

    /// Appends a character to the last line. Control characters are kept as text (they are drawn
    /// as Unicode control pictures, never sent to the terminal); a newline starts a new line.
    public mutating func insert(_ character: Character) {
        if TextWrapper.isHardBreak(character) {
            insertNewline()
            return
        }
        lines[lines.count - 1].append(character)
        relayoutLastLine()
    }

    /// Inserts pasted or scripted text: each newline (`\n`, `\r\n` or `\r`) starts a new line.
    /// The last line is re-wrapped once per pasted line, not once per character.
    public mutating func insert(contentsOf text: some StringProtocol) {
        var segmentStart = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if TextWrapper.isHardBreak(text[index]) {
                lines[lines.count - 1] += text[segmentStart..<index]
                relayoutLastLine(fromScratch: true)
                insertNewline()
                segmentStart = next
            }
            index = next
        }
        guard segmentStart < text.endIndex else { return }
        lines[lines.count - 1] += text[segmentStart...]
        relayoutLastLine(fromScratch: true)
    }

    /// Starts a new, empty line.
    public mutating func insertNewline() {
        let finished = lastLine.rowStarts.count  // without the caret: trailing spaces add no row
        lines.append("")
        guard measuredWidth >= 0 else { return }
        rowCounts[rowCounts.count - 1] = max(1, finished)
        rowsBeforeLastLine += max(1, finished)
        rowCounts.append(0)
        lastLine = LastLineLayout()
    }

    /// Deletes the character before the insertion point; on an empty line removes the line
    /// (the last remaining line is never removed).
    public mutating func deleteBackward() {
        if lines[lines.count - 1].isEmpty {
            guard lines.count > 1 else { return }
            lines.removeLast()
            guard measuredWidth >= 0 else { return }
            rowCounts.removeLast()
            rowsBeforeLastLine -= rowCounts[rowCounts.count - 1]
            relayoutLastLine(fromScratch: true)
            return
        }
        lines[lines.count - 1].removeLast()
        relayoutLastLine()
    }

    // MARK: - Measuring

    /// Rows the text takes wrapped at `width` columns, counting the caret cell after the last
    /// character (so showing the caret never needs a row the measurement did not count).
    public mutating func rowCount(width: Int) -> Int {
        guard width > 0 else { return 0 }
        if width != measuredWidth { remeasureAll(width: width) }
        return rowsBeforeLastLine + lastLine.rowCount(width: width)
    }

    /// The column of the caret on the last row of ``lastRows(_:width:)``: after the last
    /// character and any spaces typed after it, or 0 on a row of its own when that does not fit.
    public func caretColumn(width: Int) -> Int {
        guard width > 0 else { return 0 }
        let layout = width == measuredWidth ? lastLine : LastLineLayout(lines[lines.count - 1], width: width)
        return layout.caretColumn(width: width)
    }

    /// The last `count` wrapped rows at `width` (the bottom of the text, where the caret is),
    /// oldest first, with an empty last row when the caret needs a row of its own. Only the
    /// rows shown are wrapped.
    public func lastRows(_ count: Int, width: Int) -> [String] {
        guard count > 0, width > 0 else { return [] }
        let last = lines[lines.count - 1]
        let layout = width == measuredWidth ? lastLine : LastLineLayout(last, width: width)
        var rows = layout.caretNeedsOwnRow(width: width) ? [""] : []
        let fromLastLine = min(count - rows.count, max(1, layout.rowStarts.count))
        if fromLastLine > 0 {
            let first = layout.rowStarts.count - fromLastLine
            let start = first >= 0 && first < layout.rowStarts.count ? layout.rowStarts[first] : 0
            var wrapped = TextWrapper.wrap(last.utf8Suffix(from: start), width: width)
            if wrapped.isEmpty { wrapped = [""] }
            rows.insert(contentsOf: wrapped.suffix(fromLastLine), at: 0)
        }
        var index = lines.count - 2
        while index >= 0, rows.count < count {
            var wrapped = TextWrapper.wrap(lines[index], width: width)
            if wrapped.isEmpty { wrapped = [""] }
            rows.insert(contentsOf: wrapped, at: 0)
            index -= 1
        }
        return Array(rows.suffix(count))
    }

    public static func == (lhs: EditableText, rhs: EditableText) -> Bool { lhs.lines == rhs.lines }

    private mutating func remeasureAll(width: Int) {
        measuredWidth = width
        rowCounts = lines.dropLast().map { max(1, TextWrapper.lineCount($0, width: width)) } + [0]
        rowsBeforeLastLine = rowCounts.dropLast().reduce(0, +)
        lastLine = LastLineLayout(lines[lines.count - 1], width: width)
    }

    /// Re-wraps the end of the last line after an edit there (or all of it).
    private mutating func relayoutLastLine(fromScratch: Bool = false) {
        guard measuredWidth >= 0 else { return }
        let line = lines[lines.count - 1]
        if fromScratch {
            lastLine = LastLineLayout(line, width: measuredWidth)
        } else {
            lastLine.rewrapEnd(of: line, width: measuredWidth)
        }
    }
}

/// Where the rows of the line being typed start, and what the caret needs after them.
struct LastLineLayout: Sendable, Equatable {
    /// UTF-8 offsets of the first character of each wrapped row; empty for an empty line.
    var rowStarts: [Int] = []
    /// Cells of the last row's content (trailing spaces excluded, as the wrapper drops them).
    var lastRowWidth = 0
    /// Cells of the spaces after the last character: typed, so the caret goes after them.
    var trailingSpaces = 0

    init() {}

    init(_ line: String, width: Int) {
        rewrap(line, from: 0, keeping: 0, width: width)
    }

    /// Rows including the caret's own row when it needs one.
    func rowCount(width: Int) -> Int {
        max(1, rowStarts.count) + (caretNeedsOwnRow(width: width) ? 1 : 0)
    }

    func caretNeedsOwnRow(width: Int) -> Bool {
        !rowStarts.isEmpty && lastRowWidth + trailingSpaces >= width
    }

    func caretColumn(width: Int) -> Int {
        if caretNeedsOwnRow(width: width) { return 0 }
        return min(lastRowWidth + trailingSpaces, width - 1)
    }

    /// Re-wraps from the start of the third-to-last row after the last character changed.
    ///
    /// Why three: a row ends when a later character overflows it, and that character lands at
    /// most two rows further down (the row ends at its last break opportunity, and the word
    /// after it may still not fit and be broken once more). So the last character can only
    /// have decided the ends of the two rows before its own; every earlier row stays as it is.
    /// (An indented `" b。"` at width 2 wraps as `""`, `"b"`, `"。"`; delete the `。` and it is
    /// one row, `" b"`.)
    mutating func rewrapEnd(of line: String, width: Int) {
        let first = max(0, rowStarts.count - 3)
        let start = first < rowStarts.count ? rowStarts[first] : 0
        // A deletion that took the row start with it (cannot happen for one character, which
        // leaves every earlier row's first character in place): start over.
        guard start <= line.utf8.count else { return self = LastLineLayout(line, width: width) }
        rewrap(line, from: start, keeping: first, width: width)
    }

    private mutating func rewrap(_ line: String, from start: Int, keeping kept: Int, width: Int) {
        rowStarts.removeSubrange(kept...)
        lastRowWidth = 0
        let suffix = line.utf8Suffix(from: start)
        var contentEnd = suffix.startIndex
        TextWrapper.forEachLine(of: suffix, width: width) { range in
            contentEnd = range.upperBound
            // An empty range is a row too: indentation wider than the line, or only spaces.
            rowStarts.append(line.utf8.distance(from: line.startIndex, to: range.lowerBound))
            lastRowWidth = TextWidth.of(suffix[range])
        }
        trailingSpaces = TextWidth.of(suffix[contentEnd...])
    }
}

extension String {
    /// The characters from UTF-8 offset `offset` (a character boundary) to the end.
    fileprivate func utf8Suffix(from offset: Int) -> Substring {
        self[utf8.index(utf8.startIndex, offsetBy: min(offset, utf8.count))...]
    }
}
