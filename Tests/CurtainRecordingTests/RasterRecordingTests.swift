import CurtainLayout
@testable import CurtainRecording
import CurtainScreen
import CurtainTestSupport
import Testing

/// What a raster picture (PNG here, GIF in GIFRecordingTests) must show, read back pixel by
/// pixel from the decoded file.
struct RasterChecks {
    let picture: Picture
    let layout: PictureLayout
    let options: RecordingOptions

    func box(_ x: Int, _ y: Int, cells: Int = 1) -> (Int, Int, Int, Int) {
        let left = layout.originX + x * layout.cellWidth, top = layout.originY + y * layout.cellHeight
        return (left, top, left + cells * layout.cellWidth, top + layout.cellHeight)
    }

    func colors(of cell: Cell) -> (fg: UInt32, bg: UInt32) {
        let paint = CellPaint(cell.style, colors: options.colors)
        return (paint.foreground, paint.background)
    }

    static func distance(_ a: UInt32, _ b: UInt32) -> Int {
        abs(Int(a >> 16 & 0xFF) - Int(b >> 16 & 0xFF)) + abs(Int(a >> 8 & 0xFF) - Int(b >> 8 & 0xFF))
            + abs(Int(a & 0xFF) - Int(b & 0xFF))
    }

    /// Pixels of the box that are not the background.
    func ink(_ x: Int, _ y: Int, cells: Int = 1, background: UInt32) -> Int {
        let (x0, y0, x1, y1) = box(x, y, cells: cells)
        var count = 0
        for py in y0..<y1 { for px in x0..<x1 where picture.at(px, py) != background { count += 1 } }
        return count
    }

    /// Whether some pixel of the box is (nearly) `color`.
    func hasColor(_ color: UInt32, _ x: Int, _ y: Int, cells: Int = 1) -> Bool {
        let (x0, y0, x1, y1) = box(x, y, cells: cells)
        for py in y0..<y1 { for px in x0..<x1 where Self.distance(picture.at(px, py), color) <= 24 { return true } }
        return false
    }

    /// Every cell of `screen`: the background at the box's corner and centre (blank cells) or
    /// corner (drawn cells); ink of the foreground inside every letter's box; ink in the CJK and
    /// emoji cells; the box's lines unbroken.
    func check(_ screen: CellBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<screen.size.height {
            for x in 0..<screen.size.width {
                let cell = screen[x, y]
                if cell.grapheme.isContinuation { continue }
                let (fg, bg) = colors(of: cell)
                let (left, top, _, _) = box(x, y)
                #expect(picture.at(left + 1, top + 1) == bg, "cell \(x),\(y) corner", sourceLocation: sourceLocation)
                if cell.grapheme == .space {
                    #expect(picture.at(left + layout.cellWidth / 2, top + layout.cellHeight / 2) == bg,
                            "cell \(x),\(y) centre", sourceLocation: sourceLocation)
                } else if cell.grapheme.text.unicodeScalars.first!.isASCII {
                    #expect(hasColor(fg, x, y), "cell \(x),\(y) '\(cell.grapheme)' ink of \(fg)", sourceLocation: sourceLocation)
                }
            }
        }
    }
}

@Suite struct PNGRecordingTests {
    let options = RecordingOptions()

    private func png(_ screen: CellBuffer) throws -> (Picture, RasterChecks) {
        let bytes = try recorded(.png, [(screen, 0)], until: 1, options: options)
        let picture = try #require(PictureDecoding.png(bytes))
        return (picture, RasterChecks(picture: picture, layout: try ScreenRecorder._pictureLayout(options: options),
                                      options: options))
    }

    @Test func everyCellHasItsBackgroundAndItsInk() throws {
        let screen = sampleScreen()
        let (picture, checks) = try png(screen)
        let layout = checks.layout
        #expect(picture.width == 12 * layout.cellWidth + 2 * options.padding)
        checks.check(screen)
    }

    @Test func cjkAndEmojiCellsHaveInkAndAMissingGlyphIsABox() throws {
        var screen = sampleScreen()
        _ = screen.draw("\u{E000}", at: Point(x: 11, y: 4), style: .plain)
        let (_, checks) = try png(screen)
        let bg = RGB(options.colors.background)
        #expect(checks.ink(1, 2, cells: 2, background: bg) > 20)   // 漢
        #expect(checks.ink(6, 2, cells: 2, background: bg) > 20)   // 🎉 (a colour font)
        #expect(checks.ink(11, 4, background: bg) > 10)            // no font has U+E000
    }

    @Test func boxLinesAreUnbrokenAcrossCells() throws {
        let (picture, checks) = try png(sampleScreen())
        let fg = RGB(options.colors.foreground)
        let layout = checks.layout
        // The top line from ┌'s centre to ┐'s centre, and the left line from ┌ down to └.
        let y = layout.originY + 1 * layout.cellHeight + layout.cellHeight / 2
        let x0 = layout.originX + layout.cellWidth / 2, x1 = layout.originX + 3 * layout.cellWidth + layout.cellWidth / 2
        #expect((x0...x1).allSatisfy { picture.at($0, y) == fg })
        let top = y, bottom = layout.originY + 3 * layout.cellHeight + layout.cellHeight / 2
        #expect((top...bottom).allSatisfy { picture.at(x0, $0) == fg })
    }

    @Test func reverseAndUnderlineAndTheLastFrameOnly() throws {
        let first = sampleScreen(label: "Hi"), last = sampleScreen(label: "Yo")
        let bytes = try recorded(.png, [(first, 0), (last, 0.5)], until: 1, options: options)
        let picture = try #require(PictureDecoding.png(bytes))
        let checks = RasterChecks(picture: picture, layout: try ScreenRecorder._pictureLayout(options: options), options: options)
        checks.check(last)
        // Reverse: the cell's background is the terminal's foreground.
        let (left, top, _, _) = checks.box(9, 2)
        #expect(picture.at(left + 1, top + 1) == RGB(options.colors.foreground))
        // The same file twice.
        #expect(bytes == (try recorded(.png, [(first, 0), (last, 0.5)], until: 1, options: options)))
    }
}
