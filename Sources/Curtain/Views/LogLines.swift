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
    struct Line: Sendable {
        var text: String
        /// Its style: one enum so that a line stays a string and two words.
        var styling: Styling
        /// The cells its rows after the first start in from the left (``Log/append(_:style:hangingIndent:)``).
        /// Two bytes, in the style's padding: the line stays as large as it was.
        var hangingIndent: UInt16 = 0

        /// A line in `style` (the log's own when nil), its rows after the first `hangingIndent`
        /// cells in.
        init(text: String, style: Style?, hangingIndent: Int = 0) {
            self.text = text
            styling = style.map(Styling.style) ?? .log
            self.hangingIndent = UInt16(clamping: max(0, hangingIndent))
        }

        init(text: String, styling: Styling) {
            self.text = text
            self.styling = styling
        }

        /// The style of the whole line, or of each of its stretches.
        enum Styling: Sendable {
            /// The log's style.
            case log
            /// This style, as it is.
            case style(Style)
            /// This style on the log's: its default colours are the log's (text from ANSI output).
            case inherited(Style)
            /// Stretches in different styles, in order.
            case spans([Span])
        }
    }

    /// A stretch of a line in one style: up to UTF-8 offset `end` of the line's text.
    struct Span: Sendable {
        var end: Int
        var style: Style?
        var inheritsDefaultColors: Bool

        func resolvedStyle(on base: Style) -> Style {
            StyledText.Run("", style: style, inheritsDefaultColors: inheritsDefaultColors).resolvedStyle(on: base)
        }
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

    /// The kept lines with their styles as SGR sequences, oldest first (``Log/ansiTexts``).
    var ansiTexts: [String] { storage[head...].map(\.ansiText) }

    mutating func append(_ line: Line) { storage.append(line) }

    /// Removes the `n` newest lines (an open line being replaced).
    mutating func removeLast(_ n: Int) {
        let n = min(max(0, n), count)
        guard n > 0 else { return }
        for id in (lastID - n + 1)...lastID { rowCache[id] = nil }
        storage.removeLast(n)
    }

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
        let line = self[id]
        let rows = Self.wrap(line.text, width: width, hangingIndent: Int(line.hangingIndent))
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
    /// wrapper's display text would. The spaces at the line's end stay on its last row as far
    /// as they fit (see ``keepingTrailingSpaces(of:lastRow:width:)``).
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
        guard let last = rows.last else { return [""] }
        rows[rows.count - 1] = keepingTrailingSpaces(of: text, lastRow: last, width: width)
        return rows
    }

    /// `text` wrapped as ``wrap(_:width:)`` wraps it, its rows after the first `hangingIndent`
    /// cells narrower (they are drawn that far in: ``indent(ofRow:hangingIndent:width:)``).
    /// The first row is the one the text has at the full width, and the rest is wrapped from
    /// where the wrapper would start the second row: the same words, as a chat shows them.
    static func wrap(_ text: String, width: Int, hangingIndent: Int) -> [Substring] {
        let rows = wrap(text, width: width)
        let indent = indent(ofRow: 1, hangingIndent: hangingIndent, width: width)
        guard indent > 0, rows.count > 1 else { return rows }
        var indented: [Substring] = [rows[0]]
        TextWrapper.forEachLine(of: text[rows[1].startIndex...], width: width - indent) { indented.append(text[$0]) }
        indented[indented.count - 1] = keepingTrailingSpaces(of: text, lastRow: indented[indented.count - 1], width: width - indent)
        return indented
    }

    /// How many cells in from the left row `row` of a line starts: its hanging indent on every
    /// row but the first, as long as the indent leaves the text at least half the width (a long
    /// name on a narrow pane would otherwise squeeze the message into a sliver) and two cells (a
    /// wide character fits).
    static func indent(ofRow row: Int, hangingIndent: Int, width: Int) -> Int {
        guard row > 0, hangingIndent > 0, hangingIndent <= width / 2, width - hangingIndent >= 2 else { return 0 }
        return hangingIndent
    }

    /// `lastRow` with the spaces that end `text` after it, as many as fit in `width`. The
    /// wrapper drops spaces at the end of a line (a label's text ends where its words do), but
    /// a program's output shows them when they carry a background or reverse video: `git
    /// diff`'s whitespace errors, a coloured bar of blanks.
    static func keepingTrailingSpaces(of text: String, lastRow: Substring, width: Int) -> Substring {
        let utf8 = text.utf8
        let spaces = utf8[lastRow.endIndex...]
        guard !spaces.isEmpty, spaces.allSatisfy({ $0 == UInt8(ascii: " ") }) else { return lastRow }
        let room = width - TextWidth.of(lastRow)
        guard room > 0 else { return lastRow }
        return text[lastRow.startIndex..<utf8.index(lastRow.endIndex, offsetBy: min(room, spaces.count))]
    }

    /// True when `text` (which holds no line breaks) is surely one row at `width`, exactly as
    /// the wrapper would show it with its trailing spaces kept, decided from its bytes alone:
    /// no more UTF-8 bytes than `width` (no cluster is wider than its bytes: ASCII takes one
    /// cell a byte, wide characters three or four bytes for two cells) and not ending in a
    /// non-ASCII space (the wrapper's, which ``keepingTrailingSpaces(of:lastRow:width:)`` does
    /// not put back). Longer lines are left to the wrapper, which measures them once.
    static func fitsOnOneRow(_ text: String, width: Int) -> Bool {
        if text.utf8.count > width { return false }
        guard let last = text.last else { return true }
        return last.isASCII || !last.isWhitespace
    }

    /// The lines of `text` for a log: split at every line break the wrapper honours (`\n`,
    /// `\r`, "\r\n", U+0085, U+2028, U+2029); one break at the very end adds no empty line.
    static func split(_ text: String) -> [String] {
        let ranges = lineRanges(text)
        if ranges.count == 1, ranges[0].count == text.utf8.count { return [text] }
        let utf8 = text.utf8
        return ranges.map { range in
            String(text[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
        }
    }

    /// The UTF-8 ranges of the lines of `text` (see ``split(_:)``). Read as bytes: each break
    /// is a cluster of its own, so no `Character` is needed to find them.
    static func lineRanges(_ text: String) -> [Range<Int>] {
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
        let count = text.utf8.count
        if breaks.isEmpty { return [0..<count] }
        var lines: [Range<Int>] = []
        var start = 0
        for lineBreak in breaks {
            lines.append(start..<lineBreak.start)
            start = lineBreak.end
        }
        if start < count { lines.append(start..<count) }
        return lines
    }

    /// The lines of styled `text`, split as ``split(_:)`` splits; a line in one style is a plain
    /// line in that style, others keep their runs as spans.
    static func split(_ text: StyledText) -> [Line] {
        let plain = text.string
        let utf8 = plain.utf8
        // Where each run ends, in UTF-8 offsets of `plain`.
        var ends: [Int] = []
        var end = 0
        for run in text.runs {
            end += run.text.utf8.count
            ends.append(end)
        }
        var lines: [Line] = []
        var runIndex = 0
        for range in lineRanges(plain) {
            let line = String(plain[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)])
            // Skip runs that end before this line starts (line breaks, earlier lines).
            while runIndex < ends.count - 1, ends[runIndex] <= range.lowerBound { runIndex += 1 }
            var spans: [Span] = []
            var index = runIndex
            while index < ends.count {
                let run = text.runs[index]
                let spanEnd = min(ends[index], range.upperBound) - range.lowerBound
                if spanEnd > (spans.last?.end ?? 0) {
                    spans.append(Span(end: spanEnd, style: run.style, inheritsDefaultColors: run.inheritsDefaultColors))
                }
                if ends[index] >= range.upperBound { break }
                index += 1
            }
            lines.append(Self.line(line, spans: spans))
        }
        return lines
    }

    /// Styled `text` as one line, whatever breaks it holds: a line of a child's output, cut at
    /// its newline already by the one reader of the child's bytes (`OutputLines`). A newline
    /// at its very end — the parser's way of ending a sequence left open — is not kept.
    static func line(_ text: StyledText) -> Line {
        var plain = text.string
        if plain.utf8.last == 0x0A { plain.removeLast() }
        let length = plain.utf8.count
        var spans: [Span] = []
        var end = 0
        for run in text.runs {
            end = min(end + run.text.utf8.count, length)
            if end > (spans.last?.end ?? 0) {
                spans.append(Span(end: end, style: run.style, inheritsDefaultColors: run.inheritsDefaultColors))
            }
        }
        return line(plain, spans: spans)
    }

    /// A line of `text` styled by `spans`: in one style, a plain line in that style.
    private static func line(_ text: String, spans: [Span]) -> Line {
        if spans.count > 1 { return Line(text: text, styling: .spans(spans)) }
        if let span = spans.first, let style = span.style {
            return Line(text: text, styling: span.inheritsDefaultColors ? .inherited(style) : .style(style))
        }
        return Line(text: text, styling: .log)
    }
}
