import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// The screen shown below a scene's minimum size stays readable down to the smallest
/// terminals: shorter words where the long ones do not fit, the least needed rows given up
/// first, never a word cut in the middle without a mark.
@MainActor
@Suite struct TooSmallViewTests {
    /// A scene needing 36 × 15 with the programs' hint, shown at `size`; its rows, trimmed,
    /// blank rows left out.
    func shown(at size: Size) async -> [String] {
        let app = App(root: View(), clock: ManualClock())
        app.scene.minimumSize = Size(width: 36, height: 15)
        app.scene.tooSmallView.hint = "q quits"
        let pilot = Pilot(app, size: size)
        await pilot.settle()
        return pilot.lines.map { String($0.drop { $0 == " " }) }.filter { !$0.isEmpty }
    }

    @Test func withRoomEverythingIsSaid() async {
        #expect(await shown(at: Size(width: 30, height: 10)) == ["Terminal too small", "30×10, needs 36×15", "q quits"])
    }

    @Test func aNarrowScreenGetsTheShortWords() async {
        #expect(await shown(at: Size(width: 14, height: 4)) == ["Too small", "needs 36×15", "q quits"])
        #expect(await shown(at: Size(width: 9, height: 3)) == ["Too small", "36×15", "q quits"])
    }

    @Test func aLowScreenGivesUpTheSizeThenTheHint() async {
        #expect(await shown(at: Size(width: 30, height: 2)) == ["Terminal too small", "q quits"])
        #expect(await shown(at: Size(width: 30, height: 1)) == ["Terminal too small"])
    }

    @Test func whatStillDoesNotFitEndsInAnEllipsis() async {
        let rows = await shown(at: Size(width: 5, height: 2))
        #expect(rows == ["Too …", "q qu…"])
        for row in rows { #expect(TextWidth.of(row) <= 5) }
    }
}
