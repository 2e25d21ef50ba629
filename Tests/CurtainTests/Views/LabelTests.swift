import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A label filling a screen of `size`, shown by the pilot.
@MainActor
func show(_ label: Label, size: Size) -> Pilot {
    Pilot(App(root: label, clock: ManualClock()), size: size)
}

@MainActor
@Suite struct LabelTests {
    @Test(arguments: [3, 5, 7, 9, 11, 13])
    func wrapsCJKAndEmojiAtOddWidthsExactlyAsTheWrapper(width: Int) {
        let text = "日本語のテキスト 🎉 emoji ✨ and Café"
        let pilot = show(Label(text), size: Size(width: width, height: 20))
        let expected = TextWrapper.wrap(text, width: width)
        #expect(Array(pilot.lines.prefix(expected.count)) == expected.map { $0.trimmingTrailing() })
        #expect(pilot.lines.dropFirst(expected.count).allSatisfy { $0.isEmpty })
        for y in 0..<expected.count {
            for x in 0..<width where pilot.cell(x: x, y: y).grapheme.isContinuation {
                #expect(x > 0 && pilot.cell(x: x - 1, y: y).grapheme.text.unicodeScalars.first!.value > 0x2000,
                        "a continuation cell follows a wide character (row \(y), column \(x))")
            }
        }
        #expect(Label(text).fittingSize(width: width).height == expected.count)
    }

    @Test func stylesEachRunAndFillsWithTheLabelStyle() {
        let bold = Style(foreground: .indexed(196), attributes: .bold)
        let base = Style(foreground: .indexed(252), background: .indexed(17))
        let pilot = show(Label("Press " + StyledText("q", style: bold) + " to quit", style: base), size: Size(width: 20, height: 2))
        #expect(pilot.lines[0] == "Press q to quit")
        #expect(pilot.cell(x: 0, y: 0).style == base)
        #expect(pilot.cell(x: 6, y: 0).style == bold)
        #expect(pilot.cell(x: 8, y: 0).style == base)
        #expect(pilot.cell(x: 19, y: 1).style == base, "the whole frame is the label's background")
    }

    @Test func alignsEachLine() {
        let centred = show(Label("ab\nabcd", alignment: .center), size: Size(width: 8, height: 2))
        #expect(centred.lines == ["   ab", "  abcd"])
        let right = show(Label("ab\nabcd", alignment: .trailing), size: Size(width: 8, height: 2))
        #expect(right.lines == ["      ab", "    abcd"])
    }

    @Test func truncatesWithAnEllipsisWhenAsked() {
        let pilot = show(Label("a long line that does not fit\n日本語のテキスト\nshort", lineBreak: .truncate),
                         size: Size(width: 9, height: 4))
        #expect(pilot.lines == ["a long l…", "日本語の…", "short", ""])
        #expect(Label("one\ntwo", lineBreak: .truncate).fittingSize(width: 2).height == 2)
    }

    @Test func aBorderedLabelPadsItsTextAndTitlesItsBox() {
        let pilot = show(Label("hi", border: true, title: "Note"), size: Size(width: 12, height: 3))
        #expect(pilot.lines == ["┌─ Note ───┐", "│ hi       │", "└──────────┘"])
        #expect(Label("hi", border: true).fittingSize(width: 12).height == 3)
    }

    @Test func controlCharactersShowAsPictures() {
        let pilot = show(Label("a\u{1B}[31mb"), size: Size(width: 10, height: 1))
        #expect(pilot.lines[0] == "a␛[31mb")
    }

    @Test func changingTheTextRedrawsIt() async {
        let label = Label("one")
        let pilot = show(label, size: Size(width: 10, height: 1))
        label.text = "two"
        await pilot.advance(by: 0.1)
        #expect(pilot.lines[0] == "two")
    }
}

extension String {
    func trimmingTrailing() -> String {
        var copy = self
        while copy.last == " " { copy.removeLast() }
        return copy
    }
}
