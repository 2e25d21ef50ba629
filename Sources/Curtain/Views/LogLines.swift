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

    /// True when `text` (which holds no line breaks) is one row at `width`, exactly as the
    /// wrapper would show it: no wider than `width` and not ending in a space (the wrapper
    /// drops spaces at the end of a line). Printable ASCII, most of a log, is decided from
    /// its bytes alone.
    static func fitsOnOneRow(_ text: String, width: Int) -> Bool {
        if text.isEmpty { return true }
        var ascii = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            ascii = false
            break
        }
        if ascii { return text.utf8.count <= width && text.utf8.last != UInt8(ascii: " ") }
        guard let last = text.last, !last.isWhitespace else { return false }
        return TextWidth.of(text) <= width
    }

    /// The lines of `text` for a log: split at every line break the wrapper honours (`\n`,
    /// `\r`, "\r\n", U+0085, U+2028, U+2029); one break at the very end adds no empty line.
    static func split(_ text: String) -> [String] {
        // Most log lines hold none of the bytes a break can start with.
        guard text.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0xC2 || $0 == 0xE2 }) else { return [text] }
        var lines: [String] = []
        var start = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            if TextWrapper.isHardBreak(text[index]) {
                lines.append(String(text[start..<index]))
                start = next
            }
            index = next
        }
        if start < text.endIndex || lines.isEmpty { lines.append(String(text[start...])) }
        return lines
    }
}
