import Curtain
import PropertyBased
import Testing

import CurtainPlatform

/// Steps a spring frame by frame on a manual clock, the way the presentation layer drives it.
private struct SpringRig {
    let clock = ManualClock()
    var spring: SpringAnimation
    let dt: Double

    init(value: Double, spring: Spring = .critical, dt: Double = FramePacing.interval) {
        self.spring = SpringAnimation(value: value, spring: spring)
        self.dt = dt
        self.spring.step(to: clock.now)  // anchor
    }

    mutating func frame() {
        clock.advance(by: dt)
        spring.step(to: clock.now)
    }
}

/// An independent reference: RK4 integration of x'' = −2ζω₀x' − ω₀²x with a tiny step.
private func integrate(x0: Double, v0: Double, zeta: Double, response: Double, duration: Double) -> (Double, Double) {
    let omega = 2 * Double.pi / response
    func acceleration(_ x: Double, _ v: Double) -> Double { -2 * zeta * omega * v - omega * omega * x }
    let steps = 20_000
    let h = duration / Double(steps)
    var x = x0
    var v = v0
    for _ in 0..<steps {
        let k1x = v, k1v = acceleration(x, v)
        let k2x = v + h / 2 * k1v, k2v = acceleration(x + h / 2 * k1x, v + h / 2 * k1v)
        let k3x = v + h / 2 * k2v, k3v = acceleration(x + h / 2 * k2x, v + h / 2 * k2v)
        let k4x = v + h * k3v, k4v = acceleration(x + h * k3x, v + h * k3v)
        x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
        v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return (x, v)
}

@Suite("Springs")
struct AnimationSpringTests {
    static let omega = 2 * Double.pi / Spring.critical.response

    @Test func startsAtRestOnItsValue() {
        let spring = SpringAnimation(value: 7, spring: .critical)
        #expect(spring.value == 7)
        #expect(spring.target == 7)
        #expect(spring.velocity == 0)
        #expect(spring.isSettled)
        #expect(spring.time == nil)
        #expect(Spring.critical == Spring(dampingRatio: 1, response: 0.3))
    }

    @Test func criticallyDampedMatchesTheClosedForm() {
        var rig = SpringRig(value: 0)
        rig.spring.retarget(10, at: rig.clock.now)
        for frame in 1...20 {
            rig.frame()
            let t = Double(frame) * rig.dt
            // x(t) = (x0 + ω0·x0·t)·e^{−ω0 t} from rest, x0 = −10.
            let expected = 10 + (-10 - Self.omega * 10 * t) * exp(-Self.omega * t)
            #expect(abs(rig.spring.value - expected) < 1e-9, "frame \(frame)")
        }
    }

    @Test(arguments: [0.2, 0.5, 0.9, 1.0, 1.5, 3.0])
    func matchesNumericalIntegration(zeta: Double) {
        // A moving start exercises both coefficients of every regime.
        var rig = SpringRig(value: 0, spring: Spring(dampingRatio: zeta, response: 0.4))
        rig.spring.retarget(12)
        rig.frame()  // now moving
        let x0 = rig.spring.value - 12
        let v0 = rig.spring.velocity
        let start = rig.clock.now
        rig.clock.advance(by: 0.2)
        rig.spring.step(to: rig.clock.now)
        let (x, v) = integrate(x0: x0, v0: v0, zeta: zeta, response: 0.4, duration: rig.clock.now - start)
        #expect(abs(rig.spring.value - (12 + x)) < 1e-6)
        #expect(abs(rig.spring.velocity - v) < 1e-5)
    }

    @Test func underdampedSpringsOvershootByDesign() {
        var rig = SpringRig(value: 0, spring: Spring(dampingRatio: 0.3, response: 0.3))
        rig.spring.retarget(10)
        var highest = 0.0
        for _ in 0..<120 {
            rig.frame()
            highest = max(highest, rig.spring.value)
        }
        #expect(highest > 10.5)
    }

    @Test func criticallyDampedFromRestNeverOvershootsAndIsMonotone() async {
        await propertyCheck(count: 200, input: Gen.double(in: -500...500), Gen.double(in: -500...500)) { start, target in
            var rig = SpringRig(value: start)
            rig.spring.retarget(target)
            var previous = start
            for _ in 0..<180 {
                rig.frame()
                let value = rig.spring.value
                if target >= start {
                    #expect(value >= previous && value <= target)
                } else {
                    #expect(value <= previous && value >= target)
                }
                previous = value
            }
            #expect(rig.spring.isSettled)
            #expect(rig.spring.value == target)
        }
    }

    @Test(arguments: [1.0, 10, 100, 1000])
    func settlesWithinTwoSeconds(distance: Double) {
        var rig = SpringRig(value: 0)
        rig.spring.retarget(distance)
        var frames = 0
        while !rig.spring.isSettled && frames < 1000 {
            rig.frame()
            frames += 1
        }
        #expect(Double(frames) * rig.dt < 0.9)
        #expect(rig.spring.value == distance)
        #expect(rig.spring.velocity == 0)
    }

    @Test func settlesOnlyInsideTheTolerances() {
        var rig = SpringRig(value: 0)
        rig.spring.retarget(50)
        while !rig.spring.isSettled {
            let distance = abs(rig.spring.value - rig.spring.target)
            rig.frame()
            if !rig.spring.isSettled {
                continue
            }
            // The frame that settled came from a state that was about to be within tolerance;
            // the snap itself is never more than the distance left.
            #expect(distance < 1)
        }
        #expect(SpringAnimation.positionTolerance == 0.01)
        #expect(SpringAnimation.velocityTolerance == 0.01)
    }

    @Test(arguments: [0.3, 1.0, 2.5])
    func oneLongStepEqualsManyShortOnes(zeta: Double) async {
        await propertyCheck(count: 100, input: Gen.double(in: -200...200), Gen.double(in: 0.05...1)) { target, response in
            let spring = Spring(dampingRatio: zeta, response: response)
            var coarse = SpringAnimation(value: 0, spring: spring)
            var fine = coarse
            coarse.retarget(target, at: 0)
            fine.retarget(target, at: 0)
            coarse.step(to: 0.1)
            for i in 1...10 { fine.step(to: Double(i) * 0.01) }
            #expect(abs(coarse.value - fine.value) < 1e-9 * max(1, abs(target)))
            #expect(abs(coarse.velocity - fine.velocity) < 1e-8 * max(1, abs(target)))
        }
    }

    @Test func hugeStepsAreStable() {
        // A stalled frame (seconds long) must land on the target, not explode as Euler would.
        for zeta in [0.1, 1.0, 5.0] {
            var spring = SpringAnimation(value: 0, spring: Spring(dampingRatio: zeta, response: 0.3))
            spring.retarget(40, at: 0)
            spring.step(to: 1000)
            #expect(spring.value == 40)
            #expect(spring.velocity == 0)
            // The step started at rest, so the drawn cells may move only one cell in it; they
            // then catch up a cell or more per step rather than jumping.
            #expect(spring.cells == 1)
            var time = 1000.0
            var previous = spring.cells
            while !spring.isSettled && time < 1002 {
                time += FramePacing.interval
                spring.step(to: time)
                #expect(spring.cells - previous == 1)
                previous = spring.cells
            }
            #expect(spring.isSettled)
            #expect(spring.cells == 40)
        }
    }

    @Test func retargetKeepsValueAndVelocityWhenHeadingTheSameWay() {
        var rig = SpringRig(value: 10)
        rig.spring.retarget(11)  // a line added
        for _ in 0..<5 { rig.frame() }
        let value = rig.spring.value
        let velocity = rig.spring.velocity
        #expect(velocity > 0)
        rig.spring.retarget(12)  // another line, mid-animation
        #expect(rig.spring.value == value)
        #expect(rig.spring.velocity == velocity)
        #expect(rig.spring.target == 12)
        rig.frame()
        // It carries on from where it was, with no jump.
        #expect(rig.spring.value > value)
        #expect(rig.spring.value - value <= velocity * rig.dt + 0.5 * Self.omega * Self.omega * (12 - value) * rig.dt * rig.dt + 1e-9)
    }

    @Test func retargetAgainstTheMotionTurnsAroundWithoutOvershoot() {
        var rig = SpringRig(value: 10)
        rig.spring.retarget(20)
        for _ in 0..<6 { rig.frame() }
        let value = rig.spring.value
        #expect(rig.spring.velocity > 0)
        rig.spring.retarget(value - 3)  // now shrinking: the growth stops, no coasting away
        #expect(rig.spring.value == value)
        #expect(rig.spring.velocity == 0)
        var previous = value
        for _ in 0..<120 {
            rig.frame()
            #expect(rig.spring.value <= previous)
            #expect(rig.spring.value >= value - 3)
            previous = rig.spring.value
        }
        #expect(rig.spring.isSettled)
    }

    @Test func retargetCloseAheadLimitsTheApproachSpeed() {
        var rig = SpringRig(value: 0)
        rig.spring.retarget(100)
        for _ in 0..<8 { rig.frame() }
        let value = rig.spring.value
        let fast = rig.spring.velocity
        let newTarget = value + 1  // one cell ahead while moving fast
        #expect(fast > Self.omega * 1)
        rig.spring.retarget(newTarget)
        #expect(rig.spring.value == value)
        #expect(abs(rig.spring.velocity - Self.omega * 1) < 1e-9)
        for _ in 0..<120 {
            rig.frame()
            #expect(rig.spring.value <= newTarget)
        }
        #expect(rig.spring.value == newTarget)
    }

    @Test func retargetOntoTheCurrentValueStops() {
        var rig = SpringRig(value: 0)
        rig.spring.retarget(30)
        for _ in 0..<5 { rig.frame() }
        rig.spring.retarget(rig.spring.value)
        #expect(rig.spring.isSettled)
    }

    /// The guarantees of the type's documentation, checked on random sequences of retargets at
    /// random frames, stepping a manual clock at 60 fps.
    @Test func randomRetargetsKeepTheGuarantees() async {
        let omega = Self.omega
        await propertyCheck(
            count: 300,
            input: Gen.int(in: -300...300), Gen.int(in: -300...300).array(of: 1...8), Gen.int(in: 0...40).array(of: 8)
        ) { start, targets, gaps in
            var rig = SpringRig(value: Double(start))
            let dt = rig.dt
            for (index, target) in targets.enumerated() {
                let before = rig.spring.value
                rig.spring.retarget(Double(target))
                #expect(rig.spring.value == before, "retarget must not move the value")
                let isLast = index == targets.count - 1
                let frames = isLast ? 120 : gaps[index]
                for _ in 0..<frames {
                    let value = rig.spring.value
                    let velocity = rig.spring.velocity
                    let distance = value - rig.spring.target
                    rig.frame()
                    let next = rig.spring.value
                    let step = abs(next - value)
                    // (a) no jump.
                    let bound = abs(velocity) * dt + 0.5 * omega * omega * abs(distance) * dt * dt
                        + SpringAnimation.positionTolerance + 1e-9
                    #expect(step <= bound)
                    #expect(step <= abs(distance) + 1e-9)
                    // (b) monotone toward the current target, never crossing it.
                    if distance > 0 {
                        #expect(next <= value && next >= rig.spring.target)
                    } else if distance < 0 {
                        #expect(next >= value && next <= rig.spring.target)
                    } else {
                        #expect(next == value)
                    }
                }
            }
            // (c) settled within 2 s of the last retarget, exactly on it.
            #expect(rig.spring.isSettled)
            #expect(rig.spring.value == Double(targets.last!))
        }
    }

    /// The wording, in rows: lines added or removed one change at a time, mid-animation;
    /// from one frame to the next the height in rows changes by at most |v|·Δt + 1.
    @Test func lineByLineChangesMoveAtMostOneRowBeyondTheVelocity() async {
        await propertyCheck(
            count: 300,
            input: Gen.int(in: 1...30), Gen.int(in: -3...3).array(of: 1...10), Gen.int(in: 1...30).array(of: 10)
        ) { start, changes, gaps in
            var rig = SpringRig(value: Double(start))
            var target = start
            for (index, change) in changes.enumerated() {
                target = max(1, target + change)
                rig.spring.retarget(Double(target))
                let frames = index == changes.count - 1 ? 120 : gaps[index]
                for _ in 0..<frames {
                    let rows = CellQuantizer.cells(rig.spring.value)
                    let velocity = rig.spring.velocity
                    rig.frame()
                    let change = abs(CellQuantizer.cells(rig.spring.value) - rows)
                    #expect(Double(change) <= abs(velocity) * rig.dt + 1)
                }
            }
            #expect(CellQuantizer.cells(rig.spring.value) == target)
        }
    }

    /// The same wording for changes of any size (a paste of many lines, or a resize): the
    /// rate-limited `cells` keeps it exactly, moves monotonically toward the target's row and
    /// never crosses it, and ends on it.
    @Test func cellsKeepTheRowBoundForAnyChange() async {
        await propertyCheck(
            count: 500,
            input: Gen.int(in: 1...60), Gen.int(in: -40...40).array(of: 1...10), Gen.int(in: 0...30).array(of: 10)
        ) { start, changes, gaps in
            var rig = SpringRig(value: Double(start))
            var target = start
            for (index, change) in changes.enumerated() {
                target = max(1, target + change)
                rig.spring.retarget(Double(target))
                let frames = index == changes.count - 1 ? 150 : gaps[index]
                for _ in 0..<frames {
                    let rows = rig.spring.cells
                    let velocity = rig.spring.velocity
                    rig.frame()
                    let next = rig.spring.cells
                    #expect(Double(abs(next - rows)) <= abs(velocity) * rig.dt + 1)
                    if rows < target {
                        #expect(next >= rows && next <= target)
                    } else if rows > target {
                        #expect(next <= rows && next >= target)
                    } else {
                        #expect(next == rows)
                    }
                }
            }
            #expect(rig.spring.isSettled)
            #expect(rig.spring.cells == target)
        }
    }

    @Test func cellsFollowTheRoundedValueWhenNothingLimitsThem() {
        var rig = SpringRig(value: 4)
        rig.spring.retarget(5, at: rig.clock.now)  // one line added
        #expect(rig.spring.cells == 4)
        for _ in 0..<60 {
            rig.frame()
            #expect(rig.spring.cells == CellQuantizer.cells(rig.spring.value))
        }
        #expect(rig.spring.cells == 5)
        rig.spring.jump(to: 17.6)
        #expect(rig.spring.cells == 18)
    }

    @Test func firstStepAfterRetargetingASettledSpringOnlyAnchorsTime() {
        var spring = SpringAnimation(value: 5, spring: .critical)
        spring.step(to: 1)
        spring.retarget(9)
        #expect(spring.time == nil)
        spring.step(to: 100)  // long idle: nothing is fast-forwarded
        #expect(spring.value == 5)
        #expect(spring.time == 100)
        spring.step(to: 100 + 1.0 / 60)
        #expect(spring.value > 5 && spring.value < 6)
    }

    @Test func retargetAtAnchorsTheMotionAtThatTime() {
        var spring = SpringAnimation(value: 0, spring: .critical)
        spring.retarget(10, at: 3)
        #expect(spring.time == 3)
        spring.step(to: 3.1)
        let expected = 10 + (-10 - Self.omega * 10 * 0.1) * exp(-Self.omega * 0.1)
        #expect(abs(spring.value - expected) < 1e-9)
    }

    @Test func timeGoingBackwardsMovesNothing() {
        var spring = SpringAnimation(value: 0, spring: .critical)
        spring.retarget(10, at: 5)
        spring.step(to: 5.05)
        let value = spring.value
        spring.step(to: 1)
        #expect(spring.value == value)
        #expect(spring.time == 1)
        spring.step(to: 1)
        #expect(spring.value == value)
        spring.step(to: 1.05)
        #expect(spring.value > value)
    }

    @Test func nonFiniteInputsAreIgnored() {
        var spring = SpringAnimation(value: .nan, spring: .critical)
        #expect(spring.value == 0)
        spring.retarget(.nan)
        spring.retarget(.infinity)
        spring.jump(to: -.infinity)
        #expect(spring.target == 0)
        spring.retarget(4, at: 0)
        spring.step(to: .nan)
        spring.step(to: .infinity)
        #expect(spring.value == 0)
        #expect(spring.time == 0)
        spring.step(to: 0.1)
        #expect(spring.value.isFinite && spring.value > 0)
    }

    @Test func jumpLandsAtRest() {
        var rig = SpringRig(value: 0)
        rig.spring.retarget(20)
        for _ in 0..<5 { rig.frame() }
        rig.spring.jump(to: 3)
        #expect(rig.spring.value == 3)
        #expect(rig.spring.target == 3)
        #expect(rig.spring.velocity == 0)
        #expect(rig.spring.isSettled)
        rig.frame()
        #expect(rig.spring.value == 3)
    }

    @Test func instantaneousSpringsLandOnTheNextStep() {
        for response in [0.0, -1, .nan] {
            var spring = SpringAnimation(value: 2, spring: Spring(dampingRatio: 1, response: response))
            spring.retarget(30)
            #expect(spring.value == 2)  // retarget alone never moves
            spring.step(to: 0)  // even the anchoring step lands
            #expect(spring.value == 30)
            #expect(spring.isSettled)
        }
    }

    @Test func degenerateSpringsStillSettle() {
        for spring in [Spring(dampingRatio: 0, response: 0.3), Spring(dampingRatio: -2, response: 0.3),
                       Spring(dampingRatio: .nan, response: 0.3), Spring(dampingRatio: .infinity, response: 0.3),
                       Spring(dampingRatio: 1, response: .infinity)] {
            var animation = SpringAnimation(value: 0, spring: spring)
            animation.retarget(10, at: 0)
            animation.step(to: 1e7)
            #expect(animation.value == 10)
            for frame in 1...20 { animation.step(to: 1e7 + Double(frame)) }
            #expect(animation.isSettled, "\(spring)")
        }
        #expect(Spring(dampingRatio: .nan).effectiveDampingRatio == 1)
        #expect(Spring(dampingRatio: 0).effectiveDampingRatio == Spring.dampingRatioRange.lowerBound)
    }

    @Test func changingTheSpringMidFlightKeepsTheValue() {
        var rig = SpringRig(value: 0)
        rig.spring.retarget(40)
        for _ in 0..<4 { rig.frame() }
        let value = rig.spring.value
        let velocity = rig.spring.velocity
        rig.spring.spring = Spring(dampingRatio: 1, response: 0.15)
        #expect(rig.spring.value == value)
        #expect(rig.spring.velocity == velocity)  // within the faster spring's limit
        rig.spring.spring = Spring(dampingRatio: 1, response: 3)
        #expect(rig.spring.value == value)
        // Slower spring: the approach speed is limited so it still cannot overshoot.
        #expect(abs(rig.spring.velocity - 2 * Double.pi / 3 * (40 - value)) < 1e-9)
    }
}
