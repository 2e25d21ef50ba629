import PropertyBased
import Testing
@testable import CurtainLayout

/// The ASCII walk gives exactly the general walk's lines.
@Suite("TextWrapper, ASCII walk")
struct TextWrapperASCIITests {
    /// Lines of what ASCII wrapping cares about: words, runs of spaces, hyphens, brackets and
    /// closing punctuation, long words.
    static let pieces = ["a", "word", "longerword", "supercalifragilistic", " ", "   ", "-", "well-known", "(", ")",
                         "[x]", "{", "}", ",", ".", "!", "?", "/", "'", "\"", ":", ";", "12:00:01.234", "~", "|"]
    static let texts = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...40).map { $0.map { pieces[$0] }.joined() }

    func lines(_ text: String, width: Int, ascii: Bool) -> [String] {
        var lines: [String] = []
        if ascii {
            #expect(TextWrapper.forEachLine(ofASCII: text[...], width: width) { lines.append(String(text[$0])) })
        } else {
            TextWrapper.forEachLine(of: text[...], width: width) { lines.append(String(text[$0])) }
        }
        return lines
    }

    @Test func givesTheGeneralWalksLines() async {
        await propertyCheck(count: 400, input: Self.texts, Gen.int(in: -1...60)) { text, width in
            #expect(lines(text, width: width, ascii: true) == lines(text, width: width, ascii: false),
                    "\"\(text)\" at width \(width)")
        }
    }

    @Test func everyWidthOfAFewLines() {
        let samples = ["12:00:01.234 INFO  worker-3 GET /api/v1/items?page=7 200 3.2 ms user-agent=\"curl/8.5.0\"",
                       "      indented  and   spaced   ", "a-b-c-d-e-f-g", "(opening) [and] {closing}, punctuation!",
                       "", " ", "x"]
        for text in samples {
            for width in 0...100 {
                #expect(lines(text, width: width, ascii: true) == lines(text, width: width, ascii: false),
                        "\"\(text)\" at width \(width)")
            }
        }
    }

    @Test func declinesAnythingButPrintableASCII() {
        for text in ["tab\there", "line\nbreak", "café", "日本", "\u{7F}"] {
            var called = false
            #expect(!TextWrapper.forEachLine(ofASCII: text[...], width: 10) { _ in called = true })
            #expect(!called)
        }
    }
}
