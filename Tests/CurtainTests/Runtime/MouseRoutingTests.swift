import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

/// Presses, drags, releases and wheel turns go to the right view.
@MainActor
@Suite struct MouseRoutingTests {
    let log = EventLog()
    let clock = ManualClock()
    let root: Probe
    let left: Probe
    let right: Probe
    let slider: Probe
    let scene: Scene

    init() {
        root = Probe("root", log: log)
        left = root.place(Probe("left", focusable: true, log: log), Rect(x: 0, y: 0, width: 40, height: 20))
        right = root.place(Probe("right", focusable: true, log: log), Rect(x: 40, y: 0, width: 40, height: 20))
        left.definesPresentationContext = true
        right.definesPresentationContext = true
        slider = left.place(Probe("slider", log: log), Rect(x: 2, y: 2, width: 10, height: 1))
        scene = Scene(root: root, size: Size(width: 80, height: 24), clock: clock)
        scene.renderFrame()
    }

    func press(_ x: Int, _ y: Int) -> Bool { scene.handle(.mouse(MouseEvent(.press, at: Point(x: x, y: y)))) }

    @Test func aPressGoesToTheTopMostViewAndFocusesTheNearestFocusableOne() {
        _ = press(5, 2)
        #expect(log.take() == ["slider: press 5,2", "left: press 5,2", "root: press 5,2"])
        #expect(scene.focusedView === left, "the slider cannot take focus; its pane can")
        _ = press(50, 5)
        #expect(scene.focusedView === right)
    }

    @Test func theViewThatTookThePressGetsTheDragsAndTheReleaseWherever() {
        slider.handlesMouse = true
        _ = press(5, 2)
        scene.handle(.mouse(MouseEvent(.drag, at: Point(x: 60, y: 10))))
        scene.handle(.mouse(MouseEvent(.drag, at: Point(x: 70, y: 22))))
        scene.handle(.mouse(MouseEvent(.release, at: Point(x: 75, y: 23))))
        #expect(log.take() == ["slider: press 5,2", "slider: drag 60,10", "slider: drag 70,22", "slider: release 75,23"])
        #expect(scene.handle(.mouse(MouseEvent(.drag, at: Point(x: 5, y: 2)))) == false, "released: nobody is dragging")
        #expect(log.take().isEmpty)
    }

    @Test func wheelTurnsGoToTheViewUnderThePointerAndUp() {
        left.handlesMouse = true
        scene.handle(.mouse(MouseEvent(.scrollDown, button: .none, at: Point(x: 3, y: 2))))
        #expect(log.take() == ["slider: scrollDown 3,2", "left: scrollDown 3,2"])
        #expect(scene.focusedView == nil, "a wheel turn does not move focus")
    }

    @Test func aPressOnPresentedContentGoesToItAndOnTheDimmedAreaDismisses() throws {
        let content = Probe("content", focusable: true, log: log)
        let controller = ProbeController(presentedView: content, log: log)
        scene.present(controller, from: left)
        for _ in 0..<60 { clock.advance(by: 1.0 / 60); scene.renderFrame() }
        let frame = controller.displayedFrame
        _ = press(frame.minX + 1, frame.minY)
        #expect(log.take().first == "content: press \(frame.minX + 1),\(frame.minY)")
        #expect(controller.state == .presented)
        _ = press(50, 5)
        #expect(controller.state == .presented, "another context: passes through")
        #expect(scene.focusedView === right)
        _ = press(1, 1)
        #expect(controller.state == .dismissing, "the dimmed part of its own context dismisses it")
        #expect(log.take().contains("left: press 1,1") == false, "the press did not reach the pane beneath")
    }

    @Test func aPresentationThatDoesNotDimLetsPressesThroughItsContext() {
        let content = Probe("content", log: log)
        let controller = ProbeController(presentedView: content, log: log, dims: false)
        scene.present(controller, from: left)
        for _ in 0..<60 { clock.advance(by: 1.0 / 60); scene.renderFrame() }
        _ = press(1, 1)
        #expect(controller.state == .presented)
        #expect(scene.focusedView === left)
    }

    @Test func aControllerCanLetADimmedAreaPressThrough() {
        final class Keeper: PresentationController {
            override func handlePressOnDimmedArea(at point: Point) -> Bool { false }
        }
        let controller = Keeper(presentedView: Probe("content", log: log))
        scene.present(controller, from: left)
        for _ in 0..<60 { clock.advance(by: 1.0 / 60); scene.renderFrame() }
        _ = press(1, 1)
        #expect(controller.state == .presented)
        #expect(scene.focusedView === left, "the press reached the pane")
    }

    @Test func belowTheMinimumSizeMouseEventsAreDropped() {
        scene.minimumSize = Size(width: 100, height: 30)
        #expect(press(5, 2) == false)
        #expect(log.take().isEmpty)
    }
}
