import CurtainLayout
import CurtainRecording
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
