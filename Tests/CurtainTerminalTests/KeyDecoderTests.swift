import CNcurses
import CurtainLayout
@testable import CurtainTerminal
import Testing

@Suite struct KeyDecoderTests {
    /// The raw inputs for the characters of `text`, as wget_wch delivers them one by one.
    func chars(_ text: String) -> [RawInput] { text.unicodeScalars.map { .character($0.value) } }

    func decode(_ inputs: [RawInput]) -> [TerminalEvent] {
        var decoder = KeyDecoder()
        return decoder.decode(inputs)
    }

    @Test func printableAndWideCharacters() {
        #expect(decode(chars("a漢😀 ~")) == [
            .key(.character("a")), .key(.character("漢")), .key(.character("😀")),
            .key(.character(" ")), .key(.character("~")),
        ])
    }

    @Test(arguments: [
        (UInt32(13), Key.enter), (10, .enter), (9, .tab), (127, .backspace), (8, .backspace),
        (3, .controlC), (26, .controlZ), (1, .control("a")), (25, .control("y")),
        (0, .control("@")), (28, .control("\\")), (31, .control("_")),
    ])
    func controlCharacters(code: UInt32, key: Key) {
        #expect(decode([.character(code)]) == [.key(key)])
    }

    @Test func invalidCodesNeverCrashOrShowControls() {
        // A surrogate and a value beyond Unicode become U+FFFD; C1 controls are dropped.
        #expect(decode([.character(0xD800), .character(0x11_0000), .character(0x85), .character(0x9B)]) == [
            .key(.character("\u{FFFD}")), .key(.character("\u{FFFD}")),
        ])
    }

    @Test func escapeAloneIsTheEscapeKeyOnceTheWaitEnds() {
        var decoder = KeyDecoder()
        var events: [TerminalEvent] = []
        decoder.feed(.character(0x1B), into: &events)
        #expect(events.isEmpty)
        #expect(decoder.isPending)
        decoder.feed(.idle, into: &events)
        #expect(events == [.key(.escape)])
        #expect(!decoder.isPending)
    }

    @Test func escapeTwiceThenIdleIsTwoEscapes() {
        #expect(decode([.character(0x1B), .character(0x1B), .idle]) == [.key(.escape), .key(.escape)])
    }

    @Test func escapeFollowedByALetterIsBothKeys() {
        #expect(decode(chars("\u{1B}x")) == [.key(.escape), .key(.character("x"))])
        #expect(decode([.character(0x1B), .key(.up)]) == [.key(.escape), .key(.up)])
    }

    @Test(arguments: [
        ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
        ("\u{1B}OA", .up), ("\u{1B}OD", .left), ("\u{1B}[1;5C", .right), ("\u{1B}[Z", .backTab),
        ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
        ("\u{1B}[2~", .insert), ("\u{1B}[3~", .delete), ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown),
        ("\u{1B}OP", .function(1)), ("\u{1B}[15~", .function(5)), ("\u{1B}[24~", .function(12)),
        ("\u{1B}OM", .enter),
    ])
    func escapeSequencesNcursesDidNotDecode(sequence: String, key: Key) {
        #expect(decode(chars(sequence)) == [.key(key)])
    }

    @Test func unknownSequencesAreDroppedNotShown() {
        #expect(decode(chars("\u{1B}[99~\u{1B}[Ia\u{1B}[?1;2c")) == [.key(.character("a"))])
        // A stray paste end marker is ignored.
        #expect(decode(chars("\u{1B}[201~b")) == [.key(.character("b"))])
    }

    @Test func aBrokenSequenceKeepsTheInputThatBrokeIt() {
        #expect(decode(chars("\u{1B}[1\u{7F}")) == [.key(.backspace)])
        #expect(decode(chars("\u{1B}[12") + [.key(.down)]) == [.key(.down)])
    }

    @Test func escapeBracketTypedByHandIsReportedAsTyped() {
        #expect(decode(chars("\u{1B}[2") + [.idle]) == [.key(.escape), .key(.character("[")), .key(.character("2"))])
        #expect(decode(chars("\u{1B}O") + [.idle]) == [.key(.escape), .key(.character("O"))])
    }

    @Test func overlongSequencesAreDropped() {
        let long = "\u{1B}[" + String(repeating: "1", count: 100) + "~x"
        #expect(decode(chars(long)) == [.key(.character("x"))])
        #expect(decode(chars("\u{1B}[" + String(repeating: "2", count: 40)) + [.idle, .character(0x79)]) == [.key(.character("y"))])
    }

    @Test func sgrMouseClicks() {
        #expect(decode(chars("\u{1B}[<0;5;3M")) == [.mouse(column: 4, row: 2)])
        // Release, right button, motion and wheel are not clicks.
        #expect(decode(chars("\u{1B}[<0;5;3m\u{1B}[<2;5;3M\u{1B}[<32;5;3M\u{1B}[<64;5;3M")) == [])
        #expect(decode(chars("\u{1B}[<0;0;0M")) == [.mouse(column: 0, row: 0)])
    }

    @Test func functionKeysMouseAndResizePassThrough() {
        let size = Size(width: 10, height: 5)
        #expect(decode([.key(.backTab), .mouse(column: 3, row: 4), .resize(size), .idle]) == [
            .key(.backTab), .mouse(column: 3, row: 4), .resize(size),
        ])
    }

    // MARK: Paste

    @Test func pasteIsOneEventWithNormalisedNewlines() {
        let input = chars("\u{1B}[200~one\r\ntwo\rthree\nfour\tend\u{1B}[201~x")
        #expect(decode(input) == [.paste("one\ntwo\nthree\nfour\tend"), .key(.character("x"))])
    }

    @Test func pasteKeepsWideCharactersAndDropsControls() {
        let input = chars("\u{1B}[200~漢\u{03}😀\u{7F}\u{1A}\u{0}é\u{1B}[201~")
        #expect(decode(input) == [.paste("漢😀é")])
        #expect(decode(chars("\u{1B}[200~") + [.character(0xD800)] + chars("\u{1B}[201~")) == [.paste("\u{FFFD}")])
    }

    @Test func escapeSequencesInsideAPasteAreRemoved() {
        let input = chars("\u{1B}[200~a\u{1B}[31mb\u{1B}OAc\u{1B}xd\u{1B}[2") + [.key(.up)] + chars("e\u{1B}[201~")
        #expect(decode(input) == [.paste("abcxde")])
    }

    @Test func keysNcursesDecodedInsideAPasteAreNotText() {
        let input = chars("\u{1B}[200~a") + [.key(.up), .key(.enter), .key(.tab), .mouse(column: 1, row: 1)]
            + chars("b\u{1B}[201~")
        #expect(decode(input) == [.paste("a\n\tb")])
    }

    @Test func aPasteArrivingInPiecesIsStillOne() {
        var decoder = KeyDecoder()
        var events: [TerminalEvent] = []
        for input in chars("\u{1B}[20") { decoder.feed(input, into: &events) }
        #expect(decoder.isPending && !decoder.isInPaste)
        for input in chars("0~hello ") { decoder.feed(input, into: &events) }
        #expect(decoder.isInPaste)
        for input in chars("world\u{1B}[20") { decoder.feed(input, into: &events) }
        #expect(events.isEmpty)
        for input in chars("1~") { decoder.feed(input, into: &events) }
        #expect(events == [.paste("hello world")])
        #expect(!decoder.isPending)
    }

    @Test func aStalledPasteDeliversWhatArrivedAndTheLateEndMarkerIsIgnored() {
        let input = chars("\u{1B}[200~partial") + [.idle] + chars("\u{1B}[201~z")
        #expect(decode(input) == [.paste("partial"), .key(.character("z"))])
        // Stalled right after an ESC inside the paste.
        #expect(decode(chars("\u{1B}[200~ab\u{1B}") + [.idle]) == [.paste("ab")])
    }

    @Test func aResizeDuringAPasteIsNotLost() {
        let size = Size(width: 3, height: 2)
        #expect(decode(chars("\u{1B}[200~ab") + [.resize(size)] + chars("c\u{1B}[201~")) == [.resize(size), .paste("abc")])
    }

    @Test func anEmptyPasteIsNoEvent() {
        #expect(decode(chars("\u{1B}[200~\u{1B}[201~")) == [])
    }

    // MARK: ncurses key codes

    @Test func cursesKeyCodes() {
        #expect(Key(cursesCode: curtain_KEY_UP()) == .up)
        #expect(Key(cursesCode: curtain_KEY_DOWN()) == .down)
        #expect(Key(cursesCode: curtain_KEY_LEFT()) == .left)
        #expect(Key(cursesCode: curtain_KEY_RIGHT()) == .right)
        #expect(Key(cursesCode: curtain_KEY_BTAB()) == .backTab)
        #expect(Key(cursesCode: curtain_KEY_BACKSPACE()) == .backspace)
        #expect(Key(cursesCode: curtain_KEY_ENTER()) == .enter)
        #expect(Key(cursesCode: curtain_KEY_DC()) == .delete)
        #expect(Key(cursesCode: curtain_KEY_HOME()) == .home)
        #expect(Key(cursesCode: curtain_KEY_END()) == .end)
        #expect(Key(cursesCode: curtain_KEY_PPAGE()) == .pageUp)
        #expect(Key(cursesCode: curtain_KEY_NPAGE()) == .pageDown)
        #expect(Key(cursesCode: curtain_KEY_IC()) == .insert)
        #expect(Key(cursesCode: curtain_KEY_F0() + 5) == .function(5))
        #expect(Key(cursesCode: curtain_KEY_RESIZE()) == nil)
        #expect(Key(cursesCode: 0) == nil)
        #expect(Key(cursesCode: -1) == nil)
    }
}
