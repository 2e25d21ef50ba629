import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

@MainActor
@Suite struct TimerTests {
    let clock = ManualClock()
    let scene: Scene

    init() {
        scene = Scene(root: View(), size: Size(width: 10, height: 3), clock: clock)
        scene.renderFrame()
    }

    @Test func aOneShotTimerFiresOnceAtItsTimeAndItsDeadlineWakesTheScene() {
        var fired: [Double] = []
        let timer = scene.scheduleTimer(after: 2) { fired.append(clock.now) }
        #expect(scene.nextFrameTime == 2, "an idle scene wakes for the timer, not before")
        clock.set(1.999)
        scene.renderFrame()
        #expect(fired.isEmpty)
        clock.set(2)
        scene.renderFrame()
        clock.set(10)
        scene.renderFrame()
        #expect(fired == [2])
        #expect(!timer.isActive)
        #expect(scene.nextFrameTime == nil, "nothing left: sleep until input")
    }

    @Test func aRepeatingTimerKeepsItsRhythmAndSkipsWhatItMissed() {
        var fired: [Double] = []
        scene.scheduleTimer(after: 1, repeatingEvery: 1) { fired.append(clock.now) }
        for time in [1.0, 1.5, 2.0, 3.0] {
            clock.set(time)
            scene.renderFrame()
        }
        #expect(fired == [1, 2, 3])
        clock.set(7.5)   // late by more than four ticks: one firing, then the next tick
        scene.renderFrame()
        #expect(fired == [1, 2, 3, 7.5])
        #expect(scene.nextFrameTime == 8)
    }

    @Test func aCancelledTimerNeverFires() {
        var count = 0
        let timer = scene.scheduleTimer(after: 1, repeatingEvery: 1) { count += 1 }
        clock.set(1)
        scene.renderFrame()
        timer.cancel()
        clock.set(5)
        scene.renderFrame()
        #expect(count == 1)
        #expect(scene.nextFrameTime == nil)
    }

    @Test func timersFireInDeadlineOrder() {
        var order: [String] = []
        scene.scheduleTimer(after: 3) { order.append("c") }
        scene.scheduleTimer(after: 1) { order.append("a") }
        scene.scheduleTimer(after: 2) { order.append("b") }
        clock.set(5)
        scene.renderFrame()
        #expect(order == ["a", "b", "c"])
    }

    /// A frame-rate timer on a clock moved 1/60 s at a time: the clock's sums and the timer's
    /// ticks round differently, and a tick that lands a hair before `now` must not fire again
    /// in the same frame (it used to, forever).
    @Test func aTickThatRoundsBeforeNowFiresOncePerFrame() {
        var count = 0
        var timer: SceneTimer?
        timer = scene.scheduleTimer(after: FramePacing.interval, repeatingEvery: FramePacing.interval) {
            count += 1
            if count > 1_000 { timer?.cancel() }  // the bug looped forever: stop it here instead
        }
        clock.set(1)
        for frame in 1...120 {
            clock.advance(by: FramePacing.interval)
            scene.renderFrame()
            #expect(count <= frame, "frame \(frame)")
        }
        #expect(count >= 119, "about one tick a frame")
        #expect(count <= 120)
    }
}
