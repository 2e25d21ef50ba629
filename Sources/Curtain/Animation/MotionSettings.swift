/// User settings for motion, shared by every transition: reduce motion and an overall speed.
///
/// Transitions pass their nominal durations and springs through `duration(_:)` and
/// `spring(_:)`, so one setting changes them all consistently.
public struct MotionSettings: Sendable, Equatable {
    /// Allowed speeds: a quarter of normal up to four times as fast.
    public static let speedRange: ClosedRange<Double> = 0.25...4

    /// When true, nothing moves: durations become 0 and springs instantaneous, so every
    /// animated change appears at its final state on the next frame.
    public var reduceMotion: Bool = false

    /// Animation speed multiplier: 2 is twice as fast (durations and spring responses halved).
    /// Clamped to `speedRange` on every assignment; NaN reads as 1.
    public var speed: Double = 1 {
        didSet { speed = Self.clampedSpeed(speed) }
    }

    /// Settings for the user's preference; the defaults are normal motion at normal speed.
    ///
    /// - Parameters:
    ///   - reduceMotion: whether every transition jumps to its end instead of moving.
    ///   - speed: the speed multiplier, clamped to ``speedRange``.
    public init(reduceMotion: Bool = false, speed: Double = 1) {
        self.reduceMotion = reduceMotion
        self.speed = Self.clampedSpeed(speed)
    }

    /// `seconds` adjusted for the settings: divided by `speed`, or 0 under reduce motion.
    /// Negative and NaN durations give 0.
    public func duration(_ seconds: Double) -> Double {
        guard !reduceMotion, seconds > 0 else { return 0 }
        return seconds / speed
    }

    /// A reading time — how long a timed toast or notification stays — adjusted for the
    /// settings: divided by `speed`, like every other wait. Reduce motion leaves it alone: it
    /// removes movement, never the time to read (with 0 here, a notification would vanish one
    /// frame after it appeared, and the app turns reduce motion on by itself over slow links).
    /// Negative and NaN delays give 0.
    public func readingTime(_ seconds: Double) -> Double {
        guard seconds > 0 else { return 0 }
        return seconds / speed
    }

    /// `spring` adjusted for the settings: its response divided by `speed` (the damping ratio
    /// is kept, so the shape of the motion is the same, only faster or slower), or a response
    /// of 0 — an instantaneous spring — under reduce motion.
    public func spring(_ spring: Spring) -> Spring {
        var adjusted = spring
        adjusted.response = reduceMotion ? 0 : spring.response / speed
        return adjusted
    }

    private static func clampedSpeed(_ speed: Double) -> Double {
        if speed.isNaN { return 1 }
        return min(max(speed, speedRange.lowerBound), speedRange.upperBound)
    }
}
