/// A value animated toward a target by a damped spring; retargetable mid-flight with no jump.
///
/// Values are in cells (a presentation's height, an offset); draw with `cells`, the value in
/// whole cells. Time is injected: call `step(to:)` with the clock's `now` every frame until
/// `isSettled`, and prefer `retarget(_:at:)` when the time of a change is known.
///
/// ## Guarantees
///
/// - **No jump.** `retarget(_:)` never changes `value`; only `step(to:)` moves it, along the
///   closed-form solution of the spring (exact for any frame length: one step of 0.1 s and ten
///   of 0.01 s agree up to rounding).
/// - **Monotone, no overshoot (dampingRatio ≥ 1).** After every retarget the value moves
///   monotonically toward the *current* target and never crosses it. To make that hold even
///   when the spring is moving when retargeted, `retarget` keeps the velocity only as far as
///   it is compatible with that: a velocity pointing away from the new target is set to 0 (the
///   value turns around at once instead of coasting away first), and a velocity toward it is
///   limited to ω₀(ζ + √(ζ² − 1)) × distance (ω₀ × distance when critical), the fastest
///   approach that does not overshoot. A velocity already within those limits — the usual case
///   of a second line added while the first is still animating — is kept exactly. The
///   position never changes on retarget, so there is still no jump.
/// - **Bounded frame-to-frame change (dampingRatio = 1).** With x the distance to the target
///   and v the velocity before a step of Δt seconds, the value changes by at most
///   |v|·Δt + ½·ω₀²·|x|·Δt² + `positionTolerance`. The middle term is the spring's
///   acceleration from rest (at 60 fps and 0.3 s it is 0.061·|x|, under one cell for any
///   change under 16 cells); the last is the final settling snap. It also never moves by more
///   than |x|.
/// - **Rows: `cells`.** The value rounded to whole cells is what a terminal shows, and rounding
///   adds up to a cell of its own to any frame-to-frame change. `cells` is that rounding,
///   rate-limited so that from one step to the next it changes by at most ⌊|v|·Δt⌋ + 1 cells
///   (v the velocity before the step) — the "at most |v|·Δt + 1 rows" — whatever the
///   distance. For dampingRatio ≥ 1 it also moves monotonically toward the target's cell and
///   never crosses it, even when retargeted while it lags behind the value. Draw with `cells`.
///   The price is a lag of a cell or so while a large change accelerates, and after a long
///   stall that started at rest, a catch-up of at least one cell per step instead of a jump.
/// - **Settles.** When the value is within `positionTolerance` cells of the target and the
///   speed is below `velocityTolerance` cells per second, the spring snaps exactly onto the
///   target with velocity 0 and `isSettled` becomes true. For ζ = 1 and 0.3 s this takes under
///   0.9 s for any distance up to 1000 cells.
/// - Below ζ = 1 the spring bounces by design: retargeting keeps the velocity as is.
///
/// Non-finite values, targets and times are ignored, so the state is always finite.
public struct SpringAnimation: Sendable {
    /// Distance to the target, in cells, below which the spring may settle. A hundredth of a
    /// cell can never change which cell a value rounds to by itself.
    public static let positionTolerance: Double = 0.01
    /// Speed, in cells per second, below which the spring may settle.
    public static let velocityTolerance: Double = 0.01

    /// The spring driving the motion. Changing it mid-flight keeps value and velocity, limited
    /// as on retarget so the no-overshoot guarantee holds for the new spring.
    public var spring: Spring {
        didSet {
            oscillator = Self.oscillator(for: spring)
            constrainVelocity()
        }
    }

    /// The current value, in cells.
    public private(set) var value: Double
    /// The current velocity, in cells per second.
    public private(set) var velocity: Double
    /// Where the spring is heading.
    public private(set) var target: Double
    /// The value in whole cells, for drawing: `CellQuantizer.cells(value)`, except that it
    /// follows at a bounded rate and does not cross the target's cell (see the guarantees).
    /// Equal to `CellQuantizer.cells(target)` once settled.
    public private(set) var cells: Int
    /// The time of the last `step(to:)`, or `nil` when the next step only anchors time (after
    /// creation, and after retargeting a settled spring).
    public private(set) var time: Double?

    /// `nil` for an instantaneous spring (response ≤ 0): it reaches the target on the next step.
    private var oscillator: DampedOscillator?

    /// A spring at rest at `value` (a non-finite value reads as 0).
    public init(value: Double, spring: Spring) {
        let start = value.isFinite ? value : 0
        self.value = start
        self.target = start
        self.velocity = 0
        self.cells = CellQuantizer.cells(start)
        self.time = nil
        self.spring = spring
        self.oscillator = Self.oscillator(for: spring)
    }

    /// A spring leaving `value` at `velocity` (cells per second) for `target`, from `time`: a
    /// released drag springing back with the speed the pointer had. For springs that do not
    /// bounce the velocity is limited as on retarget (no overshoot); bouncing springs keep it.
    public init(value: Double, velocity: Double, target: Double, spring: Spring, at time: Double) {
        self.init(value: value, spring: spring)
        self.velocity = velocity.isFinite ? velocity : 0
        self.target = target.isFinite ? target : self.value
        self.time = time.isFinite ? time : nil
        constrainVelocity()
    }

    /// True when the value rests exactly on the target and `cells` shows it: until then, keep
    /// stepping.
    public var isSettled: Bool {
        value == target && velocity == 0 && cells == CellQuantizer.cells(target)
    }

    /// Heads for `target` from the current value and velocity (see the type's guarantees for
    /// how the velocity is limited when the spring does not bounce).
    ///
    /// A settled spring has probably not been stepped for a while, so its last time is stale:
    /// retargeting it drops the time anchor and the motion starts at the next `step(to:)`
    /// instead of being fast-forwarded over the idle period. Use `retarget(_:at:)` to start it
    /// at a known moment. Non-finite targets are ignored.
    public mutating func retarget(_ target: Double) {
        guard target.isFinite else { return }
        if isSettled { time = nil }
        self.target = target
        constrainVelocity()
    }

    /// Steps to `time`, then retargets, with the motion anchored at `time`: the precise form of
    /// `retarget(_:)` for a caller that knows when the change happened.
    public mutating func retarget(_ target: Double, at time: Double) {
        step(to: time)
        retarget(target)
        if time.isFinite { self.time = time }
    }

    /// Places the value on `value` at rest, with the target there too: reduce motion, or a
    /// layout snap (terminal resize) that must not animate. Non-finite values are ignored.
    public mutating func jump(to value: Double) {
        guard value.isFinite else { return }
        self.value = value
        self.target = value
        self.velocity = 0
        self.cells = CellQuantizer.cells(value)
    }

    /// Advances the motion from the last step's time to `time`.
    ///
    /// The first step after creation (or after retargeting a settled spring) only records the
    /// time. A time earlier than the last one is taken as a clock reset: it is recorded and
    /// nothing moves. An instantaneous spring (response ≤ 0, as under reduce motion) lands on
    /// the target at any step.
    public mutating func step(to time: Double) {
        guard time.isFinite else { return }
        let last = self.time
        self.time = time
        guard let oscillator else {
            value = target
            velocity = 0
            cells = CellQuantizer.cells(target)
            return
        }
        guard let last, time > last, !isSettled else { return }
        let allowance = Self.cellAllowance(velocity: velocity, duration: time - last)

        let start = value - target
        var (displacement, speed) = oscillator.advance(displacement: start, velocity: velocity, by: time - last)
        if oscillator.approachRateLimit != nil {
            // The closed form keeps these bounds exactly; rounding may not, by a last bit.
            // Clamping keeps the documented monotonicity true in floating point too.
            if start > 0 {
                displacement = min(max(displacement, 0), start)
                speed = min(speed, 0)
            } else if start < 0 {
                displacement = max(min(displacement, 0), start)
                speed = max(speed, 0)
            } else {
                displacement = 0
                speed = 0
            }
        }
        if abs(displacement) < Self.positionTolerance, abs(speed) < Self.velocityTolerance {
            value = target
            velocity = 0
        } else {
            value = target + displacement
            velocity = speed
        }
        cells = nextCells(allowance: allowance, holdsAtTarget: oscillator.approachRateLimit != nil)
    }

    /// ⌊|v|·Δt⌋ + 1: how many cells `cells` may move in a step that starts at velocity v.
    private static func cellAllowance(velocity: Double, duration: Double) -> Int {
        let allowance = (abs(velocity) * duration).rounded(.down) + 1
        return allowance < Double(CellQuantizer.limit) ? Int(allowance) : CellQuantizer.limit
    }

    /// `cells` moved toward the rounded value by at most `allowance`. When the spring does not
    /// bounce, it also never moves away from the target's cell nor past it: after a retarget
    /// it may lag on the target's side of the value, and then it waits there for the value.
    private func nextCells(allowance: Int, holdsAtTarget: Bool) -> Int {
        let desired = CellQuantizer.cells(value)
        guard holdsAtTarget else {
            return cells + min(max(desired - cells, -allowance), allowance)
        }
        let goal = CellQuantizer.cells(target)
        if cells < goal {
            return cells + min(max(min(desired, goal) - cells, 0), allowance)
        } else if cells > goal {
            return cells - min(max(cells - max(desired, goal), 0), allowance)
        }
        return cells
    }

    /// Limits the velocity to what reaches the target monotonically without overshoot, for
    /// springs that do not bounce. Never touches the position.
    private mutating func constrainVelocity() {
        guard let limit = oscillator?.approachRateLimit else { return }
        let distance = value - target
        if distance > 0 {
            velocity = min(max(velocity, -limit * distance), 0)
        } else if distance < 0 {
            velocity = max(min(velocity, -limit * distance), 0)
        } else {
            velocity = 0
        }
    }

    private static func oscillator(for spring: Spring) -> DampedOscillator? {
        guard let omega = spring.angularFrequency else { return nil }
        return DampedOscillator(angularFrequency: omega, dampingRatio: spring.effectiveDampingRatio)
    }
}
