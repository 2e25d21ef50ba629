/// Measuring and fitting single lines of text in terminal cells.
public enum TextWidth {
    /// Cells `text` takes when drawn cluster by cluster as ``DisplayCluster`` does (control
    /// characters, newlines included, count as their one-cell pictures).
    public static func of(_ text: some StringProtocol) -> Int {
        // Fast path: printable ASCII is one cell per byte.
        var asciiOnly = true
        for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
            asciiOnly = false
            break
        }
        if asciiOnly { return text.utf8.count }
        var width = 0
        for character in text { width += DisplayCluster(character).width }
        return width
    }

    /// Cells one scalar takes by Curtain's tables: 1 or 2 for what is drawn, 0 for marks and
    /// what never is. The terminal backend lays its stand-ins out by it, since the C library
    /// knows no width for most scalars outside a UTF-8 locale (`wcwidth` says -1).
    package static func of(scalar: Unicode.Scalar) -> Int { ScalarClass(scalar).width }

    /// The text actually drawn for `text`: each cluster replaced by its ``DisplayCluster/text``.
    /// Its width is `of(text)`.
    public static func displayText(_ text: some StringProtocol) -> String {
        var result = ""
        for character in text { result += DisplayCluster(character).text }
        return result
    }

    /// The display text of `text`, cut so it takes at most `width` cells; when something is
    /// cut, the last cell shows `…` (U+2026, one cell). Never splits a cluster. Empty for
    /// `width <= 0`.
    public static func truncated(_ text: some StringProtocol, toWidth width: Int) -> String {
        if width <= 0 { return "" }
        if of(text) <= width { return displayText(text) }
        var result = ""
        var used = 0
        for character in text {
            let cluster = DisplayCluster(character)
            if used + cluster.width > width - 1 { break }
            result += cluster.text
            used += cluster.width
        }
        return result + "\u{2026}"
    }
}
