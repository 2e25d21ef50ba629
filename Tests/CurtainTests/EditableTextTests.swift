import CurtainLayout
import Testing
@testable import Curtain

@Suite struct EditableTextTests {
    @Test func startsWithOneEmptyLine() {
        var text = EditableText()
        #expect(text.lines == [""])
        #expect(text.rowCount(width: 10) == 1)
    }

    @Test func editing() {
        var text = EditableText()
        text.insert("a"); text.insert("日"); text.insertNewline(); text.insert("b")
        #expect(text.lines == ["a日", "b"])
        text.deleteBackward(); text.deleteBackward()
        #expect(text.lines == ["a日"])
        text.deleteBackward()
        #expect(text.lines == ["a"])
        text.deleteBackward(); text.deleteBackward(); text.deleteBackward()
        #expect(text.lines == [""], "the last line is never removed")
    }

    @Test func pasteSplitsLinesAndKeepsControlCharactersAsText() {
        var text = EditableText()
        text.insert(contentsOf: "one\r\ntwo\nthree\u{1B}[31m")
        #expect(text.lines == ["one", "two", "three\u{1B}[31m"])
        #expect(DisplayCluster("\u{1B}").text == "\u{241B}", "drawn as ␛")
    }

    @Test func rowCountMatchesAFullRecountAfterEveryEdit() {
        var text = EditableText()
        var generator = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", " ", "日", "🎉", "\n", "\u{8}"]
        for _ in 0..<400 {
            let c = alphabet.randomElement(using: &generator)!
            if c == "\u{8}" { text.deleteBackward() } else { text.insert(c) }
            let incremental = text.rowCount(width: 7)
            var fresh = EditableText(lines: text.lines)
            #expect(incremental == fresh.rowCount(width: 7))
            #expect(incremental == text.lastRows(10_000, width: 7).count)
        }
    }
}
