extension CellBuffer {
    /// The text of each row, continuation cells skipped so wide characters read naturally,
    /// trailing spaces kept (every row then has the buffer's display width).
    public var lines: [String] { lines(trimmingTrailingSpaces: false) }

    /// The text of each row (see ``lines``), optionally without trailing spaces.
    public func lines(trimmingTrailingSpaces trim: Bool) -> [String] {
        (0..<size.height).map { y in
            var line = ""
            for x in 0..<size.width {
                let grapheme = cells[index(x, y)].grapheme
                if !grapheme.isContinuation { line += grapheme.text }
            }
            if trim {
                while line.last == " " { line.removeLast() }
            }
            return line
        }
    }

    /// The rows joined by newlines; trailing spaces trimmed unless asked to keep them.
    public func textDump(trimmingTrailingSpaces: Bool = true) -> String {
        lines(trimmingTrailingSpaces: trimmingTrailingSpaces).joined(separator: "\n")
    }

    /// The style of every cell of row `y` (continuation cells included, one per column); empty
    /// outside the buffer.
    public func styles(ofRow y: Int) -> [Style] {
        guard y >= 0, y < size.height else { return [] }
        return (0..<size.width).map { cells[index($0, y)].style }
    }

    /// A map of styles for tests: one character per cell (`.` for ``Style/plain``, then `a`,
    /// `b`, … for each other style in order of first appearance), rows joined by newlines,
    /// followed by a blank line and a legend line per letter (`a: fg: indexed(1), …`).
    public func styleDump() -> String {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        var seen: [Style: Character] = [:]
        var legend: [String] = []
        var rows: [String] = []
        for y in 0..<size.height {
            var row = ""
            for x in 0..<size.width {
                let style = cells[index(x, y)].style
                if style == .plain { row.append("."); continue }
                if let letter = seen[style] { row.append(letter); continue }
                let letter: Character = seen.count < letters.count ? letters[seen.count] : "?"
                seen[style] = letter
                legend.append("\(letter): \(style)")
                row.append(letter)
            }
            rows.append(row)
        }
        return (rows + (legend.isEmpty ? [] : [""] + legend)).joined(separator: "\n")
    }
}

extension CellBuffer: CustomStringConvertible {
    /// The size, then the rows between `|` marks (trailing spaces kept), so a failed
    /// comparison in a test shows the screens themselves.
    public var description: String {
        "CellBuffer \(size)\n" + lines.map { "|" + $0 + "|" }.joined(separator: "\n")
    }
}
