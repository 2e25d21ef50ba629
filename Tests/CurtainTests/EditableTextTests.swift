@testable import CurtainLayout
import CurtainTestSupport
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

    /// What the incremental measurement must agree with: every line wrapped in full, then the
    /// caret after the last line's last character and the spaces typed after it.
    struct Reference {
        var rows: [String] = []
        var caretColumn = 0

        init(_ lines: [String], width: Int) {
            for line in lines {
                let wrapped = TextWrapper.wrap(line, width: width)
                rows += wrapped.isEmpty ? [""] : wrapped
            }
            let last = lines[lines.count - 1]
            guard !last.isEmpty else { return }
            let trailing = last.reversed().prefix { $0.unicodeScalars.first.map { LineBreakClass($0) == .space } ?? false }
            let column = TextWidth.of(rows[rows.count - 1]) + TextWidth.of(String(trailing))
            if column >= width { rows.append("") } else { caretColumn = column }
        }
    }

    /// Random typing, deleting and new lines — with spaces, wide characters, emoji, combining
    /// marks, no-break spaces and punctuation that must not start a line (。) or end one (（) —
    /// measured incrementally after every edit, at two widths in turn, against full wrapping.
    @Test(arguments: [1, 2, 3, 5, 7, 12])
    func incrementalMeasureMatchesFullWrappingAfterEveryEdit(width: Int) {
        var generator = SplitMix(seed: UInt64(width))
        let alphabet: [Character] = ["a", "b", "c", " ", " ", "日", "🎉", "。", "（", "e\u{301}", "\u{A0}", "-", "\n", "\u{8}", "\u{8}"]
        var text = EditableText()
        for step in 0..<600 {
            let c = alphabet.randomElement(using: &generator)!
            if c == "\u{8}" { text.deleteBackward() } else { text.insert(c) }
            let measured = step % 50 == 49 ? width + 3 : width  // a width change now and then
            let reference = Reference(text.lines, width: measured)
            let label = "step \(step), width \(measured), lines \(text.lines)"
            #expect(text.rowCount(width: measured) == reference.rows.count, "\(label)")
            #expect(text._rows(width: measured) == reference.rows, "\(label)")
            #expect(Array(text._rows(width: measured).suffix(3)) == Array(reference.rows.suffix(3)), "\(label)")
            #expect(text._caret(width: measured).column == reference.caretColumn, "\(label)")
        }
    }

    /// Spaces typed at the end are text: the caret moves past them, and wraps when they fill the row.
    @Test func theCaretGoesAfterTypedSpaces() {
        var text = EditableText()
        text.insert(contentsOf: "ab  ")
        #expect(text._caret(width: 10).column == 4)
        #expect(text.rowCount(width: 10) == 1)
        #expect(text._rows(width: 10).suffix(1) == ["ab"])
        text.insert(contentsOf: "      ")   // 2 + 10 cells: no room on this row
        #expect(text.rowCount(width: 10) == 2)
        #expect(text._caret(width: 10).column == 0)
        #expect(text._rows(width: 10).suffix(2) == ["ab", ""])
        text.insert("c")   // the spaces were a break: c starts the next row
        #expect(text._rows(width: 10).suffix(2) == ["ab", "c"])
        #expect(text._caret(width: 10).column == 1)
    }

    /// A paste into one line of 30 000 characters wraps like the same text measured cold, and
    /// typing at its end keeps agreeing with a full re-wrap.
    @Test func aLongPastedLineMeasuresLikeAColdOne() {
        let long = String(repeating: "word 日本語 🎉 ", count: 2_500)
        var text = EditableText()
        _ = text.rowCount(width: 40)
        text.insert(contentsOf: long)
        text.insert("x")
        let reference = Reference(text.lines, width: 40)
        #expect(text.rowCount(width: 40) == reference.rows.count)
        #expect(Array(text._rows(width: 40).suffix(5)) == Array(reference.rows.suffix(5)))
        #expect(text._caret(width: 40).column == reference.caretColumn)
    }
}
