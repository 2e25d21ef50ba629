import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A label given fewer rows than its text needs ends its last row in `…`, as a UILabel's last
/// line does: the row takes the rest of its line, cut to the width. A label whose text fits
/// shows no `…`.
@MainActor
@Suite struct LabelCutTests {
    @Test func aBoxTooShortForItsWrappedTextEndsItsOnlyRowInAnEllipsis() {
        // 8 columns of text: "Build", "finished", "· #1" — one row of room.
        let pilot = show(Label("Build finished · #1", border: true), size: Size(width: 12, height: 3))
        #expect(pilot.lines == ["┌──────────┐", "│ Build f… │", "└──────────┘"])
    }

    @Test func aBoxTallEnoughWrapsWithoutAnEllipsis() {
        let pilot = show(Label("Build finished · #1", border: true), size: Size(width: 12, height: 5))
        #expect(pilot.lines == ["┌──────────┐", "│ Build    │", "│ finished │", "│ · #1     │", "└──────────┘"])
    }

    @Test func theLastRowShownTakesTheRestOfItsLineNotTheNextLine() {
        let pilot = show(Label("one\ntwo words\nthree"), size: Size(width: 10, height: 2))
        #expect(pilot.lines == ["one", "two words…"])
        let short = show(Label("one\ntwo\nthree"), size: Size(width: 10, height: 2))
        #expect(short.lines == ["one", "two…"], "more lines follow: the ellipsis says so even where the row fits")
    }

    @Test func noBlankBeforeTheEllipsis() {
        // Width 7: "Build f" would leave "Build " and the ellipsis: the blank goes.
        let pilot = show(Label("Build finished"), size: Size(width: 7, height: 1))
        #expect(pilot.lines == ["Build…"])
        #expect(pilot.cell(x: 5, y: 0).grapheme.text == "…")
    }

    @Test func wideCharactersAreNeverSplitByTheEllipsis() {
        let pilot = show(Label("日本語のテキスト"), size: Size(width: 5, height: 1))
        #expect(pilot.lines == ["日本…"])
        #expect(pilot.cell(x: 1, y: 0).grapheme.isContinuation)
        #expect(pilot.cell(x: 4, y: 0).grapheme.text == "…")
    }

    @Test func truncatedLinesThatDoNotAllFitSayThereAreMore() {
        let pilot = show(Label("a\nb\nc", lineBreak: .truncate), size: Size(width: 4, height: 2))
        #expect(pilot.lines == ["a", "b…"])
    }

    @Test func theEllipsisTakesTheStyleOfTheTextBeforeIt() {
        let base = Style(foreground: .indexed(252), background: .indexed(17))
        let pilot = show(Label("one two three", style: base), size: Size(width: 6, height: 1))
        #expect(pilot.lines == ["one t…"])
        #expect(pilot.cell(x: 5, y: 0).style == base)
    }
}
