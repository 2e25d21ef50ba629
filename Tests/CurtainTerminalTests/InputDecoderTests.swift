import Curtain
import CurtainLayout
@testable import CurtainTerminal
import Testing

/// The decoder's behaviour that the terminal had before it read input itself (then through
/// ncurses and `KeyDecoder`), on bytes.
@Suite struct InputDecoderTests {
    @Test func printableAndWideCharacters() {
        #expect(decoded("a漢😀 ~") == keys(.character("a"), .character("漢"), .character("😀"), .character(" "), .character("~")))
    }

    @Test(arguments: [
        (UInt8(13), Key.enter), (10, .ctrl("j")), (9, .tab), (127, .backspace), (8, .backspace),
        (3, .ctrl("c")), (26, .ctrl("z")), (1, .ctrl("a")), (25, .ctrl("y")),
        (0, .ctrl(" ")), (28, .ctrl("\\")), (29, .ctrl("]")), (30, .ctrl("^")), (31, .ctrl("_")),
    ])
    func controlCharacters(code: UInt8, key: Key) {
        #expect(decoded([code]) == keys(key))
    }

    @Test func invalidBytesNeverCrashOrShowControls() {
        // A surrogate's bytes (three maximal invalid subparts) become U+FFFD each; C1 controls
        // (U+0085, U+009B) are dropped.
        #expect(decoded([0xED, 0xA0, 0x80, 0xC2, 0x85, 0xC2, 0x9B, 0xFF]) == keys(
            .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}"), .character("\u{FFFD}")))
    }

    @Test func escapeAloneIsTheEscapeKeyOnceTheWaitEnds() {
        var decoder = InputDecoder()
        var output: [DecodedInput] = []
        decoder.feed([0x1B][...], into: &output)
        #expect(output.isEmpty)
        #expect(decoder.isPending)
        decoder.idle(into: &output)
        #expect(output == keys(.escape))
        #expect(!decoder.isPending)
    }

    @Test func escapeTwiceThenIdleIsTwoEscapes() {
        #expect(decoded("\u{1B}\u{1B}", idle: true) == keys(.escape, .escape))
    }

    /// Esc just before a key is Alt held with it (before, the decoder reported both keys).
    @Test func escapeFollowedByALetterIsAlt() {
        #expect(decoded("\u{1B}x") == keys(.alt("x")))
        #expect(decoded("\u{1B}\u{1B}OA") == keys(.escape, .up))
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OD", .left), ("\u{1B}[1;5C", Key(.right, modifiers: .control)), ("\u{1B}[Z", .backTab),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OP", .function(1)), ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)),
        ("\u{1B}OM", .enter),
    ])
    func escapeSequences(sequence: String, key: Key) {
        #expect(decoded(sequence) == keys(key))
    }

    @Test func unknownSequencesAreDroppedNotShown() {
        #expect(events("\u{1B}[99~\u{1B}[Ia\u{1B}[?1;2c") == [.key(.character("a"))])
        // A stray paste end marker is ignored.
        #expect(decoded("\u{1B}[201~b") == keys(.character("b")))
    }

    @Test func aBrokenSequenceKeepsTheInputThatBrokeIt() {
        #expect(decoded("\u{1B}[1\u{7F}") == keys(.backspace))
        #expect(decoded("\u{1B}[12\u{1B}OB") == keys(.down))
    }

    /// `ESC [` typed by hand within the wait is Alt-[, and what followed is characters.
    @Test func escapeBracketTypedByHandIsReportedAsTyped() {
        #expect(decoded("\u{1B}[2", idle: true) == keys(.alt("["), .character("2")))
        #expect(decoded("\u{1B}O", idle: true) == keys(.alt("O")))
    }

    @Test func overlongSequencesAreDropped() {
        let long = "\u{1B}[" + String(repeating: "1", count: 100) + "~x"
        #expect(decoded(long) == keys(.character("x")))
        var decoder = InputDecoder()
        var output = decoder.decode(Array(("\u{1B}[" + String(repeating: "2", count: 40)).utf8))
        decoder.idle(into: &output)
        decoder.feed([0x79][...], into: &output)
        #expect(output == keys(.character("y")))
    }

    @Test func functionKeysAndMouseTogether() {
        #expect(events("\u{1B}[Z\u{1B}[<0;4;5M") == [.key(.backTab), .mouse(MouseEvent(.press, at: Point(x: 3, y: 4)))])
    }

    // MARK: Paste

    @Test func pasteIsOneEventWithNormalisedNewlines() {
        #expect(events("\u{1B}[200~one\r\ntwo\rthree\nfour\tend\u{1B}[201~x") == [
            .paste("one\ntwo\nthree\nfour\tend"), .key(.character("x")),
        ])
    }

    @Test func pasteKeepsWideCharactersAndDropsControls() {
        #expect(events("\u{1B}[200~漢\u{03}😀\u{7F}\u{1A}\u{0}é\u{85}\u{1B}[201~") == [.paste("漢😀é")])
        #expect(decoded(Array("\u{1B}[200~".utf8) + [0xFF] + Array("\u{1B}[201~".utf8)) == [.event(.paste("\u{FFFD}"))])
    }

    @Test func escapeSequencesInsideAPasteAreRemoved() {
        #expect(events("\u{1B}[200~a\u{1B}[31mb\u{1B}OAc\u{1B}xd\u{1B}[2\u{1B}OAe\u{1B}[201~") == [.paste("abcxde")])
    }

    /// What keys would send inside a paste (an arrow, Enter, Tab, a mouse report) is not text,
    /// but Enter and Tab are its line breaks and tabs.
    @Test func keysInsideAPasteAreNotText() {
        #expect(events("\u{1B}[200~a\u{1B}OA\r\t\u{1B}[<0;1;1Mb\u{1B}[201~") == [.paste("a\n\tb")])
    }

    @Test func aPasteArrivingInPiecesIsStillOne() {
        var decoder = InputDecoder()
        var output: [DecodedInput] = []
        decoder.feed(Array("\u{1B}[20".utf8)[...], into: &output)
        #expect(decoder.isPending && !decoder.isInPaste)
        decoder.feed(Array("0~hello ".utf8)[...], into: &output)
        #expect(decoder.isInPaste)
        decoder.feed(Array("world\u{1B}[20".utf8)[...], into: &output)
        #expect(output.isEmpty)
        decoder.feed(Array("1~".utf8)[...], into: &output)
        #expect(output == [.event(.paste("hello world"))])
        #expect(!decoder.isPending)
    }

    @Test func aStalledPasteDeliversWhatArrivedAndTheLateEndMarkerIsIgnored() {
        var decoder = InputDecoder()
        var output = decoder.decode(Array("\u{1B}[200~partial".utf8))
        decoder.idle(into: &output)
        decoder.feed(Array("\u{1B}[201~z".utf8)[...], into: &output)
        #expect(output == [.event(.paste("partial"))] + keys(.character("z")))
        // Stalled right after an ESC inside the paste.
        #expect(decoded("\u{1B}[200~ab\u{1B}", idle: true) == [.event(.paste("ab"))])
    }

    @Test func anEmptyPasteIsNoEvent() {
        #expect(decoded("\u{1B}[200~\u{1B}[201~") == [])
    }
}
