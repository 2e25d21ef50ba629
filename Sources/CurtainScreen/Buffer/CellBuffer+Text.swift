import CurtainLayout

extension CellBuffer {
    /// Draws `text` on row `origin.y` from column `origin.x`, one grapheme cluster after another
    /// as ``DisplayCluster`` measures them, and returns the columns the whole text advances
    /// (its display width, whether or not all of it was visible), so a caller can continue
    /// drawing at `origin.x + result`.
    ///
    /// Only cells inside `clip` (the whole buffer when `nil`) and the buffer change.
    /// Zero-width clusters are skipped. A wide character takes two cells (the grapheme, then a
    /// continuation); when the clip or buffer edge would cut it, the visible half becomes a
    /// blank in `style` instead, so a wide character is never split.
    @discardableResult
    public mutating func draw(_ text: some StringProtocol, at origin: Point, style: Style, clip: Rect? = nil) -> Int {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        let visibleRow = origin.y >= area.minY && origin.y < area.maxY
        var advanced = 0
        for character in text {
            let cluster = DisplayCluster(character)
            guard cluster.width > 0 else { continue }
            if visibleRow {
                put(cluster, x: origin.x.addingSaturating(advanced), y: origin.y, style: style, area: area)
            }
            advanced = advanced.addingSaturating(cluster.width)
        }
        return advanced
    }

    /// Draws one character at `point` (see ``draw(_:at:style:clip:)``) and returns its width in
    /// columns (0, 1 or 2).
    @discardableResult
    public mutating func setCharacter(_ character: Character, at point: Point, style: Style, clip: Rect? = nil) -> Int {
        let cluster = DisplayCluster(character)
        guard cluster.width > 0 else { return 0 }
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        if point.y >= area.minY && point.y < area.maxY {
            put(cluster, x: point.x, y: point.y, style: style, area: area)
        }
        return cluster.width
    }

    /// Writes one measured cluster at column `x` of row `y` (a row inside `area`), keeping to
    /// `area`'s columns.
    mutating func put(_ cluster: DisplayCluster, x: Int, y: Int, style: Style, area: Rect) {
        let leftVisible = x >= area.minX && x < area.maxX
        if cluster.width == 1 {
            guard leftVisible else { return }
            unpair(row: y, from: x, to: x + 1)
            cells[index(x, y)] = Cell(grapheme: Grapheme(cluster.text), style: style)
            return
        }
        let right = x.addingSaturating(1)
        let rightVisible = right >= area.minX && right < area.maxX
        switch (leftVisible, rightVisible) {
        case (true, true):
            unpair(row: y, from: x, to: x + 2)
            cells[index(x, y)] = Cell(grapheme: Grapheme(cluster.text), style: style)
            cells[index(x + 1, y)] = .continuation(style)
        case (true, false):
            unpair(row: y, from: x, to: x + 1)
            cells[index(x, y)] = .blank(style)
        case (false, true):
            unpair(row: y, from: right, to: right + 1)
            cells[index(right, y)] = .blank(style)
        case (false, false):
            return
        }
    }
}
