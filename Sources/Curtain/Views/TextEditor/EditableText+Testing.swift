import CurtainLayout

extension EditableText {
    /// Every row at `width` as drawn (display text), the caret's own row included. Wraps the
    /// whole text: for tests.
    package mutating func _rows(width: Int) -> [String] {
        setWidth(width)
        var rows: [String] = []
        var position = RowPosition(line: 0, row: 0)
        while true {
            let range = contentRange(ofRow: position)
            let line = lineText(position.line)
            rows.append(TextWrapper.displayText(utf8Slice(line, range.lowerBound, range.upperBound), width: width))
            let next = row(position, movedBy: 1)
            if next == position { return rows }
            position = next
        }
    }

    /// The caret's row (counted from the first row of the text) and column at `width`.
    package mutating func _caret(width: Int) -> (row: Int, column: Int) {
        setWidth(width)
        let (position, column) = caretPlacement()
        var row = position.row
        for line in 0..<position.line { row += rowCount(ofLine: line) }
        return (row, column)
    }

    /// Rows above `line`'s row `row` as ``TextEditor/rowsAbove`` counts them: nil while a block
    /// before it is not measured.
    package mutating func _rowsBefore(line: Int, row: Int) -> Int? { rowsBefore(RowPosition(line: line, row: row)) }

    /// Blocks of the storage and how many of them have unknown rows.
    package var _blocks: (count: Int, unmeasured: Int) {
        (storage.blocks.count, storage.blocks.filter { $0.rows < 0 }.count)
    }
}
