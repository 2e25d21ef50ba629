/// A timing Bézier from (0, 0) to (1, 1) whose control points have y = 0 and y = 1, as all of
/// `TimingCurve`'s eased curves do. Only the x coordinates vary.
///
/// With y1 = 0 and y2 = 1, y(t) reduces to the smoothstep 3t² − 2t³, so only x(t) = progress
/// has to be solved for t.
struct UnitBezier: Sendable {
    let x1: Double
    let x2: Double

    /// Fixed-iteration bisection rather than Newton's method: x(t) is increasing (x1 and x2
    /// lie in 0...1), and bisection with a fixed number of steps maps a larger progress to a
    /// parameter that is never smaller — two inputs follow the same comparisons until they
    /// part, and from there the larger goes right. So the curve is monotone by construction,
    /// not just up to rounding luck. 52 halvings reach the resolution of a Double in 0...1.
    func parameter(for progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        var low = 0.0
        var high = 1.0
        for _ in 0..<52 {
            let mid = (low + high) * 0.5
            if x(mid) < progress { low = mid } else { high = mid }
        }
        return (low + high) * 0.5
    }

    func value(at progress: Double) -> Double {
        if progress <= 0 { return 0 }
        if progress >= 1 { return 1 }
        let t = parameter(for: progress)
        return min(max(t * t * (3 - 2 * t), 0), 1)
    }

    /// dy/dx = y'(t) / x'(t), with y'(t) = 6t(1 − t). Where a control point sits on an end
    /// (x1 = 0 or x2 = 1), x'(t) vanishes together with y'(t) at that end; the common factor
    /// is cancelled algebraically so the slope stays finite there instead of 0/0.
    func slope(at progress: Double) -> Double {
        let t = parameter(for: progress)
        let u = 1 - t
        var numerator = 6 * t * u
        // x'(t) = 3·x1·u² + 6·(x2 − x1)·u·t + 3·(1 − x2)·t²
        var denominator = 3 * x1 * u * u + 6 * (x2 - x1) * u * t + 3 * (1 - x2) * t * t
        if x1 == 0, t < 0.5 {
            // x'(t) = t·(6·x2·u + 3·(1 − x2)·t): cancel t.
            numerator = 6 * u
            denominator = 6 * x2 * u + 3 * (1 - x2) * t
        } else if x2 == 1, t >= 0.5 {
            // x'(t) = u·(3·x1·u + 6·(1 − x1)·t): cancel u.
            numerator = 6 * t
            denominator = 3 * x1 * u + 6 * (1 - x1) * t
        }
        guard denominator > 0 else { return 0 }
        return numerator / denominator
    }

    private func x(_ t: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t
    }
}
