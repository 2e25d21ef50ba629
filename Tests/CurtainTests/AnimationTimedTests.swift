import Curtain
import PropertyBased
import Testing

@Suite("Timed animations")
struct AnimationTimedTests {
    /// A slide-in: a 5-row toast entering from below the context's edge.
    let slideIn = TimedAnimation(from: 5, to: 0, duration: 0.35, curve: .easeOut, start: 2)

    @Test func holdsFromBeforeTheStartAndLandsExactlyOnTheEnd() {
        #expect(slideIn.value(at: 0) == 5)
        #expect(slideIn.value(at: 2) == 5)
        #expect(slideIn.value(at: 2.35) == 0)
        #expect(slideIn.value(at: 99) == 0)
        #expect(slideIn.end == 2.35)
        // Endpoints that do not add up exactly in floating point still land on `to`.
        let awkward = TimedAnimation(from: 0.1, to: 0.3, duration: 1, curve: .linear, start: 0)
        #expect(awkward.value(at: 1) == 0.3)
    }

    @Test func followsItsCurve() async {
        await propertyCheck(input: Gen.double(in: 0...0.35)) { elapsed in
            let expected = 5 + (0 - 5) * TimingCurve.easeOut.value(at: elapsed / 0.35)
            #expect(abs(slideIn.value(at: 2 + elapsed) - expected) < 1e-12)
        }
    }

    @Test func finishesAtItsEnd() {
        #expect(!slideIn.isFinished(at: 2))
        #expect(!slideIn.isFinished(at: 2.3499))
        #expect(slideIn.isFinished(at: 2.35))
        #expect(slideIn.isFinished(at: 3))
        #expect(!slideIn.isFinished(at: .nan))
    }

    @Test func progressIsClamped() {
        #expect(slideIn.progress(at: 1) == 0)
        #expect(abs(slideIn.progress(at: 2.175) - 0.5) < 1e-12)
        #expect(slideIn.progress(at: 5) == 1)
        #expect(slideIn.progress(at: .nan) == 0)
    }

    @Test func zeroDurationJumpsAtTheStart() {
        for duration in [0.0, -1, .nan] {
            let instant = TimedAnimation(from: 0, to: 1, duration: duration, curve: .easeInOut, start: 4)
            #expect(instant.duration == 0)
            #expect(instant.value(at: 3.9) == 0)
            #expect(instant.value(at: 4) == 1)
            #expect(instant.isFinished(at: 4))
            #expect(instant.velocity(at: 4) == 0)
        }
    }

    @Test func nonFiniteInputsAreMadeTotal() {
        let odd = TimedAnimation(from: .nan, to: .infinity, duration: .infinity, curve: .linear, start: .nan)
        #expect(odd.from == 0 && odd.to == 0 && odd.start == 0)
        #expect(!odd.isFinished(at: 1e12))
        #expect(odd.value(at: 5) == 0)
        #expect(odd.velocity(at: 5) == 0)
        #expect(odd.reversed(at: .nan, to: .nan).value(at: 0) == 0)
    }

    @Test(arguments: TimingCurve.allCases)
    func velocityIsTheDerivative(curve: TimingCurve) async {
        let animation = TimedAnimation(from: -3, to: 17, duration: 0.5, curve: curve, start: 1)
        await propertyCheck(count: 200, input: Gen.double(in: 1.01...1.49)) { time in
            let h = 1e-6
            let numeric = (animation.value(at: time + h) - animation.value(at: time - h)) / (2 * h)
            #expect(abs(animation.velocity(at: time) - numeric) < 1e-3 * max(1, abs(numeric)))
        }
        #expect(animation.velocity(at: 0.5) == 0)
        #expect(animation.velocity(at: 1.5) == 0)
    }

    @Test func reversalContinuesFromTheCurrentValue() async {
        await propertyCheck(count: 300, input: Gen.double(in: 1.9...2.5)) { time in
            let back = slideIn.reversed(at: time, to: 5)
            // No jump: the reversal starts where the slide-in is at that moment.
            #expect(back.start == time)
            #expect(back.from == slideIn.value(at: time))
            #expect(back.value(at: time) == slideIn.value(at: time))
            #expect(back.to == 5)
            #expect(back.curve == slideIn.curve)
            // Same average speed: the time it takes is proportional to the distance left.
            let expected = 0.35 * (5 - slideIn.value(at: time)) / 5
            #expect(abs(back.duration - expected) < 1e-12)
            #expect(back.value(at: back.end) == 5)
        }
    }

    @Test func reversingAQuarterOfTheWayInTakesAQuarterOfTheTime() {
        let linear = TimedAnimation(from: 0, to: 8, duration: 0.4, curve: .linear, start: 0)
        let back = linear.reversed(at: 0.1, to: 0)
        #expect(abs(back.from - 2) < 1e-12)
        #expect(abs(back.duration - 0.1) < 1e-12)
        #expect(abs(back.value(at: 0.15) - 1) < 1e-12)
        #expect(back.isFinished(at: 0.2 + 1e-12))
    }

    @Test func reversalOfAStillAnimationTakesTheWholeDurationOrNone() {
        let still = TimedAnimation(from: 3, to: 3, duration: 0.3, curve: .linear, start: 0)
        #expect(still.reversed(at: 0.1, to: 7).duration == 0.3)
        #expect(still.reversed(at: 0.1, to: 3).duration == 0)
    }
}
