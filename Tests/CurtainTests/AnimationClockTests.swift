import Curtain
import Testing

@Suite("Animation clocks")
struct AnimationClockTests {
    @Test func manualClockStartsWhereToldAndMovesOnlyWhenTold() {
        let clock = ManualClock(now: 2.5)
        #expect(clock.now == 2.5)
        #expect(clock.now == 2.5)
        clock.advance(by: 0.25)
        #expect(clock.now == 2.75)
        clock.set(10)
        #expect(clock.now == 10)
        clock.set(1)  // rewinding is allowed through `set`
        #expect(clock.now == 1)
        #expect(ManualClock().now == 0)
    }

    @Test func manualClockIgnoresBackwardAndNonFiniteAdvances() {
        let clock = ManualClock(now: 1)
        clock.advance(by: -0.5)
        clock.advance(by: .nan)
        clock.advance(by: .infinity)
        clock.set(.nan)
        clock.set(-.infinity)
        #expect(clock.now == 1)
        #expect(ManualClock(now: .nan).now == 0)
        #expect(ManualClock(now: .infinity).now == 0)
    }

    @Test func manualClockAdvancesFrameByFrame() {
        let clock = ManualClock()
        for _ in 0..<60 { clock.advance(by: FramePacing.interval) }
        #expect(abs(clock.now - 1) < 1e-12)
    }

    @Test func manualClockIsSharedAcrossTasks() async {
        // Sendable: a clock can be handed to another task (or the main actor) and both see the
        // same time.
        let clock = ManualClock()
        await Task.detached { clock.advance(by: 3) }.value
        #expect(clock.now == 3)
        let seen = await MainActor.run { clock.now }
        #expect(seen == 3)
    }

    @Test func systemClockStartsNearZeroAndNeverGoesBackwards() {
        let clock = SystemClock()
        var previous = clock.now
        #expect(previous >= 0)
        #expect(previous < 60)  // relative to creation, not to boot or the epoch
        for _ in 0..<1000 {
            let reading = clock.now
            #expect(reading >= previous)
            previous = reading
        }
    }

    @Test func clocksAreUsableThroughTheProtocol() {
        let clocks: [any AnimationClock] = [ManualClock(now: 4), SystemClock()]
        #expect(clocks[0].now == 4)
        #expect(clocks[1].now.isFinite)
    }
}
