import CurtainLayout
import CurtainScreen

/// Draws frames of cells into a ``Canvas``: the window (background, padding, a bar with three
/// buttons), then every cell as the terminal drew it — its background, its glyph from
/// ``GlyphSource`` clipped to its box (two cells for a wide character), box drawing and block
/// elements as geometry, underline; a glyph no font has is an outlined box, never a blank.
///
/// Only the cells that changed since the previous frame are drawn again: each cell's drawing
/// stays inside its box, so the picture is the same as a full redraw.
final class FrameRenderer {
    let glyphs: GlyphSource
    private let options: RecordingOptions
    let columns: Int, rows: Int
    let originX: Int, originY: Int
    private(set) var canvas: Canvas
    private var previous: CellBuffer?
    /// The pixels drawn since ``takeDrawn()`` last emptied it: all that can differ from the
    /// picture then, so an encoder looks nowhere else.
    private(set) var drawn = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0)
    /// The largest picture drawn: 16 million pixels (a 1000×1000 screen at 72 pixels would be
    /// 2.8 billion, more memory than a machine has).
    static let maximumPixels = 16_000_000
    /// Coverage levels kept (fewer colours for a GIF's palette); 256 keeps all.
    private let coverageLevels: UInt32

    init(options: RecordingOptions, size: Size, coverageLevels: Int = 256) throws(RecordingSetupError) {
        self.options = options
        glyphs = try GlyphSource(options: options)
        self.coverageLevels = UInt32(max(2, min(256, coverageLevels)))
        columns = max(1, size.width)
        rows = max(1, size.height)
        let pad = max(0, options.padding), bar = options.windowBarHeight
        originX = pad
        originY = pad + bar
        let background = RGB(options.colors.background)
        let (width, height) = try Self.pictureSize(columns: columns, rows: rows, options: options, glyphs: glyphs)
        canvas = Canvas(width: width, height: height, fill: background)
        drawn = PixelRect(x0: 0, y0: 0, x1: width, y1: height)
        if bar > 0 {
            let radius = Double(max(3, bar / 5)), cy = Double(bar) / 2 + Double(pad) / 2
            for (i, color) in [RGB(0xFF5F58), RGB(0xFFBD2E), RGB(0x18C132)].enumerated() {
                canvas.disc(cx: Double(pad) + radius + Double(i) * radius * 3, cy: cy, radius: radius, color: color)
            }
        }
    }

    /// The picture's size in pixels for a screen of `columns` × `rows` cells; throws when it
    /// would be larger than ``maximumPixels``.
    static func pictureSize(columns: Int, rows: Int, options: RecordingOptions, glyphs: GlyphSource)
        throws(RecordingSetupError) -> (width: Int, height: Int)
    {
        let pad = max(0, options.padding), bar = options.windowBarHeight
        let width = columns * glyphs.cellWidth + 2 * pad, height = rows * glyphs.cellHeight + 2 * pad + bar
        guard width <= 65_535, height <= 65_535, width * height <= maximumPixels else {
            throw RecordingSetupError(
                "cannot draw the recording: \(columns)x\(rows) cells would be \(width)x\(height) pixels "
                    + "(at most \(maximumPixels / 1_000_000) million); use a smaller font size or screen")
        }
        return (width, height)
    }

    /// `frame` drawn (already reduced to the recording's colour depth).
    func render(_ frame: CellBuffer) -> Canvas {
        for y in 0..<rows {
            var x = 0
            while x < columns {
                let cell = frame[x, y]
                let wide = x + 1 < columns && frame[x + 1, y].grapheme.isContinuation
                let span = wide ? 2 : 1
                var changed = previous == nil
                if !changed, let previous {
                    for i in 0..<span where previous[x + i, y] != frame[x + i, y] { changed = true }
                }
                if changed { draw(cell, x: x, y: y, cells: span) }
                x += span
            }
        }
        previous = frame
        return canvas
    }

    /// The pixels drawn since the last call (the whole picture the first time); empties them.
    func takeDrawn() -> PixelRect {
        defer { drawn = PixelRect(x0: 0, y0: 0, x1: 0, y1: 0) }
        return drawn
    }

    private func draw(_ cell: Cell, x: Int, y: Int, cells: Int) {
        let paint = CellPaint(cell.style, colors: options.colors)
        let cw = glyphs.cellWidth, ch = glyphs.cellHeight
        let left = originX + x * cw, top = originY + y * ch, right = left + cells * cw, bottom = top + ch
        drawn = drawn.union(PixelRect(x0: left, y0: top, x1: right, y1: bottom))
        canvas.fill(left, top, right, bottom, with: paint.background)
        let text = cell.grapheme.isContinuation ? " " : cell.grapheme.text
        if text != " " {
            let scalars = text.unicodeScalars
            if scalars.count == 1, let box = BoxGlyph.of(scalars.first!) {
                drawBox(box, left: left, top: top, color: paint.foreground)
            } else {
                let style = (paint.bold ? 1 : 0) | (paint.italic ? 2 : 0)
                if let image = glyphs.glyph(text, style: style, cells: cells) {
                    blit(image, left: left, top: top, right: right, bottom: bottom, color: paint.foreground)
                } else {
                    // No font has it: an outlined box, so it is seen to be missing.
                    let inset = max(1, cw / 6), line = max(1, glyphs.fontSize / 14)
                    let (x0, y0, x1, y1) = (left + inset, top + inset * 2, right - inset, bottom - inset * 2)
                    canvas.fill(x0, y0, x1, y0 + line, with: paint.foreground)
                    canvas.fill(x0, y1 - line, x1, y1, with: paint.foreground)
                    canvas.fill(x0, y0, x0 + line, y1, with: paint.foreground)
                    canvas.fill(x1 - line, y0, x1, y1, with: paint.foreground)
                }
            }
        }
        if paint.underline {
            let line = max(1, glyphs.fontSize / 14), y0 = min(bottom - line, top + glyphs.baseline + max(1, line))
            canvas.fill(left, y0, right, y0 + line, with: paint.foreground)
        }
    }

    private func drawBox(_ box: BoxGlyph, left: Int, top: Int, color: RGB) {
        let cw = glyphs.cellWidth, ch = glyphs.cellHeight
        switch box {
        case let .lines(up, right, down, leftArm):
            for (x0, y0, x1, y1) in BoxGlyph.lineRects(up: up, right: right, down: down, left: leftArm, width: cw,
                                                       height: ch, light: max(1, glyphs.fontSize / 12)) {
                canvas.fill(left + x0, top + y0, left + x1, top + y1, with: color)
            }
        case let .blocks(eighths):
            for (x0, y0, x1, y1) in BoxGlyph.blockRects(eighths, width: cw, height: ch) {
                canvas.fill(left + x0, top + y0, left + x1, top + y1, with: color)
            }
        case let .shade(alpha):
            canvas.fill(left, top, left + cw, top + ch, with: color, alpha: alpha)
        }
    }

    /// Draws `image` in the box at (`left`, `top`), clipped to the box.
    private func blit(_ image: GlyphImage, left: Int, top: Int, right: Int, bottom: Int, color: RGB) {
        let width = canvas.width
        let levels = coverageLevels
        let x0 = max(left, left + image.left), x1 = min(right, left + image.left + image.width)
        let y0 = max(top, top + image.top), y1 = min(bottom, top + image.top + image.height)
        guard x0 < x1, y0 < y1 else { return }
        canvas.pixels.withUnsafeMutableBufferPointer { pixels in
            for y in y0..<y1 {
                let sourceRow = (y - top - image.top) * image.width - (left + image.left)
                for x in x0..<x1 {
                    let i = y * width + x
                    if image.color.isEmpty {
                        var a = UInt32(image.alpha[sourceRow + x])
                        if levels < 256 { a = (a * (levels - 1) + 127) / 255 * 255 / (levels - 1) }
                        if a > 0 { pixels[i] = color.blended(over: pixels[i], alpha: a) }
                    } else {
                        let p = image.color[sourceRow + x], a = p >> 24
                        guard a > 0 else { continue }
                        let base = pixels[i], inverse = 255 - a
                        let r = min(255, (p >> 16 & 0xFF) + (base.red * inverse + 127) / 255)
                        let g = min(255, (p >> 8 & 0xFF) + (base.green * inverse + 127) / 255)
                        let b = min(255, (p & 0xFF) + (base.blue * inverse + 127) / 255)
                        pixels[i] = r << 16 | g << 8 | b
                    }
                }
            }
        }
    }
}
