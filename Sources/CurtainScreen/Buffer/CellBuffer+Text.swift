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
        let fast = text.utf8.withContiguousStorageIfAvailable { bytes in
            drawUTF8(bytes, at: origin, style: style, area: area, visibleRow: visibleRow)
        }
        if let fast { return fast }
        return drawClusters(text, from: origin.x, advanced: 0, y: origin.y, style: style, area: area, visibleRow: visibleRow)
    }

    /// Walks `text`'s clusters, measuring each with ``DisplayCluster``; returns `advanced` plus
    /// their width.
    private mutating func drawClusters(_ text: some StringProtocol, from x0: Int, advanced start: Int, y: Int,
                                       style: Style, area: Rect, visibleRow: Bool) -> Int {
        var advanced = start
        for character in text {
            let cluster = DisplayCluster(character)
            guard cluster.width > 0 else { continue }
            if visibleRow {
                put(cluster, x: x0.addingSaturating(advanced), y: y, style: style, area: area)
            }
            advanced = advanced.addingSaturating(cluster.width)
        }
        return advanced
    }

    /// The same walk over UTF-8 with a fast path: a printable ASCII character followed by
    /// ASCII (or the end) is a cluster of its own, one cell wide, drawn without building a
    /// `Character`. Everything else (controls, non-ASCII and the ASCII character just before
    /// it, which a combining mark may extend) is cut out up to the next printable ASCII byte,
    /// where a new cluster starts unless a prepended mark joins it, and measured by
    /// ``DisplayCluster``.
    private mutating func drawUTF8(_ bytes: UnsafeBufferPointer<UInt8>, at origin: Point, style: Style,
                                   area: Rect, visibleRow: Bool) -> Int {
        var advanced = 0
        var i = 0
        let n = bytes.count
        @inline(__always) func printable(_ b: UInt8) -> Bool { b >= 0x20 && b < 0x7F }
        while i < n {
            let b = bytes[i]
            if printable(b) && (i + 1 == n || bytes[i + 1] < 0x80) {
                // A stretch of such characters is written in one pass.
                var k = i + 1
                while k < n && printable(bytes[k]) && (k + 1 == n || bytes[k + 1] < 0x80) { k += 1 }
                let count = k - i
                if visibleRow {
                    let x0 = origin.x.addingSaturating(advanced)
                    let from = max(x0, area.minX), to = min(x0.addingSaturating(count), area.maxX)
                    if from < to {
                        unpair(row: origin.y, from: from, to: to)
                        let rowStart = index(0, origin.y)
                        let skip = from &- x0
                        cells.withUnsafeMutableBufferPointer { cells in
                            for x in from..<to {
                                cells[rowStart &+ x] = Cell(grapheme: Grapheme(rawValue: UInt32(bytes[i &+ skip &+ (x &- from)])),
                                                            style: style)
                            }
                        }
                    }
                }
                advanced = advanced.addingSaturating(count)
                i = k
                continue
            }
            var j = i + 1
            while true {
                while j < n && !printable(bytes[j]) { j += 1 }
                // A prepended mark (U+0600 ARABIC NUMBER SIGN, U+0D4E…) joins the character
                // after it, printable ASCII included: that character belongs to the segment.
                guard j < n, Self.joinsNextByte(bytes, from: i, to: j) else { break }
                j += 1
            }
            let segment = String(decoding: UnsafeBufferPointer(rebasing: bytes[i..<j]), as: UTF8.self)
            advanced = drawClusters(segment, from: origin.x, advanced: advanced, y: origin.y, style: style,
                                    area: area, visibleRow: visibleRow)
            i = j
        }
        return advanced
    }

    /// Whether the last scalar of `bytes[start..<end]` and the byte at `end` are one cluster.
    /// Only non-ASCII scalars can join what follows them (grapheme break rule GB9b, Prepend).
    private static func joinsNextByte(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var last = end - 1
        while last > start, bytes[last] & 0xC0 == 0x80 { last -= 1 }
        guard bytes[last] >= 0xC0 else { return false }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[last...end]), as: UTF8.self).count == 1
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
        put(Grapheme(cluster.text), width: cluster.width, x: x, y: y, style: style, area: area)
    }

    /// ``put(_:x:y:style:area:)`` for a grapheme already made (`width` cells wide).
    mutating func put(_ grapheme: Grapheme, width: Int, x: Int, y: Int, style: Style, area: Rect) {
        let leftVisible = x >= area.minX && x < area.maxX
        if width <= 0 { return }
        if width == 1 {
            guard leftVisible else { return }
            unpair(row: y, from: x, to: x + 1)
            cells[index(x, y)] = Cell(grapheme: grapheme, style: style)
            return
        }
        let right = x.addingSaturating(1)
        let rightVisible = right >= area.minX && right < area.maxX
        switch (leftVisible, rightVisible) {
        case (true, true):
            unpair(row: y, from: x, to: x + 2)
            cells[index(x, y)] = Cell(grapheme: grapheme, style: style)
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
