import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

@MainActor
@Suite struct SlideInTests {
    @Test func toastSlidesUpMonotonicallyInsideItsContextWhileTheDimRises() {
        let f = Fixture()
        let before = f.screen
        let pane = f.root.panes[0].frame
        let (controller, _) = f.presentToast(in: 0)
        var lastTop = Int.max
        var lastDim = 0.0
        var frames = 0
        var sawPartial = false
        for _ in 0..<60 {
            guard let frame = f.step() else { continue }
            frames += 1
            let shown = controller.displayedFrame
            #expect(shown.minY <= lastTop, "top row moves up monotonically")
            lastTop = shown.minY
            #expect(controller.displayedDim >= lastDim, "dim rises monotonically")
            lastDim = controller.displayedDim
            // Nothing outside the pane changes, except nothing at all.
            for y in 0..<frame.size.height {
                for x in 0..<frame.size.width where !pane.contains(Point(x: x, y: y)) {
                    #expect(frame[x, y] == before[x, y], "cell (\(x), \(y)) outside the context changed")
                }
            }
            // Cells beneath, away from the toast, never get brighter; the toast's own cells are not dimmed.
            let probe = Point(x: pane.minX + 1, y: pane.minY + 1)
            #expect(brightness(frame[probe.x, probe.y]) <= brightness(before[probe.x, probe.y]))
            if let box = findBox(in: frame, within: pane.insetBy(dx: 1, dy: 1)) {
                #expect(!frame[box.minX, box.maxY - 1].style.attributes.contains(.dim))
            } else if shown.minY < pane.maxY - 1 {
                sawPartial = true
            }
        }
        #expect(frames >= 4, "the slide takes several frames")
        #expect(sawPartial, "the toast is clipped by its context while it moves")
        #expect(controller.state == .presented)
        #expect(lastTop == controller.frameOfPresentedView.minY)
        #expect(lastDim == controller.dimmingStrength)
        let probe = Point(x: pane.minX + 1, y: pane.minY + 1)
        #expect(brightness(f.screen[probe.x, probe.y]) < brightness(before[probe.x, probe.y]), "the pane is darker")
    }

    @Test func dimReachesItsTargetInAtMostFourVisibleSteps() {
        let f = Fixture()
        let (controller, _) = f.presentToast(in: 0)
        var levels: [Double] = [0]
        for _ in 0..<60 {
            f.step()
            if controller.displayedDim != levels.last { levels.append(controller.displayedDim) }
        }
        #expect(levels.count - 1 <= 4)
        #expect(levels.last == controller.dimmingStrength)
    }

    /// The dim takes as many steps as the screen can show apart — three in
    /// 24-bit colour, two in the 256-colour palette (each step repaints the dimmed area: four
    /// cost a toast over the demo's colour pane 41 bytes a changed cell), one where a dim is a
    /// palette step or the faint attribute — and rests at the same cells whatever the count.
    @Test(arguments: [(ColorDepth.trueColor, 3), (.indexed256, 2), (.ansi16, 1), (.ansi8, 1), (.monochrome, 1)])
    func dimTakesTheStepsTheScreenCanShowAndRestsAtItsStrength(depth: ColorDepth, steps: Int) {
        let f = Fixture()
        f.scene.theme = .standard(for: TerminalAppearance(colorDepth: depth))
        f.scene.renderFrame()
        let before = f.screen
        let pane = f.root.panes[0].frame
        let probe = Point(x: pane.minX + 1, y: pane.minY + 1)
        let (controller, _) = f.presentToast(in: 0)
        var levels: [Double] = []
        var probeChanges = 0
        var shown = before[probe.x, probe.y]
        for _ in 0..<60 {
            guard let frame = f.step() else { continue }
            if controller.displayedDim > 0, controller.displayedDim != levels.last { levels.append(controller.displayedDim) }
            if frame[probe.x, probe.y] != shown { probeChanges += 1; shown = frame[probe.x, probe.y] }
        }
        #expect(levels.count == steps)
        #expect(levels.last == controller.dimmingStrength)
        #expect(probeChanges == steps, "a cell beside the toast is drawn once per step")
        var rested = before[probe.x, probe.y]
        rested.style = rested.style.dimmed(by: controller.dimmingStrength, method: f.scene.theme.dimMethod)
        #expect(f.screen[probe.x, probe.y] == rested)
    }

    /// The dim leaves in the dismissal's first frame and the content slides away over
    /// the undimmed screen, so each cell the content uncovers is drawn once (not once per dim
    /// step): a modal's dismissal at 80×24 went from 37 to 17 KB.
    @Test func dismissalRemovesTheDimInItsFirstFrame() {
        let f = Fixture()
        let before = f.screen
        let pane = f.root.panes[0].frame
        let (controller, _) = f.presentToast(in: 0)
        f.settle()
        #expect(controller.displayedDim == controller.dimmingStrength)
        f.scene.dismiss(controller)
        _ = f.step()
        #expect(controller.state == .dismissing, "still sliding out")
        #expect(controller.displayedDim == 0)
        let probe = Point(x: pane.minX + 1, y: pane.minY + 1)
        #expect(f.screen[probe.x, probe.y] == before[probe.x, probe.y], "the pane is as bright as before")
        // Presented again while leaving: the dim comes back with the slide.
        f.scene.present(controller, from: f.root.panes[0])
        f.settle()
        #expect(controller.displayedDim == controller.dimmingStrength)
    }

    @Test func dismissalDuringSlideInReversesFromWhereItIs() {
        let f = Fixture()
        let (controller, _) = f.presentToast(in: 0)
        for _ in 0..<8 { f.step() }
        let midway = controller.displayedFrame.minY
        #expect(midway > controller.frameOfPresentedView.minY, "still sliding")
        f.scene.dismiss(controller)
        f.step()
        let after = controller.displayedFrame.minY
        #expect(after >= midway && after - midway <= 2, "continues from where it was, no jump")
        f.settle()
        #expect(controller.state == .dismissed)
        #expect(f.scene.presentations.isEmpty)
    }

    @Test func reduceMotionShowsTheFinalStateInOneFrame() {
        let f = Fixture(motion: MotionSettings(reduceMotion: true))
        let (controller, _) = f.presentToast(in: 0)
        let first = f.step()
        #expect(first != nil)
        #expect(controller.displayedFrame == controller.frameOfPresentedView)
        #expect(controller.displayedDim == controller.dimmingStrength, "dim still applies")
        #expect(f.step() == nil, "nothing left to draw")
    }

    @Test func lifecycleCallbacksComeInOrder() {
        final class Recording: ToastPresentationController {
            var events: [String] = []
            override func presentationTransitionWillBegin() { events.append("willPresent") }
            override func presentationTransitionDidEnd(_ completed: Bool) { events.append("didPresent \(completed)") }
            override func dismissalTransitionWillBegin() { events.append("willDismiss") }
            override func dismissalTransitionDidEnd(_ completed: Bool) { events.append("didDismiss \(completed)") }
        }
        let f = Fixture()
        let controller = Recording(presentedView: TextToastView())
        f.scene.present(controller, from: f.root.panes[0])
        f.settle()
        f.scene.dismiss(controller)
        f.step()
        f.scene.present(controller, from: f.root.panes[0])   // cancels the dismissal
        f.settle()
        f.scene.dismiss(controller)
        f.settle()
        #expect(controller.events == ["willPresent", "didPresent true", "willDismiss", "didDismiss false",
                                      "willPresent", "didPresent true", "willDismiss", "didDismiss true"])
    }

    @Test func nothingIsProducedWhenNothingChanges() {
        let f = Fixture()
        f.presentToast(in: 0)
        f.settle()
        for _ in 0..<10 { #expect(f.step() == nil) }
        #expect(f.scene.nextFrameTime == nil, "idle: sleep until input")
    }
}
