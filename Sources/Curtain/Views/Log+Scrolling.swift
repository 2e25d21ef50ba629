import CurtainLayout

extension Log {
    /// A row of the log: a line's id and a row of its wrapped rows. Positions compare in
    /// reading order.
    struct Position: Comparable {
        var line: Int
        var row: Int

        static func < (a: Position, b: Position) -> Bool { (a.line, a.row) < (b.line, b.row) }
    }

    /// The first row shown when the view, `size` large, shows the end: the last `size.height`
    /// rows, or the first row when all of them fit. Wraps only the lines of that last page.
    func endTop(in size: Size) -> Position {
        guard size.width > 0, !lines.isEmpty else { return Position(line: lines.firstID, row: 0) }
        var needed = max(1, size.height)
        var id = lines.lastID
        while id >= lines.firstID {
            let count = lines.rows(of: id, width: size.width).count
            if count >= needed { return Position(line: id, row: count - needed) }
            needed -= count
            id -= 1
        }
        return Position(line: lines.firstID, row: 0)
    }

    /// `position` moved onto a row that exists: a dropped line's row becomes the first row,
    /// a row past the end of its line (wrapped at another width) the line's last.
    func clamped(_ position: Position, width: Int) -> Position {
        guard !lines.isEmpty else { return Position(line: lines.firstID, row: 0) }
        if position.line < lines.firstID { return Position(line: lines.firstID, row: 0) }
        if position.line > lines.lastID { return Position(line: lines.lastID, row: 0) }
        let count = lines.rows(of: position.line, width: width).count
        return Position(line: position.line, row: min(max(0, position.row), count - 1))
    }

    /// `position` moved `rows` rows down (up when negative), stopping at the first and the last
    /// row. Wraps the lines it passes.
    func moved(_ position: Position, by rows: Int, width: Int) -> Position {
        var position = position
        if rows > 0 {
            for _ in 0..<rows {
                if position.row + 1 < lines.rows(of: position.line, width: width).count {
                    position.row += 1
                } else if position.line < lines.lastID {
                    position = Position(line: position.line + 1, row: 0)
                } else {
                    break
                }
            }
        } else if rows < 0 {
            for _ in 0..<(-rows) {
                if position.row > 0 {
                    position.row -= 1
                } else if position.line > lines.firstID {
                    let line = position.line - 1
                    position = Position(line: line, row: lines.rows(of: line, width: width).count - 1)
                } else {
                    break
                }
            }
        }
        return position
    }
}
