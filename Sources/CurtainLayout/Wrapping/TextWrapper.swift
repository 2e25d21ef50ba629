/// Greedy line wrapping in terminal cells, with a simplified UAX #14.
///
/// - **Hard breaks**: every `\n`, `\r`, "\r\n" (one break), U+0085, U+2028 and U+2029 ends a
///   line; an empty line stays an empty line ("a\n" is two lines, "a" and ""). The empty
///   string has no lines.
/// - **Break opportunities**: after a run of spaces (U+0020, ZWSP, U+3000 and other space
///   separators; not the no-break spaces), after hyphens, and before and after ideographs,
///   kana, Hangul syllables and emoji — but never before closing punctuation and non-starters
///   (`。、）」!?,.` …), never after opening punctuation (`（「(` …), never next to a no-break
///   space or word joiner.
/// - **Greedy**: each line takes as many clusters as fit; it ends at the last opportunity
///   that fits. Only when a line has no opportunity at all (a word longer than the line) is
///   the word broken, between clusters — never inside a cluster or a wide character.
/// - **Spaces** at the end of every line are dropped (so they never overflow); spaces at the
///   start of a hard line (indentation) are kept. Indentation wider than the line becomes an
///   empty line.
/// - **Too-wide clusters**: a two-cell cluster on a line of width 1 is shown as `…`
///   (U+2026, one cell), never overflowing.
/// - **Width ≤ 0**: there is no room, so there are no lines.
///
/// Lines are returned as display text (see ``DisplayCluster``): controls become pictures, ZWJ
/// sequences their first scalar, and so on. Every line's ``TextWidth/of(_:)`` is ≤ `width`.
///
/// Because line ends only ever sit at fixed opportunities or at the first cluster that
/// overflows, a wider line never ends earlier than a narrower one from the same start, so the
/// number of lines never grows when the width grows (checked by a property test over widths
/// 1…200).
public enum TextWrapper {
    /// The wrapped lines of `text` at `width` cells.
    public static func wrap(_ text: some StringProtocol, width: Int) -> [String] {
        let text = substring(text)
        var lines: [String] = []
        forEachLine(of: text, width: width) { range in
            lines.append(displayText(text[range], width: width))
        }
        return lines
    }

    /// A line's content as a row `width` cells wide shows it: each cluster's display text, a
    /// cluster wider than the row as `…` (U+2026).
    package static func displayText(_ content: Substring, width: Int) -> String {
        let ascii = content.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
        } ?? false
        if ascii { return String(content) }
        var line = ""
        for character in content {
            let cluster = DisplayCluster(character)
            line += cluster.width > width ? "\u{2026}" : cluster.text
        }
        return line
    }

    /// The number of lines `wrap(text, width: width)` returns, without building them.
    public static func lineCount(_ text: some StringProtocol, width: Int) -> Int {
        var count = 0
        forEachRow(of: substring(text), width: width) { _, _ in
            count += 1
            return true
        }
        return count
    }

    /// The widest line of `text` when only its hard breaks are honoured (its natural width).
    public static func naturalWidth(_ text: some StringProtocol) -> Int {
        var widest = 0
        var current = 0
        var pendingSpaces = 0
        for character in text {
            if isHardBreak(character) {
                widest = max(widest, current)
                current = 0
                pendingSpaces = 0
                continue
            }
            let cluster = DisplayCluster(character)
            if let first = character.unicodeScalars.first, LineBreakClass(first) == .space {
                pendingSpaces += cluster.width
            } else {
                current += pendingSpaces + cluster.width
                pendingSpaces = 0
            }
        }
        return max(widest, current)
    }

    /// `text` as a `Substring` without copying when it already is a `String` or `Substring`.
    static func substring(_ text: some StringProtocol) -> Substring {
        if let string = text as? String { return string[...] }
        if let substring = text as? Substring { return substring }
        return String(text)[...]
    }

    /// Whether `character` ends a line (`\n`, `\r`, "\r\n", U+0085, U+2028, U+2029).
    package static func isHardBreak(_ character: Character) -> Bool {
        // By the first scalar rather than by comparing characters, which compares them after
        // normalising (a quarter of the wrapping time for CJK text). Each of these is a
        // cluster of its own (CR with a following LF), so the first scalar decides.
        switch character.unicodeScalars.first?.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Calls `body` with the range of each line's content (trailing spaces excluded). A line
    /// that starts after a soft break starts at its first non-space character, so wrapping the
    /// text from that index gives the same lines from there on.
    package static func forEachLine(of text: Substring, width: Int, _ body: (Range<Substring.Index>) -> Void) {
        let utf8 = text.utf8
        forEachRow(of: text, width: width) { start, end in
            body(utf8.index(text.startIndex, offsetBy: start)..<utf8.index(text.startIndex, offsetBy: end))
            return true
        }
    }

    /// The same walk in UTF-8 offsets from `text.startIndex`: `body` gets each line's first byte
    /// and the end of its content, and returns false to stop early (an editor re-wrapping a few
    /// rows of a long line stops once the rows agree with the ones it had).
    ///
    /// Every line starts afresh: no state carries over from the line before it, so wrapping
    /// the text from any line's start gives the same lines from there on (an editor re-wraps a
    /// few rows of a long line from the start of a row it kept).
    ///
    /// Printable ASCII followed by ASCII is a cluster of its own, measured without building a
    /// `Character` (as the cell buffer draws it); everything else goes through `Character`.
    package static func forEachRow(of text: Substring, width: Int, _ body: (_ start: Int, _ end: Int) -> Bool) {
        if width <= 0 || text.isEmpty { return }
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { bytes in
            forEachRow(of: text, bytes: bytes, width: width, body)
        }
        if done == nil {
            var copy = String(text)
            copy.makeContiguousUTF8()
            forEachRow(of: copy[...], width: width, body)
        }
    }

    private static func forEachRow(of text: Substring, bytes: UnsafeBufferPointer<UInt8>, width: Int,
                                   _ body: (Int, Int) -> Bool) {
        let count = bytes.count
        var lineStart = 0
        var contentEnd = 0  // end of the committed clusters (pending spaces excluded)
        var lineWidth = 0  // cells of lineStart..<contentEnd
        var pendingSpaces = 0  // cells of the spaces after contentEnd
        var previous: LineBreakClass? = nil  // class of the previous cluster on this line
        // The last break opportunity on this line (-1: none): where the next line would start,
        // where this one would end, and the cells committed from the opportunity to contentEnd.
        var opportunity = -1
        var opportunityContentEnd = 0
        var widthAfterOpportunity = 0
        // The end of the last cluster decoded as a Character, as an index the Character view
        // knows is aligned: the next non-ASCII cluster usually starts there.
        var knownIndex = text.startIndex
        var knownOffset = 0

        var index = 0
        while index < count {
            let byte = bytes[index]
            let next: Int
            let cells: Int
            let kind: LineBreakClass
            if byte >= 0x20, byte < 0x7F, index + 1 == count || bytes[index + 1] < 0x80 {
                // Fast path: printable ASCII that nothing after it can extend.
                next = index + 1
                cells = 1
                kind = LineBreakClass(Unicode.Scalar(byte))
            } else {
                let start = index == knownOffset ? knownIndex : text.utf8.index(text.startIndex, offsetBy: index)
                let character = text[start]
                knownIndex = text.index(after: start)
                knownOffset = text.utf8.distance(from: text.startIndex, to: knownIndex)
                next = knownOffset
                if isHardBreak(character) {
                    if !body(lineStart, contentEnd) { return }
                    lineStart = next
                    contentEnd = next
                    lineWidth = 0
                    pendingSpaces = 0
                    previous = nil
                    opportunity = -1
                    index = next
                    continue
                }
                cells = min(DisplayCluster(character).width, width)
                kind = character.unicodeScalars.first.map(LineBreakClass.init) ?? .other
            }
            if kind == .space {
                pendingSpaces += cells
                previous = .space
                index = next
                continue
            }
            if let before = previous, LineBreakClass.allowsBreak(between: before, and: kind) {
                opportunity = index
                opportunityContentEnd = contentEnd
                widthAfterOpportunity = 0
            }
            previous = kind
            while lineWidth + pendingSpaces + cells > width {
                if opportunity >= 0 {
                    // End the line at the last opportunity; what followed it starts the next.
                    if !body(lineStart, opportunityContentEnd) { return }
                    lineStart = opportunity
                    lineWidth = widthAfterOpportunity
                    if opportunity == index { pendingSpaces = 0 }  // the spaces at the break are dropped
                    opportunity = -1
                } else {
                    // No opportunity on this line: break the word before this cluster.
                    if !body(lineStart, contentEnd) { return }
                    lineStart = index
                    lineWidth = 0
                    pendingSpaces = 0
                }
            }
            lineWidth += pendingSpaces + cells
            if opportunity >= 0 {
                // Spaces just before an opportunity at this cluster belong to the line before it.
                widthAfterOpportunity += (opportunity == index ? 0 : pendingSpaces) + cells
            }
            pendingSpaces = 0
            contentEnd = next
            index = next
        }
        _ = body(lineStart, contentEnd)
    }
}
