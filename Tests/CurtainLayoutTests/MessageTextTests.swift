import Testing

@testable import CurtainLayout

@Suite("Message text")
struct MessageTextTests {
    @Test func everyC0ControlAndDELBecomeTheirPictures() {
        for value in UInt32(0)..<0x20 {
            let control = String(Unicode.Scalar(value)!)
            #expect(MessageText.escaping(control) == String(Unicode.Scalar(0x2400 + value)!), "\(value)")
        }
        #expect(MessageText.escaping("\u{7F}") == "␡")
        // CR LF is one character, but both controls are shown.
        #expect(MessageText.escaping("a\r\nb") == "a␍␊b")
    }

    @Test func printableTextIsUnchanged() {
        for text in ["key t", "日本語", "e\u{301}", "👍🏽", "🇯🇵", "#️⃣", "\\x1b", "<U+00A0>", "tab\\t"] {
            #expect(MessageText.escaping(text) == text, "\(text)")
        }
    }

    @Test func escapingTwiceChangesNothingMore() {
        let text = "a\u{1B}[2J\u{A0}\u{FEFF}\u{9B}\u{2028}b👩‍👩‍👧"
        let once = MessageText.escaping(text)
        #expect(once == "a␛[2J<U+00A0><U+FEFF><U+009B><U+2028>b👩‍👩‍👧")
        #expect(MessageText.escaping(once) == once)
    }

    @Test func quotedAddsSingleQuotes() {
        #expect(MessageText.quoted("t\u{7}") == "'t␇'")
    }
}
