import CurtainLayout
import CurtainPlatform
@testable import CurtainRecording
import CurtainScreen
import CurtainTestSupport
import Foundation
import FoundationXML
import Testing

@Suite struct SVGRecordingTests {
    private func parses(_ bytes: [UInt8]) -> Bool {
        let parser = XMLParser(data: Data(bytes))
        return parser.parse()
    }

    @Test func oneFrameIsAWellFormedDocumentWithTheCellsColoursAndText() throws {
        let bytes = try recorded(.svg, [(sampleScreen(), 0)], until: 1)
        #expect(parses(bytes))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(">Hi</text>"))
        #expect(text.contains("漢"))
        #expect(text.contains("{fill:#f00}"))   // the red text's class
        #expect(text.contains("{fill:#000080}"))  // its background's
        #expect(!text.contains("@keyframes"))  // one frame: nothing moves
        // Box drawing is geometry, not the font's glyphs.
        #expect(!text.contains("┌"))
        #expect(text.contains("<path d=\"M"))
    }

    @Test func framesAreKeyframesAndRepeatedRowsAreDefinedOnce() throws {
        let a = sampleScreen(label: "Hi"), b = sampleScreen(label: "Yo")
        let bytes = try recorded(.svg, [(a, 0), (b, 1), (a, 2)], until: 3)
        #expect(parses(bytes))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("@keyframes roll{"))
        #expect(text.contains("animation:roll 3s steps(1,end) infinite"))
        // Three keyframes, but the third frame is the first one again: two strip positions.
        #expect(text.components(separatedBy: "%{transform").count - 1 == 3)
        #expect(text.components(separatedBy: "<g transform=").count - 1 == 2)
        // The box rows are the same in both frames: defined once.
        #expect(text.components(separatedBy: "<g id=\"r").count - 1 == 5)
    }

    @Test func identicalFramesMergeAndTwoRunsAreByteIdentical() throws {
        let a = sampleScreen(label: "Hi"), b = sampleScreen(label: "Yo")
        let frames = [(a, 0.0), (a, 0.5), (b, 1.0), (b, 1.5)]
        let first = try recorded(.svg, frames, until: 2)
        let second = try recorded(.svg, frames, until: 2)
        #expect(first == second)
        let text = String(decoding: first, as: UTF8.self)
        #expect(text.contains("0%{transform:translateY(0px)}50%{transform:translateY(-"))
    }

    @Test func textIsEscaped() throws {
        var buffer = CellBuffer(size: Size(width: 10, height: 1))
        _ = buffer.draw("a<b&c>", at: Point(x: 0, y: 0), style: .plain)
        let bytes = try recorded(.svg, [(buffer, 0)], until: 1)
        #expect(parses(bytes))
        #expect(String(decoding: bytes, as: UTF8.self).contains("a&lt;b&amp;c&gt;"))
    }
}

/// The SVG as a renderer draws it: librsvg (`rsvg-convert`, no animation: the first frame), and
/// the strip moved to the last keyframe as a browser shows it at the end. Every cell's
/// background is where the cells say.
@Suite(.enabled(if: access("/usr/bin/rsvg-convert", X_OK) == 0, "needs rsvg-convert (librsvg2-bin)"))
struct SVGRenderedTests {
    func rendered(_ svg: String) throws -> Picture {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curtain-svg-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appendingPathComponent("in.svg"), output = directory.appendingPathComponent("out.png")
        try svg.write(to: input, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/rsvg-convert")
        process.arguments = [input.path, "-o", output.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try #require(PictureDecoding.png(Array(try Data(contentsOf: output))))
    }

    @Test func theFirstAndLastFramesShowEveryCellsBackground() throws {
        var first = sampleScreen(label: "Hi"), last = sampleScreen(label: "Yo")
        _ = first.draw("green", at: Point(x: 5, y: 4), style: Style(foreground: .black, background: .rgb(0, 160, 0)))
        _ = last.draw("blue!", at: Point(x: 3, y: 4), style: Style(foreground: .white, background: .indexed(19)))
        let options = RecordingOptions()
        let svg = String(decoding: try recorded(.svg, [(first, 0), (last, 1)], until: 2, options: options), as: UTF8.self)
        let layout = ScreenRecorder._svgLayout(options: options)
        let offset = try #require(svg.components(separatedBy: "translateY(").last?.prefix { $0 != "p" })
        let atEnd = svg.replacingOccurrences(of: "<g id=\"s\">", with: "<g id=\"s\" transform=\"translate(0,\(offset))\">")
        for (screen, picture) in [(first, try rendered(svg)), (last, try rendered(atEnd))] {
            var wrong: [String] = []
            for y in 0..<screen.size.height {
                for x in 0..<screen.size.width where !screen[x, y].grapheme.isContinuation {
                    let expected = CellPaint(screen[x, y].style, colors: options.colors).background
                    let pixel = picture.at(layout.originX + x * layout.cellWidth + 1, layout.originY + y * layout.cellHeight + 1)
                    if pixel != expected { wrong.append("(\(x),\(y)) \(String(pixel, radix: 16)) for \(String(expected, radix: 16))") }
                }
            }
            #expect(wrong.isEmpty, "\(wrong.prefix(10))")
        }
    }
}
