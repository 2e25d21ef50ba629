import CurtainLayout

/// A wrapped row: row `row` of line `line` at the measured width.
struct RowPosition: Hashable, Comparable, Sendable {
    var line: Int
    var row: Int

    static func < (lhs: RowPosition, rhs: RowPosition) -> Bool { (lhs.line, lhs.row) < (rhs.line, rhs.row) }
}

/// What an ``EditableText`` measured at one width: the layouts of the lines worth keeping.
struct MeasuredLayout: Sendable {
    /// The width measured for; 0 before anything was.
    var width = 0
    /// The caret's line and long lines near it (see ``EditableText/lineLayout(_:)``).
    var lines: [Int: LineLayout] = [:]

    /// Lines `replaced` became `count` lines: their layouts go, later lines move.
    mutating func linesReplaced(_ replaced: ClosedRange<Int>, by count: Int) {
        let shift = count - replaced.count
        var moved: [Int: LineLayout] = [:]
        for (line, kept) in lines where !replaced.contains(line) {
            moved[line > replaced.upperBound ? line + shift : line] = kept
        }
        lines = moved
    }
}

extension EditableText {
    /// Lines longer than this many bytes keep their layout once made: wrapping them again to
    /// find a row would cost more than keeping where their rows start.
    static let longLine = 2048
    /// At most this many line layouts are kept (the caret's line and the long lines nearest it).
    static let keptLayouts = 16
    /// Blocks an edit leaves unmeasured are measured at once when they hold no more than this
    /// many bytes (typing, pasting a page); a larger paste is measured a bounded amount at a
    /// time (``measure(budget:)``).
    static let measuredAtOnce = 64 * 1024

    // MARK: - Width

    /// The width measurements are for. Setting a new one forgets them all.
    var measuredWidth: Int { layout.width }

    mutating func setWidth(_ width: Int) {
        let width = max(1, width)
        guard width != layout.width else { return }
        layout = MeasuredLayout(width: width)
        storage.forgetRows()
    }

    // MARK: - Lines

    /// The layout of line `index` at the measured width; kept when it is the caret's line or
    /// a long one.
    mutating func lineLayout(_ index: Int) -> LineLayout {
        if let cached = layout.lines[index] { return cached }
        let made = LineLayout(storage.line(index), width: layout.width)
        if index == caretPosition.line || made.ends[made.ends.count - 1] > EditableText.longLine { keep(made, for: index) }
        return made
    }

    private mutating func keep(_ made: LineLayout, for index: Int) {
        layout.lines[index] = made
        guard layout.lines.count > EditableText.keptLayouts else { return }
        let caretLine = caretPosition.line
        if let farthest = layout.lines.keys.filter({ $0 != caretLine && $0 != index })
            .max(by: { abs($0 - caretLine) < abs($1 - caretLine) }) {
            layout.lines[farthest] = nil
        }
    }

    /// Rows of line `index`, not counting a row of the caret's own.
    mutating func textRowCount(ofLine index: Int) -> Int {
        if let cached = layout.lines[index] { return cached.rowCount }
        let line = storage.line(index)
        if index == caretPosition.line || line.utf8.count > EditableText.longLine { return lineLayout(index).rowCount }
        var count = 0
        TextWrapper.forEachRow(of: line, width: layout.width) { _, _ in
            count += 1
            return true
        }
        return max(1, count)
    }

    /// True when the caret is at the end of its line and the spaces or characters before it
    /// fill the last row: then it is drawn at the start of a row of its own below, where the
    /// next character will go (the wrapper drops trailing spaces, so they never make a row).
    mutating func caretHasOwnRow() -> Bool {
        let caret = caretPosition
        let layout = lineLayout(caret.line)
        return layout.endNeedsOwnRow && caret.offset == storage.length(ofLine: caret.line)
    }

    /// Rows of line `index`, with the caret's own row when it has one.
    mutating func rowCount(ofLine index: Int) -> Int {
        textRowCount(ofLine: index) + (index == caretPosition.line && caretHasOwnRow() ? 1 : 0)
    }

    // MARK: - The caret

    /// The caret's row and column at the measured width.
    ///
    /// A caret that a row has no cell for — after the character that fills the row, or among
    /// the spaces the wrapper drops at a soft break — is drawn at the start of the next row:
    /// at the end of its line that is a row of its own (``caretHasOwnRow()``); spaces that
    /// overflow the last row keep it in the row's last column.
    mutating func caretPlacement() -> (row: RowPosition, column: Int) {
        let caret = caretPosition
        let layout = lineLayout(caret.line)
        if caretHasOwnRow() { return (RowPosition(line: caret.line, row: layout.rowCount), 0) }
        let row = layout.row(containing: caret.offset)
        let line = storage.line(caret.line)
        let column = LineLayout.cells(utf8Slice(line, layout.starts[row], caret.offset), width: measuredWidth)
        if column < measuredWidth { return (RowPosition(line: caret.line, row: row), column) }
        if row < layout.rowCount - 1 { return (RowPosition(line: caret.line, row: row + 1), 0) }
        return (RowPosition(line: caret.line, row: row), measuredWidth - 1)
    }

    /// The position in row `position` whose column is nearest `goal` without passing it (the
    /// caret never lands inside a wide character), and never one drawn on another row.
    mutating func position(inRow position: RowPosition, column goal: Int) -> TextPosition {
        let layout = lineLayout(position.line)
        let line = storage.line(position.line)
        let length = line.utf8.count
        guard position.row < layout.rowCount else { return TextPosition(line: position.line, offset: length) }
        let width = measuredWidth
        let start = layout.starts[position.row]
        let isLast = position.row == layout.rowCount - 1
        // Offsets on this row: up to the next row's start, or to the end of the line.
        let limit = isLast ? length : layout.starts[position.row + 1] - 1
        var best = start
        var column = 0
        var offset = start
        var index = line.utf8.index(line.startIndex, offsetBy: start)
        while offset <= limit, column <= goal, column < width {
            best = offset
            guard index < line.endIndex else { break }
            column += min(DisplayCluster(line[index]).width, width)
            index = line.index(after: index)
            offset = line.utf8.distance(from: line.startIndex, to: index)
        }
        return TextPosition(line: position.line, offset: best)
    }

    // MARK: - Rows

    /// The bytes of line `position.line` shown on the row: from its start to the end of its
    /// content (trailing spaces excluded); empty for the caret's own row.
    mutating func contentRange(ofRow position: RowPosition) -> Range<Int> {
        let layout = lineLayout(position.line)
        guard position.row < layout.rowCount else {
            let end = storage.length(ofLine: position.line)
            return end..<end
        }
        return layout.starts[position.row]..<layout.ends[position.row]
    }

    /// `position` moved by `count` rows (up when negative), stopping at the first and the last
    /// row of the text.
    mutating func row(_ position: RowPosition, movedBy count: Int) -> RowPosition {
        var position = position
        var remaining = count
        while remaining > 0 {
            let rows = rowCount(ofLine: position.line)
            let left = rows - 1 - position.row
            if remaining <= left {
                position.row += remaining
                return position
            }
            if position.line == lineCount - 1 {
                position.row = rows - 1
                return position
            }
            remaining -= left + 1
            position = RowPosition(line: position.line + 1, row: 0)
        }
        while remaining < 0 {
            if -remaining <= position.row {
                position.row += remaining
                return position
            }
            if position.line == 0 {
                position.row = 0
                return position
            }
            remaining += position.row + 1
            position = RowPosition(line: position.line - 1, row: rowCount(ofLine: position.line - 1) - 1)
        }
        return position
    }

    /// Rows from `start` to `end` (later), or nil when there are `limit` or more.
    mutating func rows(from start: RowPosition, to end: RowPosition, limit: Int) -> Int? {
        if start.line == end.line { return end.row - start.row < limit ? end.row - start.row : nil }
        var total = rowCount(ofLine: start.line) - start.row
        var line = start.line + 1
        while line < end.line {
            if total >= limit { return nil }
            total += rowCount(ofLine: line)
            line += 1
        }
        total += end.row
        return total < limit ? total : nil
    }

    /// Rows from `start` to the end of the text, counting at most `limit`.
    mutating func rowsToEnd(from start: RowPosition, limit: Int) -> Int {
        var total = 0
        var line = start.line
        var skip = start.row
        while line < lineCount, total < limit {
            total += boundedRowCount(ofLine: line, limit: limit - total + skip) - skip
            skip = 0
            line += 1
        }
        return min(total, limit)
    }

    /// ``rowCount(ofLine:)``, or `limit` when it is at least that: a long line not yet laid
    /// out is wrapped only that far.
    mutating func boundedRowCount(ofLine index: Int, limit: Int) -> Int {
        if layout.lines[index] != nil || index == caretPosition.line { return rowCount(ofLine: index) }
        let line = storage.line(index)
        var count = 0
        TextWrapper.forEachRow(of: line, width: layout.width) { _, _ in
            count += 1
            return count < limit
        }
        return max(1, count)
    }

    /// Rows above `position`: exact, or nil while a block before it is not measured at this
    /// width (see ``measure(budget:)``).
    mutating func rowsBefore(_ position: RowPosition) -> Int? {
        let (block, _) = storage.locate(position.line)
        var total = 0
        for index in 0..<block {
            let rows = storage.blocks[index].rows
            if rows < 0 { return nil }
            total += rows
        }
        for line in storage.firstLine(ofBlock: block)..<position.line { total += textRowCount(ofLine: line) }
        if caretPosition.line < position.line, caretHasOwnRow() { total += 1 }
        return total + position.row
    }

    // MARK: - Measuring the whole text

    /// Measures blocks not yet measured at this width, first to last, until about `budget`
    /// bytes were wrapped (at least one block). Returns true when every block is measured.
    @discardableResult
    mutating func measure(budget: Int) -> Bool {
        var spent = 0
        while spent < budget, let block = storage.firstUnmeasuredBlock() {
            spent += measureBlock(block)
        }
        return storage.firstUnmeasuredBlock() == nil
    }

    /// Measures `blocks` now if they are small, else leaves them to ``measure(budget:)``.
    mutating func measureSoon(blocks: ClosedRange<Int>) {
        var bytes = 0
        for block in blocks { bytes += storage.blocks[block].text.utf8.count }
        guard bytes <= EditableText.measuredAtOnce else { return }
        for block in blocks { _ = measureBlock(block) }
    }

    /// Counts the rows of every line of `block`; returns the bytes it wrapped.
    private mutating func measureBlock(_ block: Int) -> Int {
        let first = storage.firstLine(ofBlock: block)
        let count = storage.blocks[block].lineCount
        let caretLine = caretPosition.line
        var rows = 0
        if layout.lines.keys.contains(where: { $0 >= first && $0 < first + count }) || (first..<first + count).contains(caretLine) {
            for line in first..<first + count { rows += textRowCount(ofLine: line) }
        } else {
            // One pass over the block: each line between its line breaks.
            let text = storage.blocks[block].text
            let width = layout.width
            let utf8 = text.utf8
            var lineStart = utf8.startIndex
            while true {
                let lineEnd = utf8[lineStart...].firstIndex(of: 0x0A) ?? utf8.endIndex
                var lineRows = 0
                TextWrapper.forEachRow(of: text[lineStart..<lineEnd], width: width) { _, _ in
                    lineRows += 1
                    return true
                }
                rows += max(1, lineRows)
                guard lineEnd < utf8.endIndex else { break }
                lineStart = utf8.index(after: lineEnd)
            }
        }
        storage.setRows(rows, ofBlock: block)
        return storage.blocks[block].text.utf8.count
    }

    // MARK: - Public measuring

    /// Rows the text takes wrapped at `width` columns, with the caret's own row when it has one
    /// (so showing the caret never needs a row this did not count). Measures every block not
    /// measured at this width: after a width change, the whole text.
    public mutating func rowCount(width: Int) -> Int {
        guard width > 0 else { return 0 }
        setWidth(width)
        measure(budget: .max)
        var total = 0
        for block in storage.blocks { total += block.rows }
        return total + (caretHasOwnRow() ? 1 : 0)
    }
}
