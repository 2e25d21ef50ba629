@testable import CurtainTerminal
import CurtainTestSupport
import Testing

@Suite struct RenditionCompactionTests {
    private func compacted(_ text: String) -> String {
        String(decoding: RenditionCompaction.compacted(Array(text.utf8)), as: UTF8.self)
    }

    @Test func consecutiveRenditionsBecomeOne() {
        #expect(compacted("\u{1B}[38;5;120m\u{1B}[48;5;25mab") == "\u{1B}[38;5;120;48;5;25mab")
        #expect(compacted("\u{1B}[38:2::1:2:3m\u{1B}[48:2::4:5:6m\u{1B}[1mx") == "\u{1B}[1;38:2::1:2:3;48:2::4:5:6mx")
        #expect(compacted("\u{1B}[38;2;1;2;3m\u{1B}[48;2;0;0;0mx") == "\u{1B}[38;2;1;2;3;48;2;0;0;0mx",
                "zeros that are colour values are not resets")
    }

    @Test func onlyWhatChangesIsSent() {
        // ncurses sends both colours at every change of pair.
        #expect(compacted("\u{1B}[38;5;1m\u{1B}[48;5;2ma\u{1B}[38;5;3m\u{1B}[48;5;2mb\u{1B}[38;5;3m\u{1B}[48;5;2mc")
                == "\u{1B}[38;5;1;48;5;2ma\u{1B}[38;5;3mbc")
        // Ending bold keeps dim by setting it again; a reset is taken when it is shorter.
        #expect(compacted("\u{1B}[1m\u{1B}[2ma\u{1B}[22m\u{1B}[2mb") == "\u{1B}[1;2ma\u{1B}[22;2mb")
        #expect(compacted("\u{1B}[m\u{1B}[1;3;4;7;38;2;10;20;30ma\u{1B}[22;23;24;27;39mb") == "\u{1B}[0;1;38;2;10;20;30;3;4;7ma\u{1B}[mb")
    }

    @Test func whatAResetUndoesIsDropped() {
        #expect(compacted("a\u{1B}[39m\u{1B}[m") == "a\u{1B}[m")
        #expect(compacted("a\u{1B}[39;49m\u{1B}[m") == "a\u{1B}[m")
        #expect(compacted("a\u{1B}[38;5;1m\u{1B}[0m\u{1B}[1mb") == "a\u{1B}[0;1mb")
        #expect(compacted("a\u{1B}[0mb") == "a\u{1B}[mb")
    }

    @Test func nothingUnknownIsAssumed() {
        // At the start the terminal's state is unknown: a default colour is still sent.
        #expect(compacted("\u{1B}[39mx") == "\u{1B}[39mx")
        // A parameter this does not know (blink rapid is known; 73, superscript, is not).
        #expect(compacted("\u{1B}[1m\u{1B}[73ma\u{1B}[1mb") == "\u{1B}[1m\u{1B}[73ma\u{1B}[1mb", "that run as it came")
        // DECRC may restore other renditions: what follows is sent in full.
        #expect(compacted("\u{1B}[1ma\u{1B}8\u{1B}[1mb") == "\u{1B}[1ma\u{1B}8\u{1B}[1mb")
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

    @Test func aRenditionKeepsToTheParameterLimit() {
        // Two colon-form colours are 12 numbers; with five attributes 17, over st's 16.
        let text = "\u{1B}[38:2::1:2:3m\u{1B}[48:2::4:5:6m\u{1B}[1m\u{1B}[2m\u{1B}[3m\u{1B}[4m\u{1B}[7mx"
        let result = compacted(text)
        #expect(result.hasSuffix("x") && result.filter { $0 == "\u{1B}" }.count == 2)
        for sequence in result.split(separator: "\u{1B}") where sequence.hasPrefix("[") {
            let parameters = sequence.dropFirst().prefix { $0 != "m" }
            #expect(parameters.split(omittingEmptySubsequences: false) { $0 == ";" || $0 == ":" }.count <= RenditionCompaction.parameterLimit)
        }
    }

    /// Random frames of SGRs, text and cursor moves: after every character the renditions the
    /// shortened bytes leave are the ones the original bytes leave.
    @Test func theTerminalEndsInTheSameStateAtEveryCharacter() {
        var generator = SplitMix(seed: 38)
        let pieces = ["1", "2", "22", "3", "23", "4", "24", "7", "27", "0", "", "39", "49", "31", "42", "97",
                      "38;5;120", "48;5;25", "38;2;0;0;0", "48:2::1:2:3", "38:2::9:9:9", "5", "25", "9", "29"]
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<Int.random(in: 4...30, using: &generator) {
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: text += "\u{1B}[\((0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined(separator: ";"))m"
                case 1: text += "\u{1B}[\(Int.random(in: 1...24, using: &generator));\(Int.random(in: 1...80, using: &generator))H"
                default: text += String("abc".randomElement(using: &generator)!)
                }
            }
            let original = states(Array(text.utf8))
            let shortened = states(RenditionCompaction.compacted(Array(text.utf8)))
            #expect(original == shortened, "\(text.debugDescription)")
        }
    }

    /// The renditions in force at each character, starting from the defaults.
    private func states(_ bytes: [UInt8]) -> [[RenditionState.Code]] {
        var state = RenditionState.defaults
        var result: [[RenditionState.Code]] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x1B {
                var end = index + 2
                while end < bytes.count, !(0x40...0x7E).contains(bytes[end]) { end += 1 }
                if bytes[end] == UInt8(ascii: "m") { _ = state.apply(bytes, from: index + 2, to: end) }
                index = end + 1
                continue
            }
            result.append(state.values)
            index += 1
        }
        return result
    }
}
