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
    /// notifications fold into "+N more" instead (issue 22, item 3).
    @Test func theFocusedToastIsNeverFolded() {
        let f = StackFixture(size: Size(width: 40, height: 16))
        let box = TextToastView(hint: "type here")
        let compose = ToastPresentationController(presentedView: box)
        f.scene.present(compose, from: f.pane)
        f.pilot.settle()
        f.pilot.type("draft")
        for n in 1...5 { f.scene.notify("message \(n)", duration: 60, in: f.pane) }
        f.pilot.settle()
        #expect(f.pilot.text.contains("draft"), "the toast with focus shows:\n\(f.pilot.text)")
        #expect(f.pilot.text.contains("message 5"), "the newest notification shows")
        #expect(f.pilot.text.contains("more"), "older notifications fold")
        #expect(compose.stackVisibility.value == 1)
        f.pilot.type("!")
        #expect(f.pilot.text.contains("draft!"), "keys still reach the toast that is seen")
    }

    @Test func threeToastsStackAgainstTheEdgeNewestNearestIt() {
        let f = StackFixture()
        let a = f.toast("a"), b = f.toast("b"), c = f.toast("c")
        f.pilot.settle()
        // Content area rows 1…22; toasts 3 rows tall, the newest one row above the bottom.
        #expect(c.displayedFrame == Rect(x: 3, y: 19, width: 34, height: 3))
        #expect(b.displayedFrame == Rect(x: 3, y: 16, width: 34, height: 3))
        #expect(a.displayedFrame == Rect(x: 3, y: 13, width: 34, height: 3))
        #expect(f.pilot.lines[17].contains("│ b "))
        #expect(f.pilot.lines[14].contains("│ a "))
    }

    @Test func theMiddleOneLeavesAndTheOthersCloseUpMonotonicallyWithoutOverlap() {
        let f = StackFixture()
        let a = f.toast("a"), b = f.toast("b"), c = f.toast("c")
        f.pilot.settle()
        var tops: [Int] = []
        f.scene.dismiss(b)
        for _ in 0..<60 {
            f.pilot.advance(by: 1.0 / 60)
            let frames = f.visibleFrames
            for (i, x) in frames.enumerated() { for y in frames[(i + 1)...] { #expect(!x.intersects(y), "overlap in a frame") } }
            #expect(c.displayedFrame == Rect(x: 3, y: 19, width: 34, height: 3), "the newest does not move")
            tops.append(a.displayedFrame.minY)
        }
        #expect(zip(tops, tops.dropFirst()).allSatisfy { $0 <= $1 }, "the oldest only moves toward the edge: \(tops)")
        #expect(a.displayedFrame == Rect(x: 3, y: 16, width: 34, height: 3))
        #expect(!f.scene.presentations.contains { $0 === b })
    }

    @Test func beyondThreeTheOldestCollapseIntoAMoreLine() {
        let f = StackFixture()
        for name in ["a", "b", "c", "d", "e"] { f.toast(name) }
        f.pilot.settle()
        #expect(f.pilot.lines.contains { $0.contains("+2 more") })
        #expect(!f.pilot.text.contains("│ a ") && !f.pilot.text.contains("│ b "))
        #expect(f.pilot.text.contains("│ c ") && f.pilot.text.contains("│ e "))
        f.scene.dismiss(f.scene.presentations.last!)
        f.pilot.settle()
        #expect(f.pilot.lines.contains { $0.contains("+1 more") })
        #expect(f.pilot.text.contains("│ b "), "room freed: the next one is back")
    }

    @Test func aStackedToastGrowsAndPushesTheOlderOnesAway() {
        let f = StackFixture()
        let a = f.toast("a")
        let editor = TextToastView()
        let b = ToastPresentationController(presentedView: editor)
        editor.onChange = { [unowned b] in b.updatePresentationLayout(animated: true) }
        f.scene.present(b, from: f.pane)
        f.pilot.settle()
        #expect(a.displayedFrame.maxY == b.displayedFrame.minY)
        editor.insert(contentsOf: "one\ntwo\nthree")
        f.pilot.settle()
        #expect(b.displayedFrame.height == 5)
        #expect(a.displayedFrame.maxY == b.displayedFrame.minY, "the older one sits right above the grown one")
    }

    @Test func oneDimPerContextHoweverManyAreStacked() {
        let f = StackFixture()
        f.toast("a")
        f.pilot.settle()
        let once = f.pilot.cell(x: 1, y: 2).style
        f.toast("b")
        f.toast("c")
        f.pilot.settle()
        #expect(f.pilot.cell(x: 1, y: 2).style == once, "three toasts dim their pane as much as one")
    }

    @Test func underReduceMotionStacksReflowWithoutInBetweenFrames() {
        let f = StackFixture(motion: MotionSettings(reduceMotion: true))
        let a = f.toast("a"), b = f.toast("b")
        f.pilot.settle()
        f.scene.dismiss(b)
        f.pilot.advance(by: 1.0 / 60)
        #expect(a.displayedFrame == Rect(x: 3, y: 19, width: 34, height: 3), "in place at the next frame")
        #expect(!f.scene.isAnimating)
    }
}

@MainActor
@Suite struct DragToDismissTests {
    /// A toast at rest: its top border row and the pilot.
    func toastUp() -> (StackFixture, ToastPresentationController) {
        let f = StackFixture()
        let toast = f.toast("drag me", lines: 2)
        f.pilot.settle()
        return (f, toast)
    }

    func drag(_ f: StackFixture, from start: Point, rows: [Int], step: Double) {
        f.pilot.mouseDown(at: start)
        for y in rows {
            f.pilot.clock.advance(by: step)
            f.pilot.drag(to: Point(x: start.x, y: y))
        }
    }

    @Test func theFrameFollowsThePointerAndPastHalfWayItLeaves() {
        let (f, toast) = toastUp()
        let top = toast.displayedFrame.minY          // 18
        drag(f, from: Point(x: 10, y: top), rows: [top + 1, top + 2, top + 3], step: 0.2)
        #expect(toast.displayedFrame.minY == top + 3, "cell by cell")
        #expect(toast.isBeingDragged)
        f.pilot.clock.advance(by: 0.5)
        f.pilot.mouseUp(at: Point(x: 10, y: top + 3))
        var reason: DismissalReason?
        toast.onDismiss = { reason = $0 }
        f.pilot.settle()
        #expect(reason == .dragged)
    }

    @Test func aShortSlowDragSpringsBack() {
        let (f, toast) = toastUp()
        let rest = toast.displayedFrame
        drag(f, from: Point(x: 10, y: rest.minY), rows: [rest.minY + 1], step: 0.5)
        f.pilot.clock.advance(by: 0.5)
        f.pilot.mouseUp(at: Point(x: 10, y: rest.minY + 1))
        f.pilot.settle()
        #expect(toast.state == .presented)
        #expect(toast.displayedFrame == rest)
    }

    @Test func aFastShortFlickLeaves() {
        let (f, toast) = toastUp()
        let top = toast.displayedFrame.minY
        drag(f, from: Point(x: 10, y: top), rows: [top + 1], step: 0.02)   // 50 rows/s = 1600 pt/s
        f.pilot.mouseUp(at: Point(x: 10, y: top + 1))
        f.pilot.settle()
        #expect(!f.scene.presentations.contains { $0 === toast })
    }

    @Test func theWrongWayMovesLessThanThePointer() {
        let (f, toast) = toastUp()
        let top = toast.displayedFrame.minY
        drag(f, from: Point(x: 10, y: top), rows: [top - 4], step: 0.2)
        let moved = top - toast.displayedFrame.minY
        #expect(moved >= 0 && moved < 2, "a rubber band: \(moved) rows for 4")
        f.pilot.mouseUp(at: Point(x: 10, y: top - 4))
        f.pilot.settle()
        #expect(toast.displayedFrame.minY == top)
    }

    @Test func aToastSpringingBackCanBeGrabbedAgain() {
        let (f, toast) = toastUp()
        let top = toast.displayedFrame.minY
        drag(f, from: Point(x: 10, y: top), rows: [top + 2], step: 0.5)
        f.pilot.clock.advance(by: 0.5)
        f.pilot.mouseUp(at: Point(x: 10, y: top + 2))
        f.pilot.advance(by: 2.0 / 60)
        let midway = toast.displayedFrame.minY
        #expect(midway > top, "still on its way back")
        f.pilot.mouseDown(at: Point(x: 10, y: midway))
        f.pilot.clock.advance(by: 0.2)
        f.pilot.drag(to: Point(x: 10, y: midway + 1))
        #expect(toast.displayedFrame.minY == midway + 1, "it continues from where it was")
    }

    @Test func aModalCannotBeDraggedAway() {
        let f = StackFixture()
        let modal = FullScreenPresentationController(presentedView: Label("modal"))
        f.scene.present(modal, from: f.pane)
        f.pilot.settle()
        drag(f, from: Point(x: 10, y: 2), rows: [10, 20], step: 0.05)
        f.pilot.mouseUp(at: Point(x: 10, y: 20))
        f.pilot.settle()
        #expect(modal.state == .presented)
    }
}
