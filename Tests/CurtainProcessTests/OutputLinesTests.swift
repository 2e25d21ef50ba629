import Testing
@testable import CurtainProcess

/// Output cut into lines at newlines only, whatever pieces it arrives in.
@Suite struct OutputLinesTests {
    /// Feeds `pieces`; the lines completed, and the open line after each piece.
    func feed(_ pieces: [[UInt8]], limit: Int = 1024) -> (lines: [String], open: [String], last: String?) {
        var splitter = OutputLines(limit: limit)
        var lines: [String] = []
        var open: [String] = []
        for piece in pieces {
            lines += piece.withUnsafeBytes { splitter.feed($0) }
            open.append(splitter.openLine)
        }
        return (lines, open, splitter.finish())
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aLineWrittenInPiecesIsOneLine() {
        let result = feed([bytes("SPL"), bytes("IT-ONE\n")])
        #expect(result.lines == ["SPLIT-ONE"])
        #expect(result.open == ["SPL", ""])
        #expect(result.last == nil)
    }

    @Test func aCharacterCutBetweenWritesSurvives() {
        let e = bytes("É")   // C3 89
        let result = feed([bytes("CAF") + [e[0]], [e[1]] + bytes("-TWO\n")])
        #expect(result.lines == ["CAFÉ-TWO"])
        #expect(result.open == ["CAF", ""], "the open line waits for the rest of the character")
        let emoji = bytes("👍")
        for cut in 1..<emoji.count {
            let split = feed([Array(emoji[..<cut]), Array(emoji[cut...]) + bytes("\n")])
            #expect(split.lines == ["👍"])
            #expect(split.open[0] == "")
        }
    }

    @Test func aTerminalsLineEndIsDroppedAndALoneCarriageReturnKept() {
        let result = feed([bytes("one\r\ntwo\r"), bytes("\nbar 10%\rbar 20%\r\n")])
        #expect(result.lines == ["one", "two", "bar 10%\rbar 20%"])
    }

    @Test func emptyLinesAndALastLineWithoutANewline() {
        let result = feed([bytes("\n\na\n"), bytes("tail")])
        #expect(result.lines == ["", "", "a"])
        #expect(result.last == "tail")
    }

    @Test func aLongLineIsCutNearTheLimitNeverInsideACharacter() {
        let text = String(repeating: "aé", count: 20)   // 3 bytes a pair
        let result = feed([bytes(text + "\n")], limit: 8)
        #expect(result.lines.joined() == text)
        #expect(result.lines.allSatisfy { $0.utf8.count <= 8 && !$0.contains("\u{FFFD}") })
    }

    @Test func invalidBytesBecomeReplacementCharacters() {
        let result = feed([[0x61, 0xFF, 0x62, 0x0A]])
        #expect(result.lines == ["a\u{FFFD}b"])
    }
}
