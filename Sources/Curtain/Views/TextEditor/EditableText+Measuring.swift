import CurtainPlatform
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
    /// Rows of the lines from `firstLine` (the first of a block) to `line`, for
    /// ``EditableText/rowsBefore(_:)``: kept while edits happen at or after `line`, as typing
    /// below the first row shown does.
    var rowsAbove: (firstLine: Int, line: Int, rows: Int)?

    /// Lines `replaced` became `count` lines: their layouts go, later lines move.
    ///
    /// In place, touching only the layouts that go or move: the dictionary holds up to
    /// ``EditableText/keptLayouts`` of them, and building it anew with every Enter hashed them
    /// all again — at the end of a text, where nothing moves, that was half of what appending a
    /// line cost.
    mutating func linesReplaced(_ replaced: ClosedRange<Int>, by count: Int) {
        let shift = count - replaced.count
        var gone: [Int] = []
        var later: [Int] = []
        for line in lines.keys {
            if replaced.contains(line) {
                gone.append(line)
            } else if shift != 0, line > replaced.upperBound {
                later.append(line)
            }
        }
        for line in gone { lines[line] = nil }
        // All out before any goes back in: a moved layout may take the key of one not moved yet.
        let moved = later.map { (line: $0 + shift, layout: lines.removeValue(forKey: $0)!) }
        for (line, layout) in moved { lines[line] = layout }
    }
}

extension EditableText {
    /// Lines longer than this many bytes keep their layout once made: wrapping them again to
    /// find a row would cost more than keeping where their rows start.
    static let longLine = 2048
    /// At most this many line layouts are kept: the lines shown, the caret's, those the
    /// fitting height counts, the long ones nearest the caret.
    static let keptLayouts = 256
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

    /// The layout of line `index` at the measured width, kept for the next frame (up to
    /// ``keptLayouts`` lines, those farthest from the caret going first).
    mutating func lineLayout(_ index: Int) -> LineLayout {
        if let cached = layout.lines[index] { return cached }
        let made = LineLayout(lineText(index), width: layout.width)
        keep(made, for: index)
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
        let line = lineText(index)
        if index == caretPosition.line || line.utf8.count > EditableText.longLine { return lineLayout(index).rowCount }
        return EditableText.rowCount(of: line, width: layout.width)
    }

    /// Rows `line` wraps to (at least one), counting no further than `limit`. A line of no
    /// more bytes than the width fits on one row without being looked at: no cluster takes
    /// more cells than it has bytes in UTF-8.
    static func rowCount(of line: Substring, width: Int, limit: Int = .max) -> Int {
        if line.utf8.count <= width { return 1 }
        var count = 0
        TextWrapper.forEachRow(of: line, width: width) { _, _ in
            count += 1
            return count < limit
        }
        return max(1, count)
    }

    /// True when the caret is on the last row of its line after everything the row has cells
    /// for — the characters that fill it, or the spaces typed after them that reach its width:
    /// then it is drawn at the start of a row of its own below, where the next character will
    /// go (the wrapper drops trailing spaces, so they never make a row). See
    /// ``LineLayout/caretNeedsOwnRow(at:in:)``.
    mutating func caretHasOwnRow() -> Bool {
        let caret = caretPosition
        let layout = lineLayout(caret.line)
        return layout.caretNeedsOwnRow(at: caret.offset, in: lineText(caret.line))
    }

    /// Rows of line `index`, with the caret's own row when it has one. Keeps the line's layout:
    /// for the rows shown and near them, which the next frame asks for again.
    mutating func rowCount(ofLine index: Int) -> Int {
        lineLayout(index).rowCount + (index == caretPosition.line && caretHasOwnRow() ? 1 : 0)
    }

    // MARK: - The caret

    /// The caret's row and column at the measured width.
    ///
    /// A caret that a row has no cell for — after the character that fills the row, or among
    /// the spaces the wrapper drops after it — is drawn at the start of the next row: after
    /// the last row of its line that is a row of its own (``caretHasOwnRow()``), whether or
    /// not spaces follow the caret. (The row's last column holds a character when the row
    /// ends exactly at the width: a caret drawn there would hide it, or half of a wide one.)
    mutating func caretPlacement() -> (row: RowPosition, column: Int) {
        let caret = caretPosition
        let layout = lineLayout(caret.line)
        if caretHasOwnRow() { return (RowPosition(line: caret.line, row: layout.rowCount), 0) }
        let row = layout.row(containing: caret.offset)
        let line = lineText(caret.line)
        let column = LineLayout.cells(utf8Slice(line, layout.starts[row], caret.offset), width: measuredWidth)
        if column < measuredWidth { return (RowPosition(line: caret.line, row: row), column) }
        // Not the last row: a caret with no cell on the last one has its own row (above).
        assert(row < layout.rowCount - 1, "caretHasOwnRow() and the column disagree at \(caret)")
        return (RowPosition(line: caret.line, row: row + 1), 0)
    }

    /// The position in row `position` whose column is nearest `goal` without passing it (the
    /// caret never lands inside a wide character), and never one drawn on another row.
    mutating func position(inRow position: RowPosition, column goal: Int) -> TextPosition {
        let layout = lineLayout(position.line)
        let line = lineText(position.line)
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
            let end = lineLength(position.line)
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
        let line = lineText(index)
        // A long line not laid out yet is counted only as far as asked: the fitting height of a
        // text that starts with a megabyte line needs its first screenful of rows.
        if line.utf8.count > EditableText.longLine { return EditableText.rowCount(of: line, width: layout.width, limit: limit) }
        return rowCount(ofLine: index)
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
        let firstLine = storage.firstLine(ofBlock: block)
        if let kept = layout.rowsAbove, kept.firstLine == firstLine, kept.line == position.line {
            total += kept.rows
        } else {
            let rows = countRows(inBlock: block, lines: position.line - firstLine).rows
            layout.rowsAbove = (firstLine, position.line, rows)
            total += rows
        }
        if caretPosition.line < position.line, caretHasOwnRow() { total += 1 }
        return total + position.row
    }

    // MARK: - Measuring the whole text

    /// Measures blocks not yet measured at this width, first to last, until their cost reaches
    /// `budget` (at least one block). A block costs a unit a byte, seven for a byte of a
    /// character beyond ASCII and two more a line: wrapping goes through `Character` beyond
    /// ASCII, several times slower (measured: about 8 ns a byte for English, 40–60 for CJK and
    /// emoji), and a frame's share of the work should take about the same time whatever the
    /// text. Returns true when every block is measured.
    @discardableResult
    mutating func measure(budget: Int) -> Bool {
        var spent = 0
        while spent < budget, let block = storage.firstUnmeasuredBlock() {
            spent += measureBlock(block)
        }
        return storage.firstUnmeasuredBlock() == nil
    }

    /// Measures `blocks` now if they hold few bytes, else leaves them to ``measure(budget:)``.
    mutating func measureSoon(blocks: ClosedRange<Int>) {
        var bytes = 0
        for block in blocks { bytes += storage.blocks[block].text.utf8.count }
        guard bytes <= EditableText.measuredAtOnce else { return }
        for block in blocks { _ = measureBlock(block) }
    }

    /// Counts the rows of every line of `block`; returns what that cost (see
    /// ``measure(budget:)``).
    private mutating func measureBlock(_ block: Int) -> Int {
        let lines = storage.blocks[block].lineCount
        let (rows, beyondASCII) = countRows(inBlock: block, lines: lines)
        storage.setRows(rows, ofBlock: block)
        return storage.blocks[block].text.utf8.count + 6 * beyondASCII + 2 * lines
    }

    /// Rows of the first `lines` lines of `block` (kept layouts where there are, a line of no
    /// more bytes than the width as one row), in one pass over its bytes; and how many of the
    /// block's bytes are beyond ASCII.
    private mutating func countRows(inBlock block: Int, lines: Int) -> (rows: Int, beyondASCII: Int) {
        let first = storage.firstLine(ofBlock: block)
        let kept = layout.lines.filter { $0.key >= first && $0.key < first + lines }
        let width = layout.width
        let text = storage.blocks[block].text
        var rows = 0
        var beyondASCII = 0
        text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress, !bytes.isEmpty, lines > 0 else { return }
            for byte in bytes where byte >= 0x80 { beyondASCII += 1 }
            var start = 0
            for line in first..<(first + lines) {
                let end = memchr(base + start, 0x0A, bytes.count - start).map {
                    base.distance(to: $0.assumingMemoryBound(to: UInt8.self))
                } ?? bytes.count
                if !kept.isEmpty, let layout = kept[line] {
                    rows += layout.rowCount
                } else if end - start <= width {
                    rows += 1   // fits (no cluster takes more cells than it has bytes)
                } else {
                    rows += EditableText.rowCount(of: utf8Slice(text[...], start, end), width: width)
                }
                start = end + 1
            }
        }
        return (max(rows, lines), beyondASCII)
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
