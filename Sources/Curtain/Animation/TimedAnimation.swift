/// A value moving from one number to another over a fixed duration along a timing curve:
/// the slide-in of a presentation (0.35 s), the fade of a dim layer.
///
/// A value type evaluated at any time, so that a frame can ask where the animation is without
/// mutating it, and a test can ask about any moment.
///
/// Out-of-range inputs are made total: a NaN or negative duration is 0 (the animation is at its
/// end from `start` on), non-finite `from`, `to` or `start` read as 0, and an infinite duration
/// never finishes.
public struct TimedAnimation: Sendable, Equatable {
    /// The value before and at the start.
    public let from: Double
    /// The value from the end on.
    public let to: Double
    /// Seconds, ≥ 0.
    public let duration: Double
    /// How progress maps to the distance covered: eased or linear.
    public let curve: TimingCurve
    /// The clock time at which the animation begins.
    public let start: Double

    /// An animation from `from` to `to` that begins at clock time `start`.
    ///
    /// - Parameters:
    ///   - from: the value at and before `start`; non-finite reads as 0.
    ///   - to: the value from `start + duration` on; non-finite reads as 0.
    ///   - duration: seconds; NaN or negative means 0, infinite never finishes.
    ///   - curve: how progress maps to the distance covered.
    ///   - start: the clock time at which it begins; non-finite reads as 0.
    public init(from: Double, to: Double, duration: Double, curve: TimingCurve, start: Double) {
        self.from = from.isFinite ? from : 0
        self.to = to.isFinite ? to : 0
        self.duration = duration > 0 ? duration : 0  // false for NaN
        self.curve = curve
        self.start = start.isFinite ? start : 0
    }

    /// The clock time at which the animation ends.
    public var end: Double { start + duration }

    /// Elapsed fraction of the duration at `time`, in 0...1: 0 before the start (and for a NaN
    /// time), 1 from the end on. A zero-length animation jumps from 0 to 1 at `start`.
    public func progress(at time: Double) -> Double {
        guard !time.isNaN, time > start else { return time >= start && duration == 0 ? 1 : 0 }
        guard duration > 0 else { return 1 }
        return min((time - start) / duration, 1)
    }

    /// The value at `time`: exactly `from` before the start, exactly `to` from the end on.
    public func value(at time: Double) -> Double {
        let covered = curve.value(at: progress(at: time))
        // Special-cased ends: from + (to − from) × 1 is not always `to` in floating point, and
        // the final frame must land on the target cell, not next to it.
        if covered <= 0 { return from }
        if covered >= 1 { return to }
        return from + (to - from) * covered
    }

    /// True from `end` on. Never true for a NaN time or an infinite duration.
    public func isFinished(at time: Double) -> Bool {
        time >= end
    }

    /// The rate of change at `time`, in units per second: 0 before the start and from the end
    /// on.
    public func velocity(at time: Double) -> Double {
        guard duration > 0, duration.isFinite, time >= start, time < end else { return 0 }
        return (to - from) * curve.slope(at: progress(at: time)) / duration
    }

    /// A new animation that starts at `time` from where this one is then and heads to
    /// `newTarget` along the same curve — dismissing a presentation while it is still
    /// sliding in. There is no jump: its first value is this one's value at `time`.
    ///
    /// The duration is this one's scaled by the distance left to cover over this one's whole
    /// distance, so the average speed stays the same: reversing a quarter of the way in takes a
    /// quarter of the time. When this animation covers no distance, the new one takes this
    /// one's full duration (or none, if it has nowhere to go either). A NaN `time` reads as
    /// `start`.
    public func reversed(at time: Double, to newTarget: Double) -> TimedAnimation {
        let now = time.isNaN ? start : time
        let current = value(at: now)
        let target = newTarget.isFinite ? newTarget : 0
        let total = abs(to - from)
        let remaining = abs(target - current)
        let scaled: Double
        if total > 0 {
            scaled = duration * (remaining / total)
        } else {
            scaled = remaining > 0 ? duration : 0
        }
        return TimedAnimation(from: current, to: target, duration: scaled, curve: curve, start: now)
    }
}
