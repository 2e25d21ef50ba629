extension CellBuffer {
    /// The runs of cells that differ between `old` and this buffer, row by row, left to right.
    ///
    /// Applying the runs to `old` (see ``apply(_:)``) yields this buffer. When the sizes differ
    /// every cell is reported. Runs are widened so they never split a wide character.
    public func changes(from old: CellBuffer) -> [CellRun] {
        var runs: [CellRun] = []
        let sameSize = old.size == size
        for y in 0..<size.height {
            var x = 0
            while x < size.width {
                let i = index(x, y)
                if sameSize && cells[i] == old.cells[i] { x += 1; continue }
                var start = x
                if start > 0 && cells[i].grapheme.isContinuation { start -= 1 }
                var end = x + 1
                while end < size.width {
                    let j = index(end, y)
                    if sameSize && cells[j] == old.cells[j] && !cells[j].grapheme.isContinuation { break }
                    end += 1
                }
                runs.append(CellRun(y: y, x: start, cells: Array(cells[index(start, y)..<index(end, y)])))
                x = end
            }
        }
        return runs
    }

    /// Writes `runs` into this buffer (cells outside are ignored).
    public mutating func apply(_ runs: [CellRun]) {
        for run in runs {
            for (offset, cell) in run.cells.enumerated() {
                let x = run.x + offset
                guard x >= 0, run.y >= 0, x < size.width, run.y < size.height else { continue }
                cells[index(x, run.y)] = cell
            }
        }
    }
}
