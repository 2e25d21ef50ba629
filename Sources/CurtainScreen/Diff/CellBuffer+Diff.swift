import CurtainLayout

import CurtainPlatform

extension CellBuffer {
    /// The runs of cells that differ between `old` and this buffer, row by row, left to right.
    ///
    /// Applying the runs to `old` (see ``apply(_:)``) yields this buffer. When the sizes differ
    /// every cell is reported, one run per row. A run never starts on a continuation cell nor
    /// ends between the halves of a wide character: it is widened to take in the whole pair, so
    /// a wide character replaced by two narrow ones (or the reverse) is rewritten whole.
    ///
    /// `mergeGap`: runs on the same row separated by at most this many unchanged cells are
    /// joined into one run that includes those cells. Rewriting a few unchanged cells is
    /// usually cheaper than a cursor move (`ESC[row;colH` is 6–10 bytes), but only when they
    /// share the neighbours' style; ``ANSIEncoder`` makes that choice itself per gap, so the
    /// default is 0 (no merging). Negative values count as 0.
    public func changes(from old: CellBuffer, mergeGap: Int = 0) -> [CellRun] {
        var runs: [CellRun] = []
        let width = size.width
        guard width > 0, size.height > 0 else { return runs }
        guard old.size == size else {
            for y in 0..<size.height {
                runs.append(CellRun(y: y, x: 0, cells: Array(cells[index(0, y)..<index(0, y + 1)])))
            }
            return runs
        }
        let gap = max(0, mergeGap)
        cells.withUnsafeBufferPointer { new in
            old.cells.withUnsafeBufferPointer { old in
                let rowBytes = width * MemoryLayout<Cell>.stride
                for y in 0..<size.height {
                    let rowStart = y * width
                    // Most rows of a frame are unchanged: one memcmp settles them.
                    if memcmp(new.baseAddress! + rowStart, old.baseAddress! + rowStart, rowBytes) == 0 { continue }
                    var x = 0
                    var pending: (start: Int, end: Int)? = nil
                    while x < width {
                        if new[rowStart + x] == old[rowStart + x] { x += 1; continue }
                        var start = x
                        if start > 0 && new[rowStart + start].grapheme.isContinuation { start -= 1 }
                        var end = x + 1
                        while end < width && new[rowStart + end] != old[rowStart + end] { end += 1 }
                        // Take in the right half of a wide character that ends the run.
                        if end < width && new[rowStart + end].grapheme.isContinuation { end += 1 }
                        if let p = pending {
                            if start - p.end <= gap {
                                pending = (p.start, end)
                            } else {
                                runs.append(CellRun(y: y, x: p.start, cells: Array(new[(rowStart + p.start)..<(rowStart + p.end)])))
                                pending = (start, end)
                            }
                        } else {
                            pending = (start, end)
                        }
                        x = end
                    }
                    if let p = pending {
                        runs.append(CellRun(y: y, x: p.start, cells: Array(new[(rowStart + p.start)..<(rowStart + p.end)])))
                    }
                }
            }
        }
        return runs
    }

    /// Writes `runs` into this buffer as they are (cells outside are ignored). Meant for runs
    /// from ``changes(from:mergeGap:)``, which keep wide characters whole.
    public mutating func apply(_ runs: [CellRun]) {
        for run in runs {
            guard run.y >= 0, run.y < size.height else { continue }
            for (offset, cell) in run.cells.enumerated() {
                let x = run.x.addingSaturating(offset)
                guard x >= 0, x < size.width else { continue }
                cells[index(x, run.y)] = cell
            }
        }
    }
}
