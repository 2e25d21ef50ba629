import CurtainLayout

/// The line characters of a box's border.
public struct BoxBorder: Hashable, Sendable {
    public var horizontal: Character
    public var vertical: Character
    public var topLeft: Character
    public var topRight: Character
    public var bottomLeft: Character
    public var bottomRight: Character

    public init(horizontal: Character, vertical: Character, topLeft: Character, topRight: Character,
                bottomLeft: Character, bottomRight: Character) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
    }

    /// `┌─┐│└┘`
    public static let single = BoxBorder(horizontal: "─", vertical: "│", topLeft: "┌", topRight: "┐",
                                         bottomLeft: "└", bottomRight: "┘")
    /// `╭─╮│╰╯`
    public static let rounded = BoxBorder(horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮",
                                          bottomLeft: "╰", bottomRight: "╯")
    /// `┏━┓┃┗┛`: stands out without colour (a focused pane on a monochrome terminal).
    public static let heavy = BoxBorder(horizontal: "━", vertical: "┃", topLeft: "┏", topRight: "┓",
                                        bottomLeft: "┗", bottomRight: "┛")
}

extension CellBuffer {
    /// Draws the border of `rect` (its outermost cells; the inside is left alone) and an
    /// optional `title` in the top border line.
    ///
    /// The title is drawn from the third column as `─ Title ─`: a space either side, in
    /// `titleStyle` (`style` when `nil`), truncated with `…` to leave at least one line cell
    /// before each corner; it is left out when not even one column of it fits. A rectangle one
    /// row high is a horizontal line, one column wide a vertical line. Only cells inside `clip`
    /// and the buffer change. The border's characters should be one cell wide.
    public mutating func drawBox(_ rect: Rect, style: Style, title: String? = nil, titleStyle: Style? = nil,
                                 border: BoxBorder = .single, clip: Rect? = nil) {
        guard !rect.isEmpty else { return }
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard area.intersects(rect) else { return }
        if rect.height == 1 {
            let h = String(border.horizontal)
            for x in rect.minX..<rect.maxX { draw(h, at: Point(x: x, y: rect.minY), style: style, clip: area) }
            return
        }
        if rect.width == 1 {
            let v = String(border.vertical)
            for y in rect.minY..<rect.maxY { draw(v, at: Point(x: rect.minX, y: y), style: style, clip: area) }
            return
        }
        let top = rect.minY, bottom = rect.maxY - 1, left = rect.minX, right = rect.maxX - 1
        // Only the columns and rows that can be visible are walked, so huge rects stay cheap.
        let xs = max(left + 1, area.minX)..<max(max(left + 1, area.minX), min(right, area.maxX))
        let ys = max(top + 1, area.minY)..<max(max(top + 1, area.minY), min(bottom, area.maxY))
        let line = DisplayCluster(border.horizontal), side = DisplayCluster(border.vertical)
        let lineGrapheme = Grapheme(line.text), sideGrapheme = Grapheme(side.text)
        for y in [top, bottom] where y >= area.minY && y < area.maxY {
            if line.width == 1, !xs.isEmpty {
                // One pass for the whole line (what a put per cell does, without its per-cell
                // checks): lines are most of a box's cells.
                fill(Rect(x: xs.lowerBound, y: y, width: xs.count, height: 1),
                     with: Cell(grapheme: lineGrapheme, style: style), clip: area)
            } else {
                for x in xs { put(lineGrapheme, width: line.width, x: x, y: y, style: style, area: area) }
            }
        }
        for y in ys {
            put(sideGrapheme, width: side.width, x: left, y: y, style: style, area: area)
            put(sideGrapheme, width: side.width, x: right, y: y, style: style, area: area)
        }
        setCharacter(border.topLeft, at: Point(x: left, y: top), style: style, clip: area)
        setCharacter(border.topRight, at: Point(x: right, y: top), style: style, clip: area)
        setCharacter(border.bottomLeft, at: Point(x: left, y: bottom), style: style, clip: area)
        setCharacter(border.bottomRight, at: Point(x: right, y: bottom), style: style, clip: area)

        guard let title, !title.isEmpty else { return }
        // Corner, one line cell, space, title, space, one line cell, corner.
        let room = rect.width - 6
        guard room >= 1 else { return }
        let shown = Self.truncate(title, toWidth: room)
        guard !shown.isEmpty else { return }
        let titleStyle = titleStyle ?? style
        var x = left + 2
        x += draw(" ", at: Point(x: x, y: top), style: titleStyle, clip: area)
        x += draw(shown, at: Point(x: x, y: top), style: titleStyle, clip: area)
        draw(" ", at: Point(x: x, y: top), style: titleStyle, clip: area)
    }

    /// `text` cut to at most `width` columns, ending in `…` when anything was cut. Never splits
    /// a cluster; zero-width clusters are dropped.
    package static func truncate(_ text: String, toWidth width: Int) -> String {
        guard width > 0 else { return "" }
        // The common case, drawn every frame for every pane title: printable ASCII that fits
        // is shown as it is (one column a character, nothing dropped).
        if text.utf8.count <= width, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var clusters: [(String, Int)] = []
        var total = 0
        for character in text {
            let cluster = DisplayCluster(character)
            guard cluster.width > 0 else { continue }
            clusters.append((cluster.text, cluster.width))
            total += cluster.width
        }
        if total <= width { return clusters.map(\.0).joined() }
        var result = "", used = 0
        for (text, w) in clusters {
            if used + w > width - 1 { break }
            result += text
            used += w
        }
        return result + "…"
    }
}
