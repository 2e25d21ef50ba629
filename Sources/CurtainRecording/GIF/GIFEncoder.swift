import CurtainLayout

/// An animated GIF of a recording, written frame by frame as they come: each frame is only the
/// rectangle that changed since the picture shown before it, its unchanged pixels transparent or
/// their own colour, whichever continues LZW's string (``LZWEncoder``), with a palette of its
/// own of the colours it has. A frame that goes back to the picture before the one shown (a
/// toast that came and went) is written over that picture instead: the frame between is undone
/// after its delay (disposal 3, "restore to previous"), so each frame is held until the next
/// comes. Glyph edges keep 7 levels of coverage (``coverageLevels``), so a rectangle seldom has
/// more than 256 colours; when it does (emoji), the rarest take the nearest of the others
/// (``FramePalette``).
/// Delays are in hundredths of a second, rounded on the recording's time line so they never
/// drift; a frame shown for less than one is not written.
final class GIFEncoder: FrameEncoder {
    /// Coverage levels of a glyph's edge pixels (a PNG keeps all 256). Fewer levels mean fewer
    /// colours at the edges and longer LZW strings: the tour's GIF is 627 393 bytes at 16
    /// levels, 569 406 at 8, 556 198 at 7 (0.49× agg's, issue 39's target 0.5×), 544 699 at 6.
    /// At 7, the tour's frames differ from 16's in 2.7 % of their pixels, by 12 of 255 on
    /// average, and text looks the same even at six times the size; the largest differences are
    /// in an emoji, which at 16 levels lost colours to the 256 of the palette and at 7 keeps
    /// more of them (docs/PERFORMANCE.md, "Fewer coverage levels").
    static let coverageLevels = 7

    private let options: RecordingOptions
    private var renderer: FrameRenderer?
    /// What a viewer shows after the frames written so far (exact colours: a colour the
    /// palette lacked is shown approximated, and stays so until its cell changes).
    private var shown: Canvas?
    private var counts = ColorCounts()
    /// The frame written last, held back until the next one tells whether the picture under it
    /// is to come back after it.
    private var held: HeldFrame?
    /// The picture before the held frame: what "restore to previous" brings back (nil while
    /// the held frame is the first).
    private var beneath: Canvas?

    private struct HeldFrame {
        /// Starting with its graphic control extension.
        var bytes: [UInt8]
        var rect: PixelRect

        /// The bytes with `disposal` (1: keep the frame; 3: restore what was under it).
        func bytes(disposal: UInt8) -> [UInt8] {
            var bytes = bytes
            bytes[3] = bytes[3] & ~0x1C | disposal << 2
            return bytes
        }
    }
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
                made = try FrameRenderer(options: options, size: kept.frame.size, coverageLevels: Self.coverageLevels)
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
        // A frame not written leaves what it drew for the next one to write.
        guard delay > 0 else { return }
        let drawn = renderer.takeDrawn()
        guard var shown else {
            var bytes: [UInt8] = []
            let rect = writeFrame(canvas, over: nil, rect: drawn, delay: delay, into: &bytes)
            self.shown = canvas
            held = HeldFrame(bytes: bytes, rect: rect)
            return
        }
        self.shown = nil  // mutated in place below, then put back
        let overShown = Self.changed(canvas, shown, within: drawn)!
        var bytes: [UInt8] = []
        // (A change of a pixel or none is one pixel written either way. The look back gives
        // up as soon as it cannot be less than half the change: most frames do not go back.)
        if overShown.area > 1, let held, let beneath,
           let overBeneath = Self.changed(canvas, beneath, within: drawn.union(held.rect),
                                          limit: (overShown.area + 1) / 2) {
            // The frame goes back to the picture before the one held (a toast that came and
            // went, a key that flashed): the held frame is undone after its delay (disposal 3,
            // "restore to previous") and this one is written over what that brings back.
            out += held.bytes(disposal: 3)
            shown.copy(held.rect, from: beneath)
            let rect = writeFrame(canvas, over: shown, rect: overBeneath, delay: delay, into: &bytes)
            shown.copy(rect, from: canvas)
            // What this frame would restore is what the held one restored: `beneath` stays.
            self.held = HeldFrame(bytes: bytes, rect: rect)
        } else {
            if let held {
                out += held.bytes(disposal: 1)
                // The picture before this frame is the one shown now.
                if beneath == nil { beneath = shown } else { beneath!.copy(held.rect, from: shown) }
            }
            let rect = writeFrame(canvas, over: shown, rect: overShown, delay: delay, into: &bytes)
            shown.copy(rect, from: canvas)
            held = HeldFrame(bytes: bytes, rect: rect)
        }
        self.shown = shown
    }

    func finish(into out: inout [UInt8]) {
        guard failure == nil else { return }
        if renderer == nil {
            // No frame came: a one-pixel picture of the background, so the file is a GIF.
            let canvas = Canvas(width: 1, height: 1, fill: RGB(options.colors.background))
            writeHeader(canvas, into: &out)
            writeFrame(canvas, over: nil, rect: PixelRect(x0: 0, y0: 0, x1: 1, y1: 1), delay: 100, into: &out)
        }
        if let held { out += held.bytes(disposal: 1) }
        held = nil
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

    /// Writes `rect` of `canvas` over the picture `shown` (nil: over nothing, every pixel
    /// written), its pixels equal to `shown`'s transparent or their own colour; returns the
    /// rectangle written. The bytes start with the graphic control extension (disposal 1).
    @discardableResult
    private func writeFrame(_ canvas: Canvas, over shown: Canvas?, rect: PixelRect, delay: Int,
                            into out: inout [UInt8]) -> PixelRect {
        let width = canvas.width
        // Nothing changed: one unchanged pixel.
        let rect = rect.isEmpty ? PixelRect(x0: 0, y0: 0, x1: 1, y1: 1) : rect
        // The rectangle's changed colours, counted; an unchanged pixel is transparent.
        counts.reset()
        var transparent = false
        let none = Canvas(width: 0, height: 0, fill: 0)
        let before = shown ?? none, hasBefore = shown != nil
        canvas.pixels.withUnsafeBufferPointer { new in
            before.pixels.withUnsafeBufferPointer { old in
                for y in rect.y0..<rect.y1 {
                    let row = y * width
                    var run: RGB = Self.unchanged, runLength: Int32 = 0
                    for x in rect.x0..<rect.x1 {
                        let pixel = new[row + x]
                        if hasBefore, old[row + x] == pixel {
                            transparent = true
                            continue
                        }
                        if pixel == run {
                            runLength += 1
                        } else {
                            if runLength > 0 { counts.add(run, runLength) }
                            (run, runLength) = (pixel, 1)
                        }
                    }
                    if runLength > 0 { counts.add(run, runLength) }
                }
            }
        }
        let palette = FramePalette.choose(&counts, room: transparent ? 255 : 256)
        var entries = palette
        let transparentIndex = UInt8(truncatingIfNeeded: entries.count)  // used only when there is room for it
        if transparent { entries.append(0) }
        var bits = 1
        while 1 << bits < entries.count { bits += 1 }
        // Each pixel's index. An unchanged pixel shows the same whether it is transparent or
        // its own colour (when the palette has it exactly): it is given its colour, which
        // keeps the runs of the picture (a background that partly changed), and transparency
        // as the alternative the LZW encoder takes when that continues its string instead.
        // (Transparency first, colour second, was 2 % larger on the tour.)
        let count = rect.width * rect.height
        var indexes = [UInt8](repeating: 0, count: count)
        var alternatives = [UInt8](repeating: 0, count: count)
        canvas.pixels.withUnsafeBufferPointer { new in
            before.pixels.withUnsafeBufferPointer { old in
                indexes.withUnsafeMutableBufferPointer { indexes in
                    alternatives.withUnsafeMutableBufferPointer { alternatives in
                        var i = 0
                        var lastColor: RGB = Self.unchanged, lastIndex: UInt8 = 0, lastExact = false
                        for y in rect.y0..<rect.y1 {
                            let row = y * width
                            for x in rect.x0..<rect.x1 {
                                let pixel = new[row + x]
                                if pixel != lastColor {
                                    let index = counts.index(of: pixel)
                                    lastColor = pixel
                                    lastExact = index >= 0 && palette[index] == pixel
                                    lastIndex = index >= 0 ? UInt8(index) : transparentIndex
                                }
                                if hasBefore, old[row + x] == pixel {
                                    indexes[i] = lastExact ? lastIndex : transparentIndex
                                    alternatives[i] = transparentIndex
                                } else {
                                    indexes[i] = lastIndex
                                    alternatives[i] = lastIndex
                                }
                                i += 1
                            }
                        }
                    }
                }
            }
        }
        // Graphic control: keep the picture under the frame (disposal 1), the delay, transparency.
        out += [0x21, 0xF9, 0x04, UInt8(1 << 2 | (transparent ? 1 : 0))]
        out.appendLittleEndian(UInt16(delay))
        out += [transparent ? transparentIndex : 0, 0]
        out.append(0x2C)
        for value in [rect.x0, rect.y0, rect.width, rect.height] { out.appendLittleEndian(UInt16(value)) }
        out.append(UInt8(0x80 | (bits - 1)))
        for i in 0..<(1 << bits) {
            let color = i < entries.count ? entries[i] : 0
            out += [UInt8(color.red), UInt8(color.green), UInt8(color.blue)]
        }
        let minimumCodeSize = max(2, bits)
        let data = LZWEncoder.encode(indexes, alternatives: alternatives, minimumCodeSize: minimumCodeSize)
        out.append(UInt8(minimumCodeSize))
        var offset = 0
        while offset < data.count {
            let count = min(255, data.count - offset)
            out.append(UInt8(count))
            out += data[offset..<offset + count]
            offset += count
        }
        out.append(0)
        return rect
    }

    /// The smallest rectangle of `drawn` where `canvas` and `shown` differ (empty when none);
    /// nil as soon as it is known to reach `limit` pixels (the rest is not looked at).
    private static func changed(_ canvas: Canvas, _ shown: Canvas, within drawn: PixelRect,
                                limit: Int = .max) -> PixelRect? {
        var result = PixelRect(x0: drawn.x1, y0: drawn.y1, x1: drawn.x0, y1: drawn.y0)
        guard !drawn.isEmpty else { return result }
        let width = canvas.width
        return canvas.pixels.withUnsafeBufferPointer { new in
            shown.pixels.withUnsafeBufferPointer { old in
                for y in drawn.y0..<drawn.y1 {
                    let row = y * width
                    var x = drawn.x0
                    while x < drawn.x1, new[row + x] == old[row + x] { x += 1 }
                    guard x < drawn.x1 else { continue }
                    var end = drawn.x1
                    while new[row + end - 1] == old[row + end - 1] { end -= 1 }
                    result.x0 = min(result.x0, x)
                    result.x1 = max(result.x1, end)
                    result.y0 = min(result.y0, y)
                    result.y1 = y + 1
                    if result.area >= limit { return nil }
                }
                return result
            }
        }
    }

    /// Stands for no colour (no real colour has bit 24 set).
    private static let unchanged: RGB = 1 << 24
}

extension Array where Element == UInt8 {
    mutating func appendLittleEndian(_ value: UInt16) {
        append(UInt8(value & 0xFF))
        append(UInt8(value >> 8))
    }
}
