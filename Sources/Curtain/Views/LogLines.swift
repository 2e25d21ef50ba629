import CurtainLayout
import CurtainScreen

/// The lines of a ``Log``, oldest first, and the rows each wraps to at one width.
///
/// Every line gets an id when it is appended: ids count every line ever appended, so they
/// never change while older lines are dropped, and a scroll position or a cached wrap that
/// names a line stays right. Rows are computed only for lines someone asks about (the ones on
/// screen, the ones a scroll walks through) and kept for the lines near the last ones shown,
/// so a line is wrapped once per width however many frames show it, and a log of a million
/// lines holds a million strings and little else.
struct LogLines {
    struct Line {
        var text: String
        /// Overrides the log's style for this line.
        var style: Style?
    }

    /// Kept lines from `head` on; those before it were dropped and are removed in batches.
    private var storage: [Line] = []
    private var head = 0
    /// The id of the oldest kept line (the number of lines dropped or cleared so far).
    private(set) var firstID = 0

    /// Rows of recently shown lines at ``cachedWidth``, by line id.
    private var rowCache: [Int: [Substring]] = [:]
    private var cachedWidth = 0
    /// Lines wrapped so far (cache misses): the test hook ``Log/_wrapCount`` reads it.
    private(set) var wrapCount = 0

    var count: Int { storage.count - head }
    var isEmpty: Bool { count == 0 }
    /// The id of the newest line; `firstID - 1` when empty.
    var lastID: Int { firstID + count - 1 }

    subscript(id: Int) -> Line { storage[head + id - firstID] }

    /// The kept lines' text, oldest first.
    var texts: [String] { storage[head...].map(\.text) }

    mutating func append(_ line: Line) { storage.append(line) }

    /// Drops the `n` oldest lines.
    mutating func dropOldest(_ n: Int) {
        let n = min(max(0, n), count)
        guard n > 0 else { return }
        for index in head..<(head + n) { storage[index] = Line(text: "", style: nil) }  // free the text now
        head += n
        firstID += n
        // Compacting when half the storage is dropped keeps appends amortised O(1).
        if head > 1024, head * 2 > storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }

    mutating func removeAll() {
        firstID += count
        storage = []
        head = 0
        rowCache = [:]
    }

    /// The rows line `id` wraps to at `width` (at least one, an empty line being one empty row;
    /// none when `width <= 0`), from the cache when it has them.
    mutating func rows(of id: Int, width: Int) -> [Substring] {
        if width != cachedWidth {
            rowCache = [:]
            cachedWidth = width
        }
        if let rows = rowCache[id] { return rows }
        let rows = Self.wrap(self[id].text, width: width)
        wrapCount += 1
        rowCache[id] = rows
        return rows
    }

    /// Forgets the rows of lines far from `shown` (the ids of the lines on screen) once the
    /// cache holds more than a few screens of them, so it never grows with the log.
    mutating func trimCache(around shown: ClosedRange<Int>, height: Int) {
        let margin = max(16, height)
        guard rowCache.count > 4 * margin else { return }
        let kept = (shown.lowerBound - margin)...(shown.upperBound + margin)
        rowCache = rowCache.filter { kept.contains($0.key) }
    }

    /// `text` wrapped as ``TextWrapper`` wraps it, as slices of `text` (no copies): a row is
    /// drawn with ``CellBuffer/draw(_:at:style:clip:)``, which shows each cluster as the
    /// wrapper's display text would.
    static func wrap(_ text: String, width: Int) -> [Substring] {
        guard width > 0 else { return [] }
        if fitsOnOneRow(text, width: width) { return [text[...]] }
        if width == 1 {
            // The wrapper shows a two-cell cluster as `…` on a one-cell line; the buffer would
            // draw a blank. Rare enough to take the wrapper's own strings.
            let rows = TextWrapper.wrap(text, width: 1).map { $0[...] }
            return rows.isEmpty ? [""] : rows
        }
        var rows: [Substring] = []
        TextWrapper.forEachLine(of: text[...], width: width) { rows.append(text[$0]) }
        return rows.isEmpty ? [""] : rows
    }

    /// True when `text` (which holds no line breaks) is surely one row at `width`, exactly as
    /// the wrapper would show it, decided from its bytes alone: no more UTF-8 bytes than
    /// `width` (no cluster is wider than its bytes: ASCII takes one cell a byte, wide
    /// characters three or four bytes for two cells) and not ending in a space (the wrapper
    /// drops spaces at the end of a line). Longer lines are left to the wrapper, which measures
    /// them once.
    static func fitsOnOneRow(_ text: String, width: Int) -> Bool {
        if text.utf8.count > width { return false }
        if text.utf8.last == UInt8(ascii: " ") { return false }
        guard let last = text.last else { return true }
        return last.isASCII || !last.isWhitespace
    }

    /// The lines of `text` for a log: split at every line break the wrapper honours (`\n`,
    /// `\r`, "\r\n", U+0085, U+2028, U+2029); one break at the very end adds no empty line.
    /// Read as bytes: each break is a cluster of its own, so no `Character` is needed to find
    /// them, and a line without one (most of a log) is returned as it is.
    static func split(_ text: String) -> [String] {
        var text = text
        var breaks: [(start: Int, end: Int)] = []
        text.withUTF8 { bytes in
            var i = 0
            let n = bytes.count
            while i < n {
                switch bytes[i] {
                case 0x0A:
                    breaks.append((i, i + 1))
                case 0x0D:
                    let end = i + 1 < n && bytes[i + 1] == 0x0A ? i + 2 : i + 1
                    breaks.append((i, end))
                    i = end - 1
                case 0xC2 where i + 1 < n && bytes[i + 1] == 0x85:
                    breaks.append((i, i + 2))
                    i += 1
                case 0xE2 where i + 2 < n && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
                    breaks.append((i, i + 3))
                    i += 2
                default:
                    break
                }
                i += 1
            }
        }
        if breaks.isEmpty { return [text] }
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        var lines: [String] = []
        var start = 0
        for lineBreak in breaks {
            lines.append(String(text[index(start)..<index(lineBreak.start)]))
            start = lineBreak.end
        }
        if start < utf8.count { lines.append(String(text[index(start)...])) }
        return lines
    }
}
