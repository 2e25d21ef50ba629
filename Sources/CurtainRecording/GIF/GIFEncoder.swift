import CurtainLayout

/// An animated GIF of a recording, written frame by frame as they come: each frame is only the
/// rectangle that changed since the picture shown before it, its unchanged pixels transparent
/// (which LZW packs to almost nothing), with a palette of its own of the colours it has. Glyph
/// edges keep 16 levels of coverage, so a rectangle seldom has more than 256 colours; when it
/// does (emoji), the rarest take the nearest of the others (``palette(_:room:)``). Delays are in hundredths of a second, rounded
/// on the recording's time line so they never drift; a frame shown for less than one is not
/// written.
final class GIFEncoder: FrameEncoder {
    private let options: RecordingOptions
    private var renderer: FrameRenderer?
    /// What a viewer shows after the frames written so far.
    private var shown: Canvas?
    private(set) var failure: String?

    init(options: RecordingOptions) throws(RecordingSetupError) {
        self.options = options
        _ = try GlyphSource(options: options)  // the fonts are checked now
    }

    func encode(_ kept: FrameSequencer.Kept, into out: inout [UInt8]) {
        guard failure == nil else { return }
        if renderer == nil {
            let made: FrameRenderer
            do throws(RecordingSetupError) {
                made = try FrameRenderer(options: options, size: kept.frame.size, coverageLevels: 16)
            } catch {
                failure = error.message
                return
            }
            renderer = made
            writeHeader(made.canvas, into: &out)
        }
        guard let renderer else { return }
        let canvas = renderer.render(kept.frame)
        let startCS = Int((kept.start * 100).rounded()), endCS = Int(((kept.start + kept.duration) * 100).rounded())
        let delay = min(65_535, endCS - startCS)
        guard delay > 0 else { return }
        writeFrame(canvas, delay: delay, into: &out)
        shown = canvas
    }

    func finish(into out: inout [UInt8]) {
        guard failure == nil else { return }
        if renderer == nil {
            // No frame came: a one-pixel picture of the background, so the file is a GIF.
            let canvas = Canvas(width: 1, height: 1, fill: RGB(options.colors.background))
            writeHeader(canvas, into: &out)
            writeFrame(canvas, delay: 100, into: &out)
        }
        out.append(0x3B)
    }

    // MARK: - Internals

    private func writeHeader(_ canvas: Canvas, into out: inout [UInt8]) {
        out.append("GIF89a")
        out.appendLittleEndian(UInt16(canvas.width))
        out.appendLittleEndian(UInt16(canvas.height))
        out += [0, 0, 0]  // no global colour table; each frame has its own
        if options.loops {
            out += [0x21, 0xFF, 0x0B] + Array("NETSCAPE2.0".utf8) + [0x03, 0x01, 0x00, 0x00, 0x00]
        }
    }

    private func writeFrame(_ canvas: Canvas, delay: Int, into out: inout [UInt8]) {
        // The rectangle that changed (the whole picture for the first frame).
        var x0 = 0, y0 = 0, x1 = canvas.width, y1 = canvas.height
        if let shown {
            (x0, y0, x1, y1) = (canvas.width, canvas.height, 0, 0)
            for y in 0..<canvas.height {
                let row = y * canvas.width
                for x in 0..<canvas.width where canvas.pixels[row + x] != shown.pixels[row + x] {
                    x0 = min(x0, x); x1 = max(x1, x + 1); y0 = min(y0, y); y1 = max(y1, y + 1)
                }
            }
            if x0 >= x1 { (x0, y0, x1, y1) = (0, 0, 1, 1) }  // nothing changed: one unchanged pixel
        }
        let width = x1 - x0, height = y1 - y0
        // The rectangle's colours; an unchanged pixel is transparent.
        var transparent = false
        var colors: [RGB] = []
        colors.reserveCapacity(width * height)
        for y in y0..<y1 {
            for x in x0..<x1 {
                let pixel = canvas.pixels[y * canvas.width + x]
                if let shown, shown.pixels[y * canvas.width + x] == pixel {
                    transparent = true
                    colors.append(Self.unchanged)
                } else {
                    colors.append(pixel)
                }
            }
        }
        let (palette, indexes) = Self.palette(colors, room: transparent ? 255 : 256)
        var entries = palette
        let transparentIndex = entries.count
        if transparent { entries.append(0) }
        var bits = 1
        while 1 << bits < entries.count { bits += 1 }
        // Graphic control: keep the picture under the frame (disposal 1), the delay, transparency.
        out += [0x21, 0xF9, 0x04, UInt8(1 << 2 | (transparent ? 1 : 0))]
        out.appendLittleEndian(UInt16(delay))
        out += [transparent ? UInt8(transparentIndex) : 0, 0]
        out.append(0x2C)
        for value in [x0, y0, width, height] { out.appendLittleEndian(UInt16(value)) }
        out.append(UInt8(0x80 | (bits - 1)))
        for i in 0..<(1 << bits) {
            let color = i < entries.count ? entries[i] : 0
            out += [UInt8(color.red), UInt8(color.green), UInt8(color.blue)]
        }
        let minimumCodeSize = max(2, bits)
        let pixels = indexes.map { $0 == Self.transparentMarker ? UInt8(transparentIndex) : UInt8($0) }
        let data = LZWEncoder.encode(pixels, minimumCodeSize: minimumCodeSize)
        out.append(UInt8(minimumCodeSize))
        var offset = 0
        while offset < data.count {
            let count = min(255, data.count - offset)
            out.append(UInt8(count))
            out += data[offset..<offset + count]
            offset += count
        }
        out.append(0)
    }

    /// Stands for a transparent pixel among colours (no real colour has bit 24 set).
    private static let unchanged: RGB = 1 << 24
    private static let transparentMarker = -1

    /// At most `room` colours for `colors` and each pixel's index (``transparentMarker`` for
    /// ``unchanged``). When there are more, the `room` most frequent are kept exactly (the
    /// backgrounds and the letters' full ink) and every other colour takes the nearest of them
    /// (the edges of glyphs and emoji). Ties go to the lower colour: the same bytes every run.
    static func palette(_ colors: [RGB], room: Int) -> ([RGB], [Int]) {
        var counts: [RGB: Int] = [:]
        for color in colors where color != unchanged { counts[color, default: 0] += 1 }
        let palette: [RGB]
        var table: [RGB: Int] = [:]
        if counts.count <= room {
            palette = counts.keys.sorted()
            for (index, color) in palette.enumerated() { table[color] = index }
        } else {
            palette = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .prefix(room).map(\.key).sorted()
            for (index, color) in palette.enumerated() { table[color] = index }
            for color in counts.keys where table[color] == nil {
                var best = 0, bestDistance = Int.max
                for (index, candidate) in palette.enumerated() {
                    let dr = Int(color.red) - Int(candidate.red), dg = Int(color.green) - Int(candidate.green)
                    let db = Int(color.blue) - Int(candidate.blue)
                    let distance = 2 * dr * dr + 4 * dg * dg + 3 * db * db
                    if distance < bestDistance { (best, bestDistance) = (index, distance) }
                }
                table[color] = best
            }
        }
        let indexes = colors.map { $0 == unchanged ? transparentMarker : table[$0]! }
        return (palette, indexes)
    }
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }
}
