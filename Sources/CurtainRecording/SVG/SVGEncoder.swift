import CurtainLayout
import CurtainScreen

/// One animated SVG document of a recording: every frame drawn
/// once on a vertical strip, and CSS keyframes moving the strip so that each frame shows for its
/// time (`steps(1, end)`): it plays in browsers and in a GitHub README.
///
/// Small: a row's drawing (background rectangles, text runs merged by style, box drawing as
/// rectangles) is defined once and reused by every frame that shows it (`<use>`), a frame that
/// was shown before is reused whole, and styles are classes. Streamed: each frame is written
/// when it comes; the style sheet, which needs the whole time line, comes last (CSS applies
/// wherever in the document it is).
final class SVGEncoder: FrameEncoder {
    private let options: RecordingOptions
    private let cellWidth: Int, cellHeight: Int
    private var columns = 0, rows = 0
    private var started = false
    private var rowIDs: [String: Int] = [:]
    private var frameIndex: [[Int]: Int] = [:]
    private var frameCount = 0
    /// (start seconds, strip index) of each kept frame.
    private var timeline: [(Double, Int)] = []
    private var total: Double = 0
    private var fillClasses: [RGB: Int] = [:]
    private var fillOrder: [RGB] = []

    init(options: RecordingOptions) {
        self.options = options
        (cellWidth, cellHeight) = Self.cellSize(fontSize: options.fontSize)
    }

    /// A cell in pixels: a monospaced font's advance (0.6 em) by 1.25 em.
    static func cellSize(fontSize: Int) -> (width: Int, height: Int) {
        (Int((Double(fontSize) * 0.6).rounded(.up)), Int((Double(fontSize) * 1.25).rounded(.up)))
    }

    private var screenWidth: Int { columns * cellWidth }
    private var screenHeight: Int { rows * cellHeight }

    func encode(_ kept: FrameSequencer.Kept, into out: inout [UInt8]) {
        if !started { start(kept.frame.size, into: &out) }
        var uses: [Int] = []
        var newRows = ""
        for y in 0..<rows {
            let drawing = rowDrawing(kept.frame, y: y)
            if drawing.isEmpty {
                uses.append(-1)
                continue
            }
            if let id = rowIDs[drawing] {
                uses.append(id)
            } else {
                let id = rowIDs.count
                rowIDs[drawing] = id
                newRows += "<g id=\"r\(id)\">\(drawing)</g>"
                uses.append(id)
            }
        }
        if !newRows.isEmpty { out.append("<defs>\(newRows)</defs>\n") }
        let index: Int
        if let known = frameIndex[uses] {
            index = known
        } else {
            index = frameCount
            frameCount += 1
            frameIndex[uses] = index
            var group = "<g transform=\"translate(0,\(index * screenHeight))\">"
            for (y, id) in uses.enumerated() where id >= 0 {
                group += y == 0 ? "<use href=\"#r\(id)\"/>" : "<use href=\"#r\(id)\" y=\"\(y * cellHeight)\"/>"
            }
            out.append(group + "</g>\n")
        }
        timeline.append((kept.start, index))
        total = kept.start + kept.duration
    }

    func finish(into out: inout [UInt8]) {
        if !started { start(Size(width: 1, height: 1), into: &out) }
        out.append("</g></svg>\n<style>")
        // No emoji font by name: Noto Color Emoji has the digits and '#' too, and renderers that
        // take the list as a whole (librsvg) drew those from it, spaced out. Emoji still come
        // from the system's own fallback.
        let font = "'DejaVu Sans Mono','Noto Sans Mono','Noto Sans CJK SC',monospace"
        out.append("text{font-family:\(font);font-size:\(options.fontSize)px;white-space:pre}")
        out.append(".B{font-weight:bold}.I{font-style:italic}.U{text-decoration:underline}")
        for (index, color) in fillOrder.enumerated() { out.append(".c\(index){fill:\(color.hex)}") }
        if timeline.count > 1, total > 0 {
            let count = options.loops ? "infinite" : "1"
            out.append("#s{animation:roll \(fixed(total, decimals: 3))s steps(1,end) \(count) both}")
            out.append("@keyframes roll{")
            var last = -1
            for (start, index) in timeline where index != last {
                last = index
                let percent = fixed(start / total * 100, decimals: 3)
                out.append("\(percent)%{transform:translateY(\(-index * screenHeight)px)}")
            }
            out.append("}")
        }
        out.append("</style>\n</svg>\n")
    }

    // MARK: - Internals

    private func start(_ size: Size, into out: inout [UInt8]) {
        started = true
        columns = max(1, size.width)
        rows = max(1, size.height)
        let pad = options.padding, bar = options.windowBarHeight
        let width = screenWidth + 2 * pad, height = screenHeight + 2 * pad + bar
        let background = RGB(options.colors.background)
        out.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" xml:space=\"preserve\">\n")
        out.append("<rect width=\"\(width)\" height=\"\(height)\" rx=\"\(bar > 0 ? 6 : 0)\" fill=\"\(background.hex)\"/>\n")
        if bar > 0 {
            let radius = max(3, bar / 5), cy = bar / 2 + pad / 2
            for (i, color) in ["#ff5f58", "#ffbd2e", "#18c132"].enumerated() {
                out.append("<circle cx=\"\(pad + radius + i * radius * 3)\" cy=\"\(cy)\" r=\"\(radius)\" fill=\"\(color)\"/>")
            }
            out.append("\n")
        }
        out.append("<svg x=\"\(pad)\" y=\"\(pad + bar)\" width=\"\(screenWidth)\" height=\"\(screenHeight)\"><g id=\"s\">\n")
    }

    private func fillClass(_ color: RGB) -> String {
        if let known = fillClasses[color] { return "c\(known)" }
        let index = fillOrder.count
        fillClasses[color] = index
        fillOrder.append(color)
        return "c\(index)"
    }

    /// Row `y` of `frame` as SVG at y = 0: background rectangles, then box geometry and text
    /// runs. Empty when the row is blank on the default background.
    private func rowDrawing(_ frame: CellBuffer, y: Int) -> String {
        guard y < frame.size.height else { return "" }
        let width = min(columns, frame.size.width)
        let defaultBackground = RGB(options.colors.background)
        var paints: [CellPaint] = []
        paints.reserveCapacity(width)
        for x in 0..<width { paints.append(CellPaint(frame[x, y].style, colors: options.colors)) }
        var out = ""
        // Backgrounds: runs of one colour other than the window's.
        var x = 0
        while x < width {
            let color = paints[x].background
            var end = x + 1
            while end < width, paints[end].background == color { end += 1 }
            if color != defaultBackground {
                out += "<rect x=\"\(x * cellWidth)\" width=\"\((end - x) * cellWidth)\" height=\"\(cellHeight)\" class=\"\(fillClass(color))\"/>"
            }
            x = end
        }
        // Foreground: box geometry per cell, text in runs of one style.
        x = 0
        var shapes: [String: [(Int, Int, Int, Int)]] = [:], shapeOrder: [String] = []
        var run = "", runStart = 0, runCells = 0, runPaint: CellPaint?, runIsPlain = true
        func flush() {
            defer { run = ""; runCells = 0; runPaint = nil; runIsPlain = true }
            guard let paint = runPaint else { return }
            let trimmed = run.hasSuffix(" ") ? String(run.reversed().drop { $0 == " " }.reversed()) : run
            let trimmedCells = runCells - (run.count - trimmed.count)
            guard !trimmed.isEmpty else { return }
            var classes = [fillClass(paint.foreground)]
            if paint.bold { classes.append("B") }
            if paint.italic { classes.append("I") }
            if paint.underline { classes.append("U") }
            var attributes = "x=\"\(runStart * cellWidth)\" y=\"\(baseline)\" class=\"\(classes.joined(separator: " "))\""
            if !runIsPlain {
                // Wide and fallback glyphs have advances other than a cell: the run is fitted.
                attributes += " textLength=\"\(trimmedCells * cellWidth)\" lengthAdjust=\"spacingAndGlyphs\""
            }
            out += "<text \(attributes)>\(escaped(trimmed))</text>"
        }
        while x < width {
            let cell = frame[x, y]
            let paint = paints[x]
            if cell.grapheme.isContinuation {
                if runPaint != nil { runCells += 1 }
                x += 1
                continue
            }
            let text = cell.grapheme.text
            let scalar = text.unicodeScalars.count == 1 ? text.unicodeScalars.first : nil
            if let scalar, let box = BoxGlyph.of(scalar) {
                flush()
                let fill = fillClass(paint.foreground)
                if case let .shade(alpha) = box {
                    out += "<rect x=\"\(x * cellWidth)\" width=\"\(cellWidth)\" height=\"\(cellHeight)\" class=\"\(fill)\" fill-opacity=\"\(fixed(Double(alpha) / 255, decimals: 2))\"/>"
                } else {
                    if shapes[fill] == nil { shapeOrder.append(fill) }
                    shapes[fill, default: []] += boxRects(box, x: x)
                }
                x += 1
                continue
            }
            let sameStyle = runPaint.map {
                $0.foreground == paint.foreground && $0.bold == paint.bold && $0.italic == paint.italic
                    && $0.underline == paint.underline
            } ?? false
            if text == " " && !paint.underline {
                if runPaint != nil { run += " "; runCells += 1 }
                x += 1
                continue
            }
            if !sameStyle {
                flush()
                runStart = x
                runPaint = paint
            }
            run += text
            runCells += 1
            if !(scalar.map { $0.value >= 0x20 && $0.value < 0x7F } ?? false) { runIsPlain = false }
            x += 1
        }
        flush()
        // Box drawing: one path per colour, lines that continue across cells merged into one
        // rectangle.
        for fill in shapeOrder {
            var path = ""
            for (x0, y0, x1, y1) in Self.merged(shapes[fill] ?? []) {
                path += "M\(x0) \(y0)h\(x1 - x0)v\(y1 - y0)h\(x0 - x1)z"
            }
            if !path.isEmpty { out += "<path d=\"\(path)\" class=\"\(fill)\"/>" }
        }
        return out
    }

    /// `rects` with those that touch along a whole side joined: first along rows, then down
    /// columns. The same rectangles in, the same out.
    static func merged(_ rects: [(Int, Int, Int, Int)]) -> [(Int, Int, Int, Int)] {
        func join(_ rects: [(Int, Int, Int, Int)], horizontal: Bool) -> [(Int, Int, Int, Int)] {
            // Keyed by the shared side's span, then by position along the joining direction.
            let sorted = rects.sorted {
                horizontal ? ($0.1, $0.3, $0.0, $0.2) < ($1.1, $1.3, $1.0, $1.2)
                    : ($0.0, $0.2, $0.1, $0.3) < ($1.0, $1.2, $1.1, $1.3)
            }
            var result: [(Int, Int, Int, Int)] = []
            for r in sorted {
                if var last = result.last {
                    if horizontal, last.1 == r.1, last.3 == r.3, r.0 <= last.2 {
                        last.2 = max(last.2, r.2)
                        result[result.count - 1] = last
                        continue
                    }
                    if !horizontal, last.0 == r.0, last.2 == r.2, r.1 <= last.3 {
                        last.3 = max(last.3, r.3)
                        result[result.count - 1] = last
                        continue
                    }
                }
                result.append(r)
            }
            return result
        }
        return join(join(rects.filter { $0.2 > $0.0 && $0.3 > $0.1 }, horizontal: true), horizontal: false)
    }

    private var baseline: Int { Int((Double(cellHeight) * 0.78).rounded()) }

    /// The rectangles of a line or block glyph in the cell at column `x`, in the row's pixels.
    private func boxRects(_ box: BoxGlyph, x: Int) -> [(Int, Int, Int, Int)] {
        let left = x * cellWidth
        let rects: [(Int, Int, Int, Int)]
        switch box {
        case let .lines(up, right, down, leftArm):
            rects = BoxGlyph.lineRects(up: up, right: right, down: down, left: leftArm,
                                       width: cellWidth, height: cellHeight, light: max(1, options.fontSize / 12))
        case let .blocks(eighths):
            rects = BoxGlyph.blockRects(eighths, width: cellWidth, height: cellHeight)
        case .shade:
            rects = []
        }
        return rects.map { ($0.0 + left, $0.1, $0.2 + left, $0.3) }
    }

    private func escaped(_ text: String) -> String {
        guard text.contains(where: { $0 == "&" || $0 == "<" || $0 == ">" }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            default: result.append(character)
            }
        }
        return result
    }
}
