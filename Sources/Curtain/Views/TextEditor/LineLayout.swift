import CurtainLayout

/// Where the wrapped rows of one line start and end at one width: what the editor needs to
/// place the caret, move it by rows and draw a line's rows without wrapping from its start.
///
/// Offsets are UTF-8 bytes from the line's start. A row's content ends before the spaces the
/// wrapper drops at a soft break (they still belong to the row: a caret among them is drawn
/// at the row's end). Every line has at least one row; an empty line's is empty.
struct LineLayout: Sendable, Equatable {
    var width: Int
    /// First byte of each row; `starts[0] == 0`.
    var starts: [Int] = [0]
    /// End of each row's content (trailing spaces excluded).
    var ends: [Int] = [0]
    /// Cells of the last row's content.
    var lastRowWidth = 0
    /// Cells of the spaces after the last row's content: typed, so a caret at the end of the
    /// line goes after them.
    var trailingSpaces = 0

    var rowCount: Int { starts.count }

    init(_ line: Substring, width: Int) {
        self.width = width
        (starts, ends) = LineLayout.rows(of: line, from: 0, width: width) { _ in false }
        finish(line)
    }

    /// The row holding `offset`: the last row starting at or before it.
    func row(containing offset: Int) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Whether a caret at `offset` of `line` (the line laid out) has no cell on the last row —
    /// the characters before it on the row, and the spaces typed after them, fill it — and so
    /// is drawn on a row of its own below. At the end of the line, or with more spaces after
    /// it: when the row ends exactly at the width, its last column holds a character, not a
    /// dropped space the caret could take.
    func caretNeedsOwnRow(at offset: Int, in line: Substring) -> Bool {
        let last = starts.count - 1
        guard offset >= starts[last] else { return false }
        let contentEnd = ends[last]
        if offset <= contentEnd {
            // In the content: only when the content fills the row and nothing after the caret
            // takes a cell (marks of no width that do not join the character before).
            guard lastRowWidth >= width else { return false }
            return utf8Slice(line, offset, contentEnd).allSatisfy { DisplayCluster($0).width == 0 }
        }
        // Among the spaces after the content: count them only as far as the room left.
        let room = width - lastRowWidth
        if room <= 0 { return true }
        if offset >= line.utf8.count { return trailingSpaces >= room }
        var cells = 0
        for character in utf8Slice(line, contentEnd, offset) {
            cells += min(DisplayCluster(character).width, max(1, width))
            if cells >= room { return true }
        }
        return false
    }

    // MARK: - Updating after an edit

    /// Re-wraps after bytes `start..<oldEnd` of the line became `start..<newEnd` of `line`.
    ///
    /// Rows are re-wrapped from two rows before the one the edit touches, and only until a new
    /// row starts where an old one did (shifted by the edit): from a row start the wrapper
    /// starts afresh, so every row after that one is as it was. Why two rows before: a row
    /// ends when a later character overflows it, and that character lands at most two rows
    /// further down (the row ends at its last break opportunity, and the word after it may
    /// still not fit and be broken once more), so an edit can only change the ends of the two
    /// rows before its own. (An indented `" b。"` at width 2 wraps as `""`, `"b"`, `"。"`;
    /// delete the `。` and it is one row, `" b"`.) The row is the one holding the byte before
    /// the edit, since a mark added after a character changes that character.
    ///
    /// Typing at the end of a long line re-wraps three rows; typing in the middle a few more
    /// until the rows agree again (in a line with break opportunities, the next one or two).
    mutating func update(_ line: Substring, editedFrom start: Int, oldEnd: Int, newEnd: Int) {
        let delta = newEnd - oldEnd
        let first = max(0, row(containing: max(0, start - 1)) - 2)
        // The old rows after the edit, where a new row start may meet one of them.
        var old = first
        while old < starts.count, starts[old] < oldEnd { old += 1 }
        var resyncedAt: Int?
        let rows = LineLayout.rows(of: line, from: starts[first], width: width) { rowStart in
            guard rowStart >= newEnd else { return false }
            while old < starts.count, starts[old] + delta < rowStart { old += 1 }
            guard old < starts.count, starts[old] + delta == rowStart else { return false }
            resyncedAt = old
            return true
        }
        if let resyncedAt {
            // From there on the rows are the ones there were, moved by the edit; so are the
            // last row and the spaces after it.
            if delta != 0 {
                for index in resyncedAt..<starts.count {
                    starts[index] += delta
                    ends[index] += delta
                }
            }
            starts.replaceSubrange(first..<resyncedAt, with: rows.starts)
            ends.replaceSubrange(first..<resyncedAt, with: rows.ends)
        } else {
            starts.replaceSubrange(first..., with: rows.starts)
            ends.replaceSubrange(first..., with: rows.ends)
            finish(line)
        }
    }

    /// Wraps `line` from `offset` (a row start) to its end: the rows' starts and content ends;
    /// stops before a row for which `stop` returns true.
    private static func rows(of line: Substring, from offset: Int, width: Int,
                             stop: (Int) -> Bool) -> (starts: [Int], ends: [Int]) {
        var starts: [Int] = []
        var ends: [Int] = []
        let suffix = line[line.utf8.index(line.startIndex, offsetBy: offset)...]
        TextWrapper.forEachRow(of: suffix, width: width) { start, end in
            if stop(offset + start) { return false }
            starts.append(offset + start)
            ends.append(offset + end)
            return true
        }
        return (starts, ends)
    }

    /// Sets the last row's figures once the rows are complete (an empty line has one empty row).
    private mutating func finish(_ line: Substring) {
        if starts.isEmpty {
            starts = [0]
            ends = [0]
        }
        let lastEnd = ends[ends.count - 1]
        lastRowWidth = LineLayout.cells(utf8Slice(line, starts[starts.count - 1], lastEnd), width: width)
        trailingSpaces = LineLayout.cells(line[line.utf8.index(line.startIndex, offsetBy: lastEnd)...], width: width)
    }

    // MARK: - Measuring

    /// Cells `text` takes on a row `width` cells wide: as the wrapper counts them, a cluster
    /// wider than the row counts as the row's width (it is drawn as `…`).
    static func cells(_ text: Substring, width: Int) -> Int {
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        } ?? false
        if ascii { return text.utf8.count }
        var total = 0
        for character in text { total += min(DisplayCluster(character).width, max(1, width)) }
        return total
    }
}

/// `line[start..<end]` in UTF-8 offsets.
func utf8Slice(_ line: Substring, _ start: Int, _ end: Int) -> Substring {
    let utf8 = line.utf8
    return line[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]
}
