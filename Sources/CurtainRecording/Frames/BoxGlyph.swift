/// Box-drawing and block characters as geometry, so that lines join across cells without the
/// gaps a font's glyphs leave, at any cell size. Shared by the SVG and the raster renderers.
enum BoxGlyph: Equatable {
    enum Weight: UInt8 { case none, light, heavy, double }

    /// Lines from the cell's centre to its edges: up, right, down, left.
    case lines(up: Weight, right: Weight, down: Weight, left: Weight)
    /// Filled rectangles, in eighths of the cell (x0, y0, x1, y1; x right, y down).
    case blocks([(Int, Int, Int, Int)])
    /// The whole cell in the foreground at this opacity (of 255): ░ ▒ ▓.
    case shade(UInt32)

    static func == (lhs: BoxGlyph, rhs: BoxGlyph) -> Bool {
        switch (lhs, rhs) {
        case let (.lines(a, b, c, d), .lines(e, f, g, h)): return (a, b, c, d) == (e, f, g, h)
        case let (.shade(a), .shade(b)): return a == b
        case let (.blocks(a), .blocks(b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        default: return false
        }
    }

    /// The geometry of `scalar`, or nil when the font draws it.
    static func of(_ scalar: Unicode.Scalar) -> BoxGlyph? {
        let v = scalar.value
        if let arms = lineTable[v] {
            let w = arms.map { c -> Weight in
                switch c { case "l": .light; case "h": .heavy; case "d": .double; default: .none }
            }
            return .lines(up: w[0], right: w[1], down: w[2], left: w[3])
        }
        switch v {
        case 0x2580: return .blocks([(0, 0, 8, 4)])
        case 0x2581...0x2588: return .blocks([(0, 8 - Int(v - 0x2580), 8, 8)])
        case 0x2589...0x258F: return .blocks([(0, 0, 8 - Int(v - 0x2588), 8)])
        case 0x2590: return .blocks([(4, 0, 8, 8)])
        case 0x2591: return .shade(64)
        case 0x2592: return .shade(128)
        case 0x2593: return .shade(192)
        case 0x2594: return .blocks([(0, 0, 8, 1)])
        case 0x2595: return .blocks([(7, 0, 8, 8)])
        case 0x2596...0x259F:
            // Quadrants: upper left, upper right, lower left, lower right as bits.
            let masks: [UInt8] = [0b0100, 0b1000, 0b0001, 0b1101, 0b1001, 0b0111, 0b1011, 0b0010, 0b0110, 0b1110]
            let mask = masks[Int(v - 0x2596)]
            var rects: [(Int, Int, Int, Int)] = []
            if mask & 0b0001 != 0 { rects.append((0, 0, 4, 4)) }
            if mask & 0b0010 != 0 { rects.append((4, 0, 8, 4)) }
            if mask & 0b0100 != 0 { rects.append((0, 4, 4, 8)) }
            if mask & 0b1000 != 0 { rects.append((4, 4, 8, 8)) }
            return .blocks(rects)
        default: return nil
        }
    }

    /// Arms (up, right, down, left) of the box-drawing characters drawn as lines: light, heavy,
    /// double, rounded corners (drawn square) and half lines. Dashed and mixed-weight ones are
    /// left to the font.
    private static let lineTable: [UInt32: [Character]] = [
        0x2500: [" ", "l", " ", "l"], 0x2501: [" ", "h", " ", "h"],
        0x2502: ["l", " ", "l", " "], 0x2503: ["h", " ", "h", " "],
        0x250C: [" ", "l", "l", " "], 0x250F: [" ", "h", "h", " "],
        0x2510: [" ", " ", "l", "l"], 0x2513: [" ", " ", "h", "h"],
        0x2514: ["l", "l", " ", " "], 0x2517: ["h", "h", " ", " "],
        0x2518: ["l", " ", " ", "l"], 0x251B: ["h", " ", " ", "h"],
        0x251C: ["l", "l", "l", " "], 0x2523: ["h", "h", "h", " "],
        0x2524: ["l", " ", "l", "l"], 0x252B: ["h", " ", "h", "h"],
        0x252C: [" ", "l", "l", "l"], 0x2533: [" ", "h", "h", "h"],
        0x2534: ["l", "l", " ", "l"], 0x253B: ["h", "h", " ", "h"],
        0x253C: ["l", "l", "l", "l"], 0x254B: ["h", "h", "h", "h"],
        0x2550: [" ", "d", " ", "d"], 0x2551: ["d", " ", "d", " "],
        0x2554: [" ", "d", "d", " "], 0x2557: [" ", " ", "d", "d"],
        0x255A: ["d", "d", " ", " "], 0x255D: ["d", " ", " ", "d"],
        0x2560: ["d", "d", "d", " "], 0x2563: ["d", " ", "d", "d"],
        0x2566: [" ", "d", "d", "d"], 0x2569: ["d", "d", " ", "d"],
        0x256C: ["d", "d", "d", "d"],
        0x256D: [" ", "l", "l", " "], 0x256E: [" ", " ", "l", "l"],
        0x256F: ["l", " ", " ", "l"], 0x2570: ["l", "l", " ", " "],
        0x2574: [" ", " ", " ", "l"], 0x2575: ["l", " ", " ", " "],
        0x2576: [" ", "l", " ", " "], 0x2577: [" ", " ", "l", " "],
        0x2578: [" ", " ", " ", "h"], 0x2579: ["h", " ", " ", " "],
        0x257A: [" ", "h", " ", " "], 0x257B: [" ", " ", "h", " "],
    ]
}

extension BoxGlyph {
    /// The rectangles that draw lines in a cell of `width` × `height` pixels, in pixels
    /// (x0, y0, x1, y1): each arm from the centre line to the edge, overlapping at the centre,
    /// so that neighbouring cells' arms meet edge to edge. `light` is the stroke of a light line.
    static func lineRects(up: Weight, right: Weight, down: Weight, left: Weight,
                          width: Int, height: Int, light: Int) -> [(Int, Int, Int, Int)] {
        let heavy = max(light + 1, light * 2)
        func stroke(_ w: Weight) -> Int { w == .heavy ? heavy : light }
        // A horizontal or vertical band centred on the cell's middle.
        func band(_ center: Int, _ thickness: Int) -> (Int, Int) {
            let start = center - thickness / 2
            return (start, start + thickness)
        }
        let cx = width / 2, cy = height / 2
        var rects: [(Int, Int, Int, Int)] = []
        // Bands for one arm: a single line, or a double line's two strokes with a gap of one stroke.
        func bands(_ w: Weight, center: Int) -> [(Int, Int)] {
            if w == .double {
                return [band(center - light, light), band(center + light, light)]
            }
            return [band(center, stroke(w))]
        }
        let vertical = (up == .none ? [] : bands(up, center: cx)) + (down == .none ? [] : bands(down, center: cx))
        let horizontal = (left == .none ? [] : bands(left, center: cy)) + (right == .none ? [] : bands(right, center: cy))
        // Where the other direction's strokes begin and end: an arm reaches across them, so a
        // corner or a tee is joined with no notch and no nub.
        let vx0 = vertical.map(\.0).min() ?? cx, vx1 = vertical.map(\.1).max() ?? cx
        let hy0 = horizontal.map(\.0).min() ?? cy, hy1 = horizontal.map(\.1).max() ?? cy
        if left != .none {
            for (y0, y1) in bands(left, center: cy) { rects.append((0, y0, vertical.isEmpty ? cx : vx1, y1)) }
        }
        if right != .none {
            for (y0, y1) in bands(right, center: cy) { rects.append((vertical.isEmpty ? cx : vx0, y0, width, y1)) }
        }
        if up != .none {
            for (x0, x1) in bands(up, center: cx) { rects.append((x0, 0, x1, horizontal.isEmpty ? cy : hy1)) }
        }
        if down != .none {
            for (x0, x1) in bands(down, center: cx) { rects.append((x0, horizontal.isEmpty ? cy : hy0, x1, height)) }
        }
        return rects
    }

    /// The filled rectangles of a block element in a cell of `width` × `height` pixels.
    static func blockRects(_ eighths: [(Int, Int, Int, Int)], width: Int, height: Int) -> [(Int, Int, Int, Int)] {
        eighths.map { ($0.0 * width / 8, $0.1 * height / 8, $0.2 * width / 8, $0.3 * height / 8) }
    }
}
