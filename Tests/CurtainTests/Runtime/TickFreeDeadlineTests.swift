import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// What a run that shows only its last frame may jump over: the ticks of repeating timers
/// (they keep their rhythm and fire once when late), never a notification's time running out
/// or a one-shot timer, which would happen late and show late in every later frame.
@MainActor
@Suite struct TickFreeDeadlineTests {
    let clock = ManualClock()
    let scene: Scene

    init() {
        scene = Scene(root: View(), size: Size(width: 40, height: 10), clock: clock)
        scene.renderFrame()
    }

    /// Steps frames until nothing moves (the notification's slide in).
    private func settle() {
        while scene.isAnimating, let next = scene.nextFrameTime {
            clock.set(next)
            scene.renderFrame()
        }
    }

    @Test func aNotificationsTimeIsADeadlineEvenWhenTheClockTicksAreLeftOut() {
        scene.scheduleTimer(after: 1, repeatingEvery: 1) {}
        let notification = scene.notify("Saved", duration: 4)
        settle()
        #expect(notification.state == .presented)
        #expect(scene.nextFrameTime == 1, "every tick wakes a run that shows every frame")
        #expect(scene.nextFrameTime(leavingOutRepeatingTimers: true) == 4, "presented at 0, gone at 4")
        scene.scheduleTimer(after: 2) {}   // a one-shot, due at clock.now + 2
        #expect(scene.nextFrameTime(leavingOutRepeatingTimers: true) == clock.now + 2)
    }

    @Test func ticksAloneLeaveNothingToWakeFor() {
        scene.scheduleTimer(after: 1, repeatingEvery: 1) {}
        #expect(scene.nextFrameTime == 1)
        #expect(scene.nextFrameTime(leavingOutRepeatingTimers: true) == nil)
    }

    /// The app's loop deadline without ticks: the notification's, and a task's sleep on the
    /// manual clock.
    @Test func theLoopDeadlineWithoutTicksKeepsTheNotificationAndSleepers() async {
        let pane = View()
        let app = App(root: pane, clock: clock)
        let pilot = Pilot(app, size: Size(width: 40, height: 10))
        app.scene.scheduleTimer(after: 1, repeatingEvery: 1) {}
        app.scene.notify("Saved", duration: 4)
        await pilot.settle()
        let start = clock.now
        #expect(app.loopDeadline() == 1)
        #expect(app.loopDeadline(leavingOutRepeatingTimers: true) == 4)
        let clock = self.clock
        _ = pane.task { try await clock.sleep(seconds: 2) }
        await pilot.advance(by: 0)
        #expect(app.loopDeadline(leavingOutRepeatingTimers: true) == start + 2)
    }
}
