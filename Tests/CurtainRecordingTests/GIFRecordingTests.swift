import CurtainLayout
@testable import CurtainRecording
import CurtainScreen
import CurtainTestSupport
import Testing

@Suite struct GIFRecordingTests {
    let options = RecordingOptions()

    private func checks(_ picture: Picture) throws -> RasterChecks {
        RasterChecks(picture: picture, layout: try ScreenRecorder._pictureLayout(options: options), options: options)
    }

    @Test func everyFrameReadsBackAsItsCellsWithOnlyTheChangedRectangleAfterTheFirst() throws {
        let first = sampleScreen(label: "Hi"), second = sampleScreen(label: "Yo")
        let bytes = try recorded(.gif, [(first, 0), (first, 0.5), (second, 1)], until: 2.5, options: options)
        let (frames, loops) = try GIFDecoding.frames(bytes)
        #expect(loops)
        // The identical frame is merged into the first one's delay.
        #expect(frames.count == 2)
        #expect(frames.map(\.delay) == [100, 150])
        try checks(frames[0].picture).check(first)
        try checks(frames[1].picture).check(second)
        let layout = try ScreenRecorder._pictureLayout(options: options)
        // Only the letters that changed are in the second frame: within the top row's cells 1 and 2.
        let rect = frames[1].rect
        #expect(rect.0 >= layout.originX + layout.cellWidth)
        #expect(rect.0 + rect.2 <= layout.originX + 3 * layout.cellWidth)
        #expect(rect.1 >= layout.originY && rect.1 + rect.3 <= layout.originY + layout.cellHeight)
    }

    @Test func cjkAndEmojiCellsHaveInkAndBoxLinesAreUnbroken() throws {
        let bytes = try recorded(.gif, [(sampleScreen(), 0)], until: 1, options: options)
        let picture = try #require(try GIFDecoding.frames(bytes).frames.last?.picture)
        let checks = try checks(picture)
        let bg = RGB(options.colors.background), fg = RGB(options.colors.foreground)
        #expect(checks.ink(1, 2, cells: 2, background: bg) > 20)
        #expect(checks.ink(6, 2, cells: 2, background: bg) > 20)
        let layout = checks.layout
        let y = layout.originY + layout.cellHeight + layout.cellHeight / 2
        let x0 = layout.originX + layout.cellWidth / 2
        #expect((x0...(x0 + 3 * layout.cellWidth)).allSatisfy { picture.at($0, y) == fg })
        #expect((y...(y + 2 * layout.cellHeight)).allSatisfy { picture.at(x0, $0) == fg })
    }

    @Test func aFrameOfMoreThan256ColoursReadsBackWithinAStepOfItsGrid() throws {
        // 24 × 12 cells of distinct backgrounds 10 and 20 apart, letters on each: more than 256
        // colours. The rarest take the nearest kept colour: a neighbour of the grid at worst.
        var screen = CellBuffer(size: Size(width: 24, height: 12))
        for y in 0..<12 {
            for x in 0..<24 {
                let style = Style(foreground: .rgb(255 - UInt8(x * 10), UInt8(y * 20), 128),
                                  background: .rgb(UInt8(x * 10), 255 - UInt8(y * 20), 60))
                _ = screen.draw("W", at: Point(x: x, y: y), style: style)
            }
        }
        let bytes = try recorded(.gif, [(screen, 0)], until: 1, options: options)
        let picture = try #require(try GIFDecoding.frames(bytes).frames.last?.picture)
        let checks = try checks(picture)
        for y in 0..<12 {
            for x in 0..<24 {
                let (_, bg) = checks.colors(of: screen[x, y])
                let (left, top, _, _) = checks.box(x, y)
                #expect(RasterChecks.distance(picture.at(left + 1, top + 1), bg) <= 30,
                        "cell \(x),\(y): \(picture.at(left + 1, top + 1)) for \(bg)")
            }
        }
    }

    @Test func twoRunsAreByteIdenticalAndTheLoopCanBeOff() throws {
        var noLoop = options
        noLoop.loops = false
        let frames = [(sampleScreen(label: "Hi"), 0.0), (sampleScreen(label: "Yo"), 0.4)]
        let first = try recorded(.gif, frames, until: 1, options: noLoop)
        #expect(first == (try recorded(.gif, frames, until: 1, options: noLoop)))
        #expect(!(try GIFDecoding.frames(first).loops))
    }

    @Test(arguments: [2, 4, 8])
    func lzwRoundTripsThroughTheStandardDecoder(bits: Int) throws {
        var random = UInt64(bits)
        var indexes: [UInt8] = []
        for i in 0..<60_000 {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            // Runs and noise, so the table fills and is cleared several times.
            indexes.append(i % 1000 < 300 ? UInt8(i / 1000 % (1 << bits)) : UInt8(truncatingIfNeeded: random >> 40) & UInt8((1 << bits) - 1))
        }
        let data = LZWEncoder.encode(indexes, minimumCodeSize: max(2, bits))
        #expect(try GIFDecoding.lzw(data, minimumCodeSize: max(2, bits), count: indexes.count) == indexes)
        #expect(try GIFDecoding.lzw(LZWEncoder.encode([], minimumCodeSize: 2), minimumCodeSize: 2, count: 0) == [])
    }
}

@Suite struct GIFReuseTests {
    let options = RecordingOptions()

    /// Text in three colours on two backgrounds, no emoji: fewer than 256 colours, so a frame
    /// written whole and one written as its changed rectangle are the same pixels exactly.
    func screen(_ label: String, band: Int) -> CellBuffer {
        var buffer = CellBuffer(size: Size(width: 16, height: 6))
        let blue = Style(foreground: .rgb(250, 250, 120), background: .rgb(0, 0, 128))
        buffer.fill(Rect(x: 0, y: band, width: 16, height: 2), with: .blank(blue))
        _ = buffer.draw(label, at: Point(x: 1, y: 1), style: Style(foreground: .rgb(255, 80, 80)))
        _ = buffer.draw("┌──┐ ok", at: Point(x: 2, y: 3), style: .plain)
        _ = buffer.draw("typed", at: Point(x: 3, y: band), style: blue)
        return buffer
    }

    /// `frames` recorded a second apart and decoded, each checked to read back as the same
    /// frame recorded alone (whole); the decoded frames and the whole ones.
    func recordedAndReadBack(_ frames: [CellBuffer], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> (decoded: [GIFDecoding.Frame], whole: [GIFDecoding.Frame]) {
        let bytes = try recorded(.gif, frames.enumerated().map { ($1, Double($0)) }, until: Double(frames.count + 1), options: options)
        let decoded = try GIFDecoding.frames(bytes).frames
        #expect(decoded.count == frames.count, sourceLocation: sourceLocation)
        var wholes: [GIFDecoding.Frame] = []
        for (index, frame) in frames.enumerated() {
            let whole = try #require(try GIFDecoding.frames(recorded(.gif, [(frame, 0)], until: 1, options: options))
                .frames.first, sourceLocation: sourceLocation)
            #expect(decoded[index].picture.pixels == whole.picture.pixels, "frame \(index)", sourceLocation: sourceLocation)
            wholes.append(whole)
        }
        return (decoded, wholes)
    }

    /// Unchanged pixels are written as their colour or as transparency, whichever the LZW
    /// encoder finds cheaper: every frame must still read back as the frame drawn whole.
    @Test func everyFrameReadsBackAsTheSameFrameWrittenWhole() throws {
        let frames = [screen("Hello", band: 0), screen("Help", band: 0), screen("Help", band: 1),
                      screen("Yelp!", band: 2), screen("Yelp!", band: 4)]
        let (decoded, wholes) = try recordedAndReadBack(frames)
        for (index, whole) in wholes.enumerated() {
            if index > 0 {
                // Only a changed rectangle was written, not the whole picture.
                #expect(decoded[index].rect.2 * decoded[index].rect.3 < whole.picture.width * whole.picture.height)
            }
        }
    }

    /// A toast that comes and goes: the frame after it is written over the picture before
    /// it (the toast's frame has disposal 3, "restore to previous"), so it is small, and every
    /// frame still reads back as the frame drawn whole.
    @Test func aFrameThatGoesBackIsWrittenOverThePictureBeforeTheOneBetween() throws {
        var toast = screen("Hello", band: 0)
        let boxed = Style(foreground: .rgb(255, 255, 255), background: .rgb(120, 0, 120))
        toast.fill(Rect(x: 2, y: 1, width: 13, height: 4), with: .blank(boxed))
        _ = toast.draw("A toast!", at: Point(x: 4, y: 2), style: boxed)
        let frames = [screen("Hello", band: 0), toast, screen("Hellp", band: 0), screen("Hellp", band: 3)]
        let (decoded, _) = try recordedAndReadBack(frames)
        #expect(decoded.map(\.disposal) == [1, 3, 1, 1])
        // Only the letter that changed since the first frame: within one cell.
        let layout = try ScreenRecorder._pictureLayout(options: options)
        #expect(decoded[2].rect.2 <= layout.cellWidth && decoded[2].rect.3 <= layout.cellHeight)
    }

    /// Pixels with two indexes that show the same: each decodes to one of the two, and runs the
    /// second index continues cost less than the first index alone.
    @Test func lzwTakesEitherIndexOfAPixelAndIsSmallerForIt() throws {
        var random = SplitMix(seed: 7)
        var indexes: [UInt8] = [], alternatives: [UInt8] = []
        for i in 0..<40_000 {
            // A run of colour 1 through which some pixels are transparent (index 3) instead.
            let free = random.next() % 3 == 0
            let noise = i % 500 > 450
            let color = noise ? UInt8(random.next() % 3) : 1
            indexes.append(free ? 3 : color)
            alternatives.append(free && !noise ? 1 : (free ? 3 : color))
        }
        let data = LZWEncoder.encode(indexes, alternatives: alternatives, minimumCodeSize: 2)
        let decoded = try GIFDecoding.lzw(data, minimumCodeSize: 2, count: indexes.count)
        #expect(decoded.indices.allSatisfy { decoded[$0] == indexes[$0] || decoded[$0] == alternatives[$0] })
        #expect(decoded != indexes)  // the alternatives were taken somewhere
        #expect(data.count * 2 < LZWEncoder.encode(indexes, minimumCodeSize: 2).count)
    }

    /// Every length, so that the last code falls where the decoder's codes grow by a bit (the
    /// end code must then be a bit longer).
    @Test func lzwRoundTripsAtEveryLength() throws {
        var random = SplitMix(seed: 11)
        for count in 1...700 {
            let indexes = (0..<count).map { _ in UInt8(random.next() % 4) }
            let data = LZWEncoder.encode(indexes, minimumCodeSize: 2)
            #expect(try GIFDecoding.lzw(data, minimumCodeSize: 2, count: count) == indexes, "\(count) pixels")
        }
    }
}

@Suite struct TooLargePictureTests {
    /// A screen whose picture would not fit in memory is refused with the reason, not drawn.
    @Test(arguments: [RecordingFormat.gif, .png])
    func aPictureTooLargeIsRefusedWithItsSize(format: RecordingFormat) throws {
        var options = RecordingOptions()
        options.fontSize = 72
        let sink = CollectedBytes()
        let recorder = try ScreenRecorder(format: format, options: options, pacing: .everyFrame) { sink.append($0) }
        recorder.record(CellBuffer(size: Size(width: 1000, height: 1000)), at: 0)
        recorder.finish(at: 1)
        #expect(recorder.failure?.contains("1000x1000 cells would be") == true)
        #expect(sink.bytes.isEmpty)
    }
}
