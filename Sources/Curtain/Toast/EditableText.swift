import CurtainLayout

/// Lines of text with the insertion point at the end: what the editable toast holds.
///
/// Measuring is incremental: the wrapped row count of every line is cached for one width, so
/// typing a character re-wraps only the last line and a new line costs O(1) however many lines
/// there are. A width change re-measures everything once.
public struct EditableText: Sendable, Equatable {
    /// The lines, never empty: a new text holds one empty line.
    public private(set) var lines: [String] = [""]

    private var measuredWidth = -1
    private var rowCounts: [Int] = []
    private var totalRows = 0

    public init() {}

    public init(lines: [String]) {
        self.lines = lines.isEmpty ? [""] : lines
    }

    public var isEmpty: Bool { lines.count == 1 && lines[0].isEmpty }

    /// Appends a character to the last line. Control characters are kept as text (they are drawn
    /// as Unicode control pictures, never sent to the terminal); a newline starts a new line.
    public mutating func insert(_ character: Character) {
        if character == "\n" || character == "\r\n" {
            insertNewline()
            return
        }
        lines[lines.count - 1].append(character)
        remeasureLastLine()
    }

    /// Inserts pasted or scripted text: each newline (`\n`, `\r\n` or `\r`) starts a new line.
    public mutating func insert(contentsOf text: some StringProtocol) {
        for character in text {
            if character == "\r" { insertNewline() } else { insert(character) }
        }
    }

    /// Starts a new, empty line.
    public mutating func insertNewline() {
        lines.append("")
        if measuredWidth >= 0 {
            rowCounts.append(1)
            totalRows += 1
            remeasure(lines.count - 2)   // no longer carries the caret
        }
    }

    /// Deletes the character before the insertion point; on an empty line removes the line
    /// (the last remaining line is never removed).
    public mutating func deleteBackward() {
        if lines[lines.count - 1].isEmpty {
            guard lines.count > 1 else { return }
            lines.removeLast()
            if measuredWidth >= 0 {
                totalRows -= rowCounts.removeLast()
                remeasure(lines.count - 1)   // now carries the caret
            }
            return
        }
        lines[lines.count - 1].removeLast()
        remeasureLastLine()
    }

    // MARK: - Measuring

    /// Rows the text takes wrapped at `width` columns, counting the caret cell after the last
    /// character (so showing the caret never needs a row the measurement did not count).
    public mutating func rowCount(width: Int) -> Int {
        guard width > 0 else { return 0 }
        if width != measuredWidth { remeasureAll(width: width) }
        return totalRows
    }

    /// Rows of one line at `width`, including a caret cell when it is the last line.
    static func rows(of line: String, width: Int, withCaret: Bool) -> Int {
        let wrapped = TextWrapper.wrap(line, width: width)
        var count = max(1, wrapped.count)
        if withCaret, let last = wrapped.last, TextWidth.of(last) >= width { count += 1 }
        return count
    }

    private mutating func remeasureAll(width: Int) {
        measuredWidth = width
        rowCounts = lines.indices.map { Self.rows(of: lines[$0], width: width, withCaret: $0 == lines.count - 1) }
        totalRows = rowCounts.reduce(0, +)
    }

    private mutating func remeasureLastLine() {
        guard measuredWidth >= 0 else { return }
        remeasure(lines.count - 1)
    }

    /// Re-wraps one line and updates the total: the only work an edit at the end costs.
    private mutating func remeasure(_ index: Int) {
        guard measuredWidth >= 0, lines.indices.contains(index) else { return }
        let rows = Self.rows(of: lines[index], width: measuredWidth, withCaret: index == lines.count - 1)
        totalRows += rows - rowCounts[index]
        rowCounts[index] = rows
    }

    /// The last `count` wrapped rows at `width` (the bottom of the text, where the caret is),
    /// oldest first. Only as many lines are wrapped as needed to fill them.
    public func lastRows(_ count: Int, width: Int) -> [String] {
        guard count > 0, width > 0 else { return [] }
        var rows: [String] = []
        var index = lines.count - 1
        while index >= 0, rows.count < count {
            var wrapped = TextWrapper.wrap(lines[index], width: width)
            if wrapped.isEmpty { wrapped = [""] }
            if index == lines.count - 1, let last = wrapped.last, TextWidth.of(last) >= width { wrapped.append("") }
            rows.insert(contentsOf: wrapped, at: 0)
            index -= 1
        }
        return Array(rows.suffix(count))
    }

    public static func == (lhs: EditableText, rhs: EditableText) -> Bool { lhs.lines == rhs.lines }
}
