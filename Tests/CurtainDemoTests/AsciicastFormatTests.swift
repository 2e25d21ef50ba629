import Foundation
import CurtainTestSupport
import Testing

@testable import CurtainDemoKit

/// Parses one line of JSON (objects, arrays or a bare string).
func parseJSONLine(_ line: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(line.utf8), options: [.fragmentsAllowed])
}


@Suite("Asciicast format")
struct AsciicastFormatTests {
    @Test func headerForHeadlessRuns() throws {
        let line = AsciicastFormat.header(width: 80, height: 24, term: "xterm-256color")
        #expect(line == #"{"version": 2, "width": 80, "height": 24, "env": {"TERM": "xterm-256color"}}"#)
        let object = try #require(try parseJSONLine(line) as? [String: Any])
        #expect(object["version"] as? Int == 2)
        #expect(object["width"] as? Int == 80)
        #expect(object["height"] as? Int == 24)
        #expect(object["timestamp"] == nil)
        #expect((object["env"] as? [String: String]) == ["TERM": "xterm-256color"])
    }

    @Test func headerWithTimestampAndShell() throws {
        let line = AsciicastFormat.header(
            width: 120, height: 40, term: "xterm-256color", shell: "/bin/zsh", timestamp: 1_763_795_063)
        #expect(
            line
                == #"{"version": 2, "width": 120, "height": 40, "timestamp": 1763795063, "env": {"TERM": "xterm-256color", "SHELL": "/bin/zsh"}}"#
        )
        let object = try #require(try parseJSONLine(line) as? [String: Any])
        #expect(object["timestamp"] as? Int == 1_763_795_063)
        #expect((object["env"] as? [String: String]) == ["TERM": "xterm-256color", "SHELL": "/bin/zsh"])
    }

    @Test func headerEscapesAndClamps() throws {
        let line = AsciicastFormat.header(width: 0, height: -3, term: "we\"ird\u{1B}", shell: "C:\\sh")
        let object = try #require(try parseJSONLine(line) as? [String: Any])
        #expect(object["width"] as? Int == 1)
        #expect(object["height"] as? Int == 1)
        #expect((object["env"] as? [String: String]) == ["TERM": "we\"ird\u{1B}", "SHELL": "C:\\sh"])
    }

    @Test func times() {
        #expect(AsciicastFormat.time(0) == "0.000000")
        #expect(AsciicastFormat.time(1.5) == "1.500000")
        #expect(AsciicastFormat.time(12.345678) == "12.345678")
        #expect(AsciicastFormat.time(0.000_001) == "0.000001")
        #expect(AsciicastFormat.time(2.000_000_4) == "2.000000")
        #expect(AsciicastFormat.time(59.999_999_9) == "60.000000")
        #expect(AsciicastFormat.time(-1) == "0.000000")
        #expect(AsciicastFormat.time(.nan) == "0.000000")
        #expect(AsciicastFormat.time(-.infinity) == "0.000000")
        #expect(AsciicastFormat.time(.infinity) == "1000000000.000000")
        #expect(AsciicastFormat.time(1e300) == "1000000000.000000")
    }

    @Test func outputLine() throws {
        let line = AsciicastFormat.outputLine(time: 0.25, data: "\u{1B}[1;1H\"日本\"\\🎉\n")
        #expect(line == #"[0.250000, "o", "\u001b[1;1H\"日本\"\\🎉\u000a"]"#)
        let array = try #require(try parseJSONLine(line) as? [Any])
        #expect(array.count == 3)
        #expect((array[0] as? NSNumber)?.doubleValue == 0.25)
        #expect(array[1] as? String == "o")
        #expect(array[2] as? String == "\u{1B}[1;1H\"日本\"\\🎉\n")
    }

    @Test func resizeLine() throws {
        #expect(AsciicastFormat.resizeLine(time: 3, columns: 60, rows: 20) == #"[3.000000, "r", "60x20"]"#)
        #expect(AsciicastFormat.resizeLine(time: 3, columns: 0, rows: -1) == #"[3.000000, "r", "1x1"]"#)
        let array = try #require(try parseJSONLine(AsciicastFormat.resizeLine(time: 1, columns: 7, rows: 9)) as? [Any])
        #expect(array[1] as? String == "r")
        #expect(array[2] as? String == "7x9")
    }

    @Test func escapes() {
        #expect(AsciicastFormat.jsonString("") == #""""#)
        #expect(AsciicastFormat.jsonString("plain") == #""plain""#)
        #expect(AsciicastFormat.jsonString("\"") == #""\"""#)
        #expect(AsciicastFormat.jsonString("\\") == #""\\""#)
        #expect(AsciicastFormat.jsonString("\u{1B}") == #""\u001b""#)
        #expect(AsciicastFormat.jsonString("\u{0}\u{1F}\u{7F}") == #""\u0000\u001f\u007f""#)
        #expect(AsciicastFormat.jsonString("\r\n\t") == #""\u000d\u000a\u0009""#)
        #expect(AsciicastFormat.jsonString("a\u{2028}b\u{2029}") == #""a\u2028b\u2029""#)
        #expect(AsciicastFormat.jsonString("日本語のテキスト 🎉 e\u{301}") == "\"日本語のテキスト 🎉 e\u{301}\"")
        #expect(AsciicastFormat.jsonString("/") == #""/""#)
        #expect(AsciicastFormat.jsonString("\u{FEFF}x") == #""\ufeffx""#)
    }

    @Test func escapingRoundTripsEveryASCIIAndControlCharacter() throws {
        for value in 0..<0x100 {
            let text = "a" + String(Unicode.Scalar(UInt8(value))) + "b"
            let decoded = try parseJSONLine(AsciicastFormat.jsonString(text)) as? String
            #expect(decoded?.unicodeScalars.map(\.value) == text.unicodeScalars.map(\.value), "U+\(value)")
        }
    }

    @Test func escapingRoundTripsArbitraryStrings() throws {
        // Pools that stress the escaper: controls, quotes, backslashes, ESC sequences, CJK,
        // emoji (with ZWJ and skin tones), combining marks, line separators, non-BMP scalars.
        let pools: [[Unicode.Scalar]] = [
            (0..<0x20).map { Unicode.Scalar(UInt8($0)) } + ["\u{7F}"],
            ["\"", "\\", "/", "[", "]", "{", "}", ",", ":", "u"],
            ["日", "本", "語", "の", "テ", "キ", "ス", "ト", "한", "中"],
            ["\u{1F389}", "\u{1F469}", "\u{200D}", "\u{1F3FD}", "\u{FE0F}", "\u{1F1EF}", "\u{1F1F5}"],
            ["e", "\u{301}", "\u{308}", "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFD}", "\u{10FFFF}"],
        ]
        var generator = SplitMix(seed: 0xC0FFEE)
        for _ in 0..<500 {
            var view = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...40, using: &generator) {
                let pool = pools.randomElement(using: &generator)!
                view.append(pool.randomElement(using: &generator)!)
            }
            let text = String(view)
            let line = AsciicastFormat.outputLine(time: 1, data: text)
            let array = try #require(try parseJSONLine(line) as? [Any])
            let decoded = try #require(array[2] as? String)
            #expect(decoded.unicodeScalars.map(\.value) == text.unicodeScalars.map(\.value))
            // The line is one line: nothing in the data may break it.
            #expect(!line.utf8.contains(0x0A) && !line.utf8.contains(0x0D))
        }
    }

    @Test func incompleteUTF8Tails() {
        let cases: [([UInt8], Int)] = [
            ([], 0),
            ([0x61], 0),
            ([0xC3], 1),  // first byte of é
            ([0xC3, 0xA9], 0),  // é complete
            ([0x61, 0xE6], 1),  // 日 = E6 97 A5
            ([0x61, 0xE6, 0x97], 2),
            ([0xE6, 0x97, 0xA5], 0),
            ([0xF0, 0x9F, 0x8E], 3),  // 🎉 = F0 9F 8E 89
            ([0xF0, 0x9F, 0x8E, 0x89], 0),
            ([0x80, 0x80, 0x80], 0),  // stray continuations: invalid, replaced rather than held
            ([0x80, 0x80, 0x80, 0x80], 0),
            ([0xFF], 0),
            ([0xC0], 0),  // never valid
            ([0x1B, 0x5B], 0),
        ]
        for (bytes, expected) in cases {
            #expect(AsciicastFormat.incompleteUTF8TailLength(bytes) == expected, "\(bytes)")
        }
    }
}
