/// How an animation's progress (0 at its start, 1 at its end) maps to the fraction of the
/// distance covered.
///
/// The eased curves are the standard cubic Béziers of CSS and Core Animation
/// (`kCAMediaTimingFunctionEaseIn` and friends):
///
/// | curve | control points |
/// |---|---|
/// | `easeIn` | (0.42, 0) (1, 1) |
/// | `easeOut` | (0, 0) (0.58, 1) |
/// | `easeInOut` | (0.42, 0) (0.58, 1) |
///
/// so motion in the terminal feels like the UIKit presentations it imitates.
public enum TimingCurve: Sendable, Equatable, CaseIterable {
    /// Constant speed from start to end.
    case linear
    /// Starts slowly and speeds up to the end.
    case easeIn
    /// Starts fast and slows down to a stop.
    case easeOut
    /// Slow at both ends: the presentations' slide in and out.
    case easeInOut

    /// The fraction of the distance covered at `progress`.
    ///
    /// `progress` is clamped to 0...1 (NaN reads as 0), the result is in 0...1, equals 0 at 0
    /// and 1 at 1, and is monotone non-decreasing in `progress` (the eased curves up to the
    /// rounding of their final polynomial, below 1e-15): an animation never steps backwards.
    public func value(at progress: Double) -> Double {
        let p = Self.clamped(progress)
        guard let bezier else { return p }
        return bezier.value(at: p)
    }

    /// The derivative of `value(at:)` with respect to progress: the speed, relative to the
    /// average speed of the whole animation. `TimedAnimation.velocity(at:)` uses it so that a
    /// reversal can know how fast the motion was. Finite everywhere in 0...1; 0 at the ends of
    /// the curves that ease there.
    public func slope(at progress: Double) -> Double {
        let p = Self.clamped(progress)
        guard let bezier else { return 1 }
        return bezier.slope(at: p)
    }

    private var bezier: UnitBezier? {
        switch self {
        case .linear: nil
        case .easeIn: UnitBezier(x1: 0.42, x2: 1)
        case .easeOut: UnitBezier(x1: 0, x2: 0.58)
        case .easeInOut: UnitBezier(x1: 0.42, x2: 0.58)
        }
    }

    private static func clamped(_ progress: Double) -> Double {
        progress.isNaN ? 0 : min(max(progress, 0), 1)
    }
}
