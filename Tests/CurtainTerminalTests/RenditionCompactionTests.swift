@testable import CurtainTerminal
import Testing

@Suite struct RenditionCompactionTests {
    private func compacted(_ text: String) -> String {
        String(decoding: RenditionCompaction.compacted(Array(text.utf8)), as: UTF8.self)
    }

    @Test func consecutiveRenditionsBecomeOne() {
        #expect(compacted("\u{1B}[38;5;120m\u{1B}[48;5;25mab") == "\u{1B}[38;5;120;48;5;25mab")
        #expect(compacted("\u{1B}[38:2::1:2:3m\u{1B}[48:2::4:5:6m\u{1B}[1mx") == "\u{1B}[38:2::1:2:3;48:2::4:5:6;1mx")
        #expect(compacted("\u{1B}[38;2;1;2;3m\u{1B}[48;2;0;0;0mx") == "\u{1B}[38;2;1;2;3;48;2;0;0;0mx",
                "zeros that are colour values are not resets")
    }

    @Test func whatAResetUndoesIsDropped() {
        #expect(compacted("a\u{1B}[39m\u{1B}[m") == "a\u{1B}[m")
        #expect(compacted("a\u{1B}[39;49m\u{1B}[m") == "a\u{1B}[m")
        #expect(compacted("a\u{1B}[38;5;1m\u{1B}[0m\u{1B}[1mb") == "a\u{1B}[0;1mb")
        #expect(compacted("a\u{1B}[0mb") == "a\u{1B}[mb")
    }

    @Test func renditionsApartOrOtherSequencesStayAsTheyAre() {
        let kept = [
            "\u{1B}[38;5;1m\u{1B}[2;3H\u{1B}[48;5;2mx",   // a cursor move between them
            "\u{1B}[38;5;1mx\u{1B}[48;5;2my",             // text between them
            "\u{1B}[>4;2m\u{1B}[1mx",                     // xterm's modifyOtherKeys, not an SGR
            "\u{1B}(B\u{1B}[1mx\u{1B}[",                  // a designation; a sequence cut off
            "plain text, no escape",
        ]
        for text in kept { #expect(compacted(text) == text, "\(text.debugDescription)") }
    }

    @Test func aMergedRenditionKeepsToTheParameterLimit() {
        // Two colon-form colours are 12 numbers; with five attributes 17, over st's 16.
        let text = "\u{1B}[38:2::1:2:3m\u{1B}[48:2::4:5:6m\u{1B}[1m\u{1B}[2m\u{1B}[3m\u{1B}[4m\u{1B}[7mx"
        let result = compacted(text)
        #expect(result == "\u{1B}[38:2::1:2:3;48:2::4:5:6;1;2;3;4m\u{1B}[7mx")
        for sequence in result.split(separator: "\u{1B}").dropFirst() where sequence.hasSuffix("m") || sequence.contains("m") {
            let parameters = sequence.dropFirst().prefix { $0 != "m" }
            #expect(parameters.split(omittingEmptySubsequences: false) { $0 == ";" || $0 == ":" }.count <= RenditionCompaction.parameterLimit)
        }
    }
}
