import Curtain
import PropertyBased
import Testing

@Suite("Motion settings, quantisation, pacing")
struct AnimationSettingsTests {
    @Test func speedScalesDurationsAndSpringResponses() {
        let twice = MotionSettings(speed: 2)
        #expect(twice.duration(0.35) == 0.175)
        let spring = twice.spring(Spring(dampingRatio: 0.8, response: 0.3))
        #expect(spring.response == 0.15)
        #expect(spring.dampingRatio == 0.8)
        let normal = MotionSettings()
        #expect(normal.duration(0.35) == 0.35)
        #expect(normal.spring(.critical) == .critical)
        #expect(MotionSettings(speed: 0.5).duration(1) == 2)
    }

    @Test func speedIsClamped() {
        #expect(MotionSettings(speed: 100).speed == 4)
        #expect(MotionSettings(speed: 0).speed == 0.25)
        #expect(MotionSettings(speed: -3).speed == 0.25)
        #expect(MotionSettings(speed: .nan).speed == 1)
        var settings = MotionSettings()
        settings.speed = 9
        #expect(settings.speed == 4)
        settings.speed = .nan
        #expect(settings.speed == 1)
        #expect(MotionSettings(speed: .infinity).duration(1) == 0.25)
    }

    @Test func oddDurationsBecomeZero() {
        let settings = MotionSettings()
        #expect(settings.duration(-1) == 0)
        #expect(settings.duration(.nan) == 0)
    }

    @Test func reduceMotionMakesEverythingArriveAtOnce() {
        let reduced = MotionSettings(reduceMotion: true, speed: 0.5)
        #expect(reduced.duration(0.35) == 0)
        #expect(reduced.spring(.critical).response == 0)

        // Through the animations: the next frame shows the final state.
        let slide = TimedAnimation(from: 5, to: 0, duration: reduced.duration(0.35), curve: .easeOut, start: 1)
        #expect(slide.value(at: 1) == 0)
        #expect(slide.isFinished(at: 1))
        var height = SpringAnimation(value: 3, spring: reduced.spring(.critical))
        height.retarget(9)
        height.step(to: 1)
        #expect(height.value == 9)
        #expect(height.isSettled)
    }

    @Test func reduceMotionKeepsReadingTimeAndSpeedScalesIt() {
        #expect(MotionSettings(reduceMotion: true).readingTime(3) == 3)
        #expect(MotionSettings(reduceMotion: true, speed: 2).readingTime(3) == 1.5)
        #expect(MotionSettings().readingTime(-1) == 0)
        #expect(MotionSettings().readingTime(.nan) == 0)
    }

    @Test func speedChangesTheSpringsPace() {
        // Twice as fast: reaching a given point takes half the time.
        var normal = SpringAnimation(value: 0, spring: .critical)
        var fast = SpringAnimation(value: 0, spring: MotionSettings(speed: 2).spring(.critical))
        normal.retarget(10, at: 0)
        fast.retarget(10, at: 0)
        normal.step(to: 0.2)
        fast.step(to: 0.1)
        #expect(abs(normal.value - fast.value) < 1e-9)
        #expect(normal.value > 0 && normal.value < 10)
    }

    @Test func quantiserRoundsHalvesAwayFromZero() {
        #expect(CellQuantizer.cells(0) == 0)
        #expect(CellQuantizer.cells(0.49) == 0)
        #expect(CellQuantizer.cells(0.5) == 1)
        #expect(CellQuantizer.cells(2.5) == 3)
        #expect(CellQuantizer.cells(-0.5) == -1)
        #expect(CellQuantizer.cells(-2.5) == -3)
        #expect(CellQuantizer.cells(-2.49) == -2)
        #expect(CellQuantizer.cells(7.999) == 8)
    }

    @Test func quantiserIsTotal() {
        #expect(CellQuantizer.cells(.nan) == 0)
        #expect(CellQuantizer.cells(.infinity) == CellQuantizer.limit)
        #expect(CellQuantizer.cells(-.infinity) == -CellQuantizer.limit)
        #expect(CellQuantizer.cells(1e300) == CellQuantizer.limit)
        #expect(CellQuantizer.cells(-1e300) == -CellQuantizer.limit)
        #expect(CellQuantizer.cells(.greatestFiniteMagnitude) == CellQuantizer.limit)
    }

    @Test func quantiserIsNearestAndMonotone() async {
        await propertyCheck(count: 500, input: Gen.double(in: -10_000...10_000), Gen.double(in: -10_000...10_000)) { a, b in
            #expect(abs(Double(CellQuantizer.cells(a)) - a) <= 0.5)
            if a <= b { #expect(CellQuantizer.cells(a) <= CellQuantizer.cells(b)) }
            #expect(CellQuantizer.cells(-a) == -CellQuantizer.cells(a))
        }
    }

    @Test func pacingAsksForFramesOnlyWhileSomethingMoves() {
        #expect(FramePacing.interval == 1.0 / 60.0)
        #expect(FramePacing.nextFrame(after: 10, isAnimating: false) == nil)
        #expect(FramePacing.nextFrame(after: 10, isAnimating: true) == 10 + FramePacing.interval)
        #expect(FramePacing.nextFrame(after: 10, isAnimating: false, deadline: 12) == 12)
        #expect(FramePacing.nextFrame(after: 10, isAnimating: true, deadline: 10.001) == 10.001)
        #expect(FramePacing.nextFrame(after: 10, isAnimating: false, deadline: 9) == 10)
        #expect(FramePacing.nextFrame(after: 10, isAnimating: false, deadline: .nan) == nil)
        #expect(FramePacing.nextFrame(after: 10, isAnimating: true, deadline: .nan) == 10 + FramePacing.interval)
    }

    @Test func pacingConvertsToAnNcursesTimeout() {
        #expect(FramePacing.waitMilliseconds(from: 1, until: nil) == -1)
        #expect(FramePacing.waitMilliseconds(from: 1, until: .nan) == -1)
        #expect(FramePacing.waitMilliseconds(from: 1, until: 0.5) == 0)
        #expect(FramePacing.waitMilliseconds(from: 1, until: 1) == 0)
        #expect(FramePacing.waitMilliseconds(from: 0, until: FramePacing.interval) == 17)
        #expect(FramePacing.waitMilliseconds(from: 0, until: 2) == 2000)
        #expect(FramePacing.waitMilliseconds(from: 0, until: .infinity) == 3_600_000)
        #expect(FramePacing.waitMilliseconds(from: .nan, until: 1) == 0)
    }
}
