import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

/// A view that fills its frame with one letter and counts how often it was drawn.
@MainActor
final class CountingView: View {
    private(set) var draws = 0
    /// Changing it reports the change, as a view must.
    var letter: Character = "c" { didSet { setNeedsDisplay() } }
    /// Changing it does not: a view with this bug draws something the scene was not told about.
    var unreportedLetter: Character? = nil
    let style = Style(foreground: .indexed(226), background: .indexed(24))

    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        draws += 1
        let shown = String(unreportedLetter ?? letter)
        for y in frame.minY..<frame.maxY {
            buffer.draw(String(repeating: shown, count: max(0, frame.width)), at: Point(x: frame.minX, y: y),
                        style: style, clip: clip)
        }
    }
}

/// The scene keeps the cells beneath the top-most presented view between frames; these tests
/// check that it redraws exactly what changed, by the cells and by counting draws.
@MainActor
@Suite struct UnderlayReuseTests {
    /// Two panes; pane 2 shows a counting view; a toast is up in pane 1 and has settled.
    func toastUp() -> (Fixture, CountingView, TextToastView) {
        let f = Fixture()
        f.scene._checksKeptCells = false   // its fresh compositions would count as draws
        let counting = CountingView()
        f.root.panes[1].setContentView(counting)
        let (_, toast) = f.presentToast(in: 0)
        f.settle()
        return (f, counting, toast)
    }

    func text(_ buffer: CellBuffer, row y: Int, in rect: Rect) -> String {
        (rect.minX..<rect.maxX).map { buffer[$0, y].grapheme.text }.joined()
    }

    @Test func typingIntoAToastRedrawsTheToastAlone() throws {
        let (f, counting, toast) = toastUp()
        let drawsBefore = counting.draws
        var produced = 0
        for character in "hello" {
            toast.insert(character)
            produced += f.settle().count
        }
        #expect(produced >= 5, "every character shows")
        #expect(counting.draws == drawsBefore, "the other pane was not drawn again")
        let box = try #require(findBox(in: f.screen, within: f.root.panes[0].frame.insetBy(dx: 1, dy: 1)))
        #expect(text(f.screen, row: box.maxY - 2, in: box.insetBy(dx: 2, dy: 0)).hasPrefix("hello"))

        // A scene-wide invalidation composes everything from scratch: the same cells.
        f.scene.setNeedsDisplay()
        #expect(f.scene.renderFrame() == nil, "the kept cells equal a fresh composition")
        #expect(counting.draws == drawsBefore + 1)
    }

    @Test func aSlideInOverSteadyPanesDrawsThemOnce() {
        let f = Fixture()
        f.scene._checksKeptCells = false
        let counting = CountingView()
        f.root.panes[1].setContentView(counting)
        f.step()
        let drawsBefore = counting.draws
        f.presentToast(in: 0)
        let frames = f.settle()
        #expect(frames.count >= 4, "the slide-in and the dim take several frames")
        #expect(counting.draws == drawsBefore + 1, "presenting redraws the panes once; the dim steps reuse them")
        // Every frame of the slide-in still shows the untouched pane as it is.
        for frame in frames {
            #expect(frame[counting.frame.minX, counting.frame.minY].grapheme.text == "c")
        }
    }

    @Test func aViewThatReportsAChangeIsDrawnAgain() {
        let (f, counting, _) = toastUp()
        let content = counting.frame
        #expect(f.screen[content.minX, content.minY].grapheme.text == "c")
        let drawsBefore = counting.draws
        counting.letter = "z"
        #expect(f.step() != nil)
        #expect(counting.draws == drawsBefore + 1)
        #expect(f.screen[content.minX, content.minY].grapheme.text == "z")
        #expect(f.screen[content.maxX - 1, content.maxY - 1].grapheme.text == "z")
    }

    @Test func aChangeUnderTheDimShowsDimmed() throws {
        let f = Fixture()
        let counting = CountingView()
        f.root.panes[0].setContentView(counting)
        f.presentToast(in: 0)
        f.settle()
        let corner = Point(x: counting.frame.minX, y: counting.frame.minY)
        let dimmedBefore = f.screen[corner.x, corner.y]
        counting.letter = "z"
        #expect(f.step() != nil)
        let after = f.screen[corner.x, corner.y]
        #expect(after.grapheme.text == "z")
        #expect(after.style == dimmedBefore.style, "still under the same dim")
        #expect(brightness(after) < brightness(Cell(grapheme: after.grapheme, style: counting.style)))
    }

    @Test func aLayoutThatMovesAViewRedrawsIt() {
        // Three panes, the toast in the first; the split between the other two moves, so the
        // toast and its dim stay where they are and only the moved frames can tell.
        let f = Fixture(columns: 3)
        f.scene._checksKeptCells = false
        let counting = CountingView()
        f.root.panes[2].setContentView(counting)
        f.presentToast(in: 0)
        f.settle()
        let oldStart = f.root.panes[2].frame.minX
        f.root.splits = [f.root.panes[1].frame.minX, oldStart - 6]
        f.scene.layout()   // no view reported anything: the moved frames alone must count
        #expect(f.step() != nil)
        #expect(f.root.panes[2].frame.minX == oldStart - 6)
        #expect(f.screen[oldStart - 6, 0].grapheme.text == "┌", "pane 3's border moved with its frame")
        #expect(f.screen[counting.frame.minX, counting.frame.minY].grapheme.text == "c")
    }

    @Test func aPresentationBeneathTheTopOneIsKeptAndRedrawnWhenItChanges() throws {
        let (f, _, lower) = toastUp()
        let (_, upper) = f.presentToast(in: 1)
        f.settle()
        lower.insert(contentsOf: "below")
        f.settle()
        let lowerBox = try #require(findBox(in: f.screen, within: f.root.panes[0].frame.insetBy(dx: 1, dy: 1)))
        #expect(text(f.screen, row: lowerBox.maxY - 2, in: lowerBox.insetBy(dx: 2, dy: 0)).hasPrefix("below"))
        upper.insert(contentsOf: "above")
        f.settle()
        let upperBox = try #require(findBox(in: f.screen, within: f.root.panes[1].frame.insetBy(dx: 1, dy: 1)))
        #expect(text(f.screen, row: upperBox.maxY - 2, in: upperBox.insetBy(dx: 2, dy: 0)).hasPrefix("above"))
        #expect(text(f.screen, row: lowerBox.maxY - 2, in: lowerBox.insetBy(dx: 2, dy: 0)).hasPrefix("below"))
        f.scene.setNeedsDisplay()
        #expect(f.scene.renderFrame() == nil, "the kept cells equal a fresh composition")
    }

    #if DEBUG
    @Test func aViewThatChangesWithoutSayingSoStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let (f, counting, toast) = UnderlayReuseTests().toastUp()
                f.scene._checksKeptCells = true
                counting.unreportedLetter = "!"
                toast.insert("x")   // a frame that keeps the underlay: the debug check compares
                f.settle()
            }
        }
    }
    #endif
}
