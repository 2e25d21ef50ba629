import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A pane filling the screen, presentations stacked in it.
@MainActor
struct StackFixture {
    let pane = PaneView(title: "Pane")
    let app: App
    let pilot: Pilot
    init(size: Size = Size(width: 40, height: 24), motion: MotionSettings = MotionSettings()) {
        app = App(root: pane, clock: ManualClock(), motion: motion)
        pilot = Pilot(app, size: size, recordsFrames: true)
    }
    var scene: Scene { app.scene }

    /// A toast of `lines` lines of text.
    @discardableResult
    func toast(_ text: String, lines: Int = 1) -> ToastPresentationController {
        let content = Label(Array(repeating: text, count: lines).joined(separator: "\n"), border: true)
        let controller = ToastPresentationController(presentedView: content)
        scene.present(controller, from: pane)
        return controller
    }

    /// Visible parts of the presentations on screen, and the context's content area.
    var visibleFrames: [Rect] {
        scene.presentations.map { $0.displayedFrame.intersection($0.clipRect(in: pane)) }.filter { !$0.isEmpty }
    }
}

@MainActor
@Suite struct StackingTests {
    /// A toast being typed into stays up while notifications pile onto its stack: the older
    /// notifications fold into "+N more" instead.
    @Test func theFocusedToastIsNeverFolded() async {
        let f = StackFixture(size: Size(width: 40, height: 16))
        let box = TextToastView(hint: "type here")
        let compose = ToastPresentationController(presentedView: box)
        f.scene.present(compose, from: f.pane)
        await f.pilot.settle()
        await f.pilot.type("draft")
        for n in 1...5 { f.scene.notify("message \(n)", duration: 60, in: f.pane) }
        await f.pilot.settle()
        #expect(f.pilot.text.contains("draft"), "the toast with focus shows:\n\(f.pilot.text)")
        #expect(f.pilot.text.contains("message 5"), "the newest notification shows")
        #expect(f.pilot.text.contains("more"), "older notifications fold")
        #expect(compose.stackVisibility.value == 1)
        await f.pilot.type("!")
        #expect(f.pilot.text.contains("draft!"), "keys still reach the toast that is seen")
    }

    @Test func threeToastsStackAgainstTheEdgeNewestNearestIt() async {
        let f = StackFixture()
        let a = f.toast("a"), b = f.toast("b"), c = f.toast("c")
        await f.pilot.settle()
        // Content area rows 1…22; toasts 3 rows tall, the newest one row above the bottom.
        #expect(c.displayedFrame == Rect(x: 3, y: 19, width: 34, height: 3))
        #expect(b.displayedFrame == Rect(x: 3, y: 16, width: 34, height: 3))
        #expect(a.displayedFrame == Rect(x: 3, y: 13, width: 34, height: 3))
        #expect(f.pilot.lines[17].contains("│ b "))
        #expect(f.pilot.lines[14].contains("│ a "))
    }

    @Test func theMiddleOneLeavesAndTheOthersCloseUpMonotonicallyWithoutOverlap() async {
        let f = StackFixture()
        let a = f.toast("a"), b = f.toast("b"), c = f.toast("c")
        await f.pilot.settle()
        var tops: [Int] = []
        f.scene.dismiss(b)
        for _ in 0..<60 {
            await f.pilot.advance(by: 1.0 / 60)
            let frames = f.visibleFrames
            for (i, x) in frames.enumerated() { for y in frames[(i + 1)...] { #expect(!x.intersects(y), "overlap in a frame") } }
            #expect(c.displayedFrame == Rect(x: 3, y: 19, width: 34, height: 3), "the newest does not move")
            tops.append(a.displayedFrame.minY)
        }
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 <= $1 }, "the oldest only moves toward the edge: \(tops)")
        #expect(a.displayedFrame == Rect(x: 3, y: 16, width: 34, height: 3))
        #expect(!f.scene.presentations.contains { $0 === b })
    }

    @Test func beyondThreeTheOldestCollapseIntoAMoreLine() async {
        let f = StackFixture()
        for name in ["a", "b", "c", "d", "e"] { f.toast(name) }
        await f.pilot.settle()
        #expect(f.pilot.lines.contains { $0.contains("+2 more") })
        #expect(!f.pilot.text.contains("│ a ") && !f.pilot.text.contains("│ b "))
        #expect(f.pilot.text.contains("│ c ") && f.pilot.text.contains("│ e "))
        f.scene.dismiss(f.scene.presentations.last!)
        await f.pilot.settle()
        #expect(f.pilot.lines.contains { $0.contains("+1 more") })
        #expect(f.pilot.text.contains("│ b "), "room freed: the next one is back")
    }

    @Test func aStackedToastGrowsAndPushesTheOlderOnesAway() async {
        let f = StackFixture()
        let a = f.toast("a")
        let editor = TextToastView()
        let b = ToastPresentationController(presentedView: editor)
        editor.onChange = { [unowned b] in b.updatePresentationLayout(animated: true) }
        f.scene.present(b, from: f.pane)
        await f.pilot.settle()
        #expect(a.displayedFrame.maxY == b.displayedFrame.minY)
        editor.insert(contentsOf: "one\ntwo\nthree")
        await f.pilot.settle()
        #expect(b.displayedFrame.height == 5)
        #expect(a.displayedFrame.maxY == b.displayedFrame.minY, "the older one sits right above the grown one")
    }

    @Test func oneDimPerContextHoweverManyAreStacked() async {
        let f = StackFixture()
        f.toast("a")
        await f.pilot.settle()
        let once = f.pilot.cell(x: 1, y: 2).style
        f.toast("b")
        f.toast("c")
        await f.pilot.settle()
        #expect(f.pilot.cell(x: 1, y: 2).style == once, "three toasts dim their pane as much as one")
    }

    @Test func underReduceMotionStacksReflowWithoutInBetweenFrames() async {
        let f = StackFixture(motion: MotionSettings(reduceMotion: true))
        let a = f.toast("a"), b = f.toast("b")
        await f.pilot.settle()
        f.scene.dismiss(b)
        await f.pilot.advance(by: 1.0 / 60)
        #expect(a.displayedFrame == Rect(x: 3, y: 19, width: 34, height: 3), "in place at the next frame")
        #expect(!f.scene.isAnimating)
    }
}

@MainActor
@Suite struct DragToDismissTests {
    /// A toast at rest: its top border row and the pilot.
    func toastUp() async -> (StackFixture, ToastPresentationController) {
        let f = StackFixture()
        let toast = f.toast("drag me", lines: 2)
        await f.pilot.settle()
        return (f, toast)
    }

    func drag(_ f: StackFixture, from start: Point, rows: [Int], step: Double) async {
        await f.pilot.mouseDown(at: start)
        for y in rows {
            f.pilot.clock.advance(by: step)
            await f.pilot.drag(to: Point(x: start.x, y: y))
        }
    }

    @Test func theFrameFollowsThePointerAndPastHalfWayItLeaves() async {
        let (f, toast) = await toastUp()
        let top = toast.displayedFrame.minY          // 18
        await drag(f, from: Point(x: 10, y: top), rows: [top + 1, top + 2, top + 3], step: 0.2)
        #expect(toast.displayedFrame.minY == top + 3, "cell by cell")
        #expect(toast.isBeingDragged)
        f.pilot.clock.advance(by: 0.5)
        await f.pilot.mouseUp(at: Point(x: 10, y: top + 3))
        var reason: DismissalReason?
        toast.onDismiss = { reason = $0 }
        await f.pilot.settle()
        #expect(reason == .dragged)
    }

    @Test func aShortSlowDragSpringsBack() async {
        let (f, toast) = await toastUp()
        let rest = toast.displayedFrame
        await drag(f, from: Point(x: 10, y: rest.minY), rows: [rest.minY + 1], step: 0.5)
        f.pilot.clock.advance(by: 0.5)
        await f.pilot.mouseUp(at: Point(x: 10, y: rest.minY + 1))
        await f.pilot.settle()
        #expect(toast.state == .presented)
        #expect(toast.displayedFrame == rest)
    }

    @Test func aFastShortFlickLeaves() async {
        let (f, toast) = await toastUp()
        let top = toast.displayedFrame.minY
        await drag(f, from: Point(x: 10, y: top), rows: [top + 1], step: 0.02)   // 50 rows/s = 1600 pt/s
        await f.pilot.mouseUp(at: Point(x: 10, y: top + 1))
        await f.pilot.settle()
        #expect(!f.scene.presentations.contains { $0 === toast })
    }

    @Test func theWrongWayMovesLessThanThePointer() async {
        let (f, toast) = await toastUp()
        let top = toast.displayedFrame.minY
        await drag(f, from: Point(x: 10, y: top), rows: [top - 4], step: 0.2)
        let moved = top - toast.displayedFrame.minY
        #expect(moved >= 0 && moved < 2, "a rubber band: \(moved) rows for 4")
        await f.pilot.mouseUp(at: Point(x: 10, y: top - 4))
        await f.pilot.settle()
        #expect(toast.displayedFrame.minY == top)
    }

    @Test func aToastSpringingBackCanBeGrabbedAgain() async {
        let (f, toast) = await toastUp()
        let top = toast.displayedFrame.minY
        await drag(f, from: Point(x: 10, y: top), rows: [top + 2], step: 0.5)
        f.pilot.clock.advance(by: 0.5)
        await f.pilot.mouseUp(at: Point(x: 10, y: top + 2))
        await f.pilot.advance(by: 2.0 / 60)
        let midway = toast.displayedFrame.minY
        #expect(midway > top, "still on its way back")
        await f.pilot.mouseDown(at: Point(x: 10, y: midway))
        f.pilot.clock.advance(by: 0.2)
        await f.pilot.drag(to: Point(x: 10, y: midway + 1))
        #expect(toast.displayedFrame.minY == midway + 1, "it continues from where it was")
    }

    @Test func aModalCannotBeDraggedAway() async {
        let f = StackFixture()
        let modal = FullScreenPresentationController(presentedView: Label("modal"))
        f.scene.present(modal, from: f.pane)
        await f.pilot.settle()
        await drag(f, from: Point(x: 10, y: 2), rows: [10, 20], step: 0.05)
        await f.pilot.mouseUp(at: Point(x: 10, y: 20))
        await f.pilot.settle()
        #expect(modal.state == .presented)
    }
}
