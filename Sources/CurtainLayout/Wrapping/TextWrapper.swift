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
            var line = ""
            for character in text[range] {
                let cluster = DisplayCluster(character)
                line += cluster.width > width ? "\u{2026}" : cluster.text
            }
            lines.append(line)
        }
        return lines
    }

    /// The number of lines `wrap(text, width: width)` returns, without building them.
    public static func lineCount(_ text: some StringProtocol, width: Int) -> Int {
        var count = 0
        forEachLine(of: substring(text), width: width) { _ in count += 1 }
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
        // By the first scalar, not by comparing characters (six string comparisons a cluster):
        // each of these is a grapheme cluster of its own, "\r\n" the only one of two scalars.
        switch character.unicodeScalars.first?.value {
        case 0x0A, 0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }

    /// Calls `body` with the range of each line's content (trailing spaces excluded). A line
    /// that starts after a soft break starts at its first non-space character, so wrapping the
    /// text from that index gives the same lines from there on.
    package static func forEachLine(of text: Substring, width: Int, _ body: (Range<Substring.Index>) -> Void) {
        if width <= 0 || text.isEmpty { return }
        var lineStart = text.startIndex
        var contentEnd = lineStart  // end of the committed clusters (pending spaces excluded)
        var lineWidth = 0  // cells of lineStart..<contentEnd
        var pendingSpaces = 0  // cells of the spaces after contentEnd
        var previous: LineBreakClass? = nil  // class of the previous cluster on this line
        // The last break opportunity on this line: where the next line would start, where this
        // one would end, and the cells committed from the opportunity to contentEnd.
        var opportunity: Substring.Index? = nil
        var opportunityContentEnd = lineStart
        var widthAfterOpportunity = 0

        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            let next = text.index(after: index)
            defer { index = next }
            if isHardBreak(character) {
                body(lineStart..<contentEnd)
                lineStart = next
                contentEnd = next
                lineWidth = 0
                pendingSpaces = 0
                previous = nil
                opportunity = nil
                continue
            }
            let cells: Int
            let kind: LineBreakClass
            if character.utf8.count == 1, let byte = character.utf8.first, byte >= 0x20, byte < 0x7F {
                // Fast path: printable ASCII needs no cluster analysis.
                cells = 1
                kind = LineBreakClass(Unicode.Scalar(byte))
            } else {
                cells = min(DisplayCluster(character).width, width)
                kind = character.unicodeScalars.first.map(LineBreakClass.init) ?? .other
            }
            if kind == .space {
                pendingSpaces += cells
                previous = .space
                continue
            }
            if let before = previous, LineBreakClass.allowsBreak(between: before, and: kind) {
                opportunity = index
                opportunityContentEnd = contentEnd
                widthAfterOpportunity = 0
            }
            previous = kind
            while lineWidth + pendingSpaces + cells > width {
                if let start = opportunity {
                    // End the line at the last opportunity; what followed it starts the next.
                    body(lineStart..<opportunityContentEnd)
                    lineStart = start
                    lineWidth = widthAfterOpportunity
                    if start == index { pendingSpaces = 0 }  // the spaces at the break are dropped
                    opportunity = nil
                } else {
                    // No opportunity on this line: break the word before this cluster.
                    body(lineStart..<contentEnd)
                    lineStart = index
                    lineWidth = 0
                    pendingSpaces = 0
                }
            }
            lineWidth += pendingSpaces + cells
            if let start = opportunity {
                // Spaces just before an opportunity at this cluster belong to the line before it.
                widthAfterOpportunity += (start == index ? 0 : pendingSpaces) + cells
            }
            pendingSpaces = 0
            contentEnd = next
        }
        body(lineStart..<contentEnd)
    }
}
