import CurtainPlatform

/// The closed-form solution of a damped harmonic oscillator, x'' + 2ζω₀x' + ω₀²x = 0, where x
/// is the displacement from the target.
///
/// Closed form rather than numerical integration: advancing by one step of 0.1 s or by ten of
/// 0.01 s lands on the same state (up to rounding), a long frame after a stall cannot blow up
/// the way explicit Euler does, and the result does not depend on the frame rate.
struct DampedOscillator: Sendable {
    private enum Regime {
        /// ζ < 1: e^{−ζω₀t} times a rotation at the damped frequency ω_d = ω₀√(1 − ζ²).
        case underdamped(decay: Double, frequency: Double)
        /// ζ = 1: (x₀ + (v₀ + ω₀x₀)t)·e^{−ω₀t}.
        case critical
        /// ζ > 1: two real, negative rates; `slow` dominates late, `fast` early.
        case overdamped(slow: Double, fast: Double)
    }

    /// Ratios this close to 1 use the critical formula: the under- and overdamped ones divide
    /// by quantities that vanish at ζ = 1 and would lose precision there.
    private static let criticalBand = 1e-6

    let angularFrequency: Double
    private let regime: Regime

    /// The largest approach speed, per unit of displacement, from which the motion still
    /// neither overshoots nor turns back: ω₀(ζ + √(ζ² − 1)) for ζ ≥ 1 (ω₀ when critical), and
    /// `nil` for ζ < 1, where every motion overshoots.
    ///
    /// Why: for ζ ≥ 1 the solution is c₁e^{r₁t} + c₂e^{r₂t} (or its critical limit). With the
    /// displacement x₀ > 0 and a velocity v₀ in [−k·x₀, 0], k being this limit, the slow
    /// coefficient keeps the sign of x₀, so x never crosses 0, and the velocity never changes
    /// sign. The set of such states is invariant under the motion.
    let approachRateLimit: Double?

    init(angularFrequency omega: Double, dampingRatio zeta: Double) {
        angularFrequency = omega
        if abs(zeta - 1) < Self.criticalBand {
            regime = .critical
            approachRateLimit = omega
        } else if zeta < 1 {
            regime = .underdamped(decay: zeta * omega, frequency: omega * (1 - zeta * zeta).squareRoot())
            approachRateLimit = nil
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            // ζ − √(ζ² − 1) = 1 / (ζ + √(ζ² − 1)): the second form avoids cancellation for large ζ.
            regime = .overdamped(slow: -omega / (zeta + root), fast: -omega * (zeta + root))
            approachRateLimit = omega * (zeta + root)
        }
    }

    /// The displacement and velocity `time` seconds after (`displacement`, `velocity`).
    func advance(displacement x0: Double, velocity v0: Double, by time: Double) -> (displacement: Double, velocity: Double) {
        let omega = angularFrequency
        switch regime {
        case .critical:
            let decay = exp(-omega * time)
            let c = v0 + omega * x0
            return ((x0 + c * time) * decay, (v0 - omega * c * time) * decay)
        case let .underdamped(decayRate, frequency):
            let decay = exp(-decayRate * time)
            let cosine = cos(frequency * time)
            let sine = sin(frequency * time)
            let b = (v0 + decayRate * x0) / frequency
            let x = decay * (x0 * cosine + b * sine)
            let v = decay * (v0 * cosine - (decayRate * v0 + omega * omega * x0) / frequency * sine)
            return (x, v)
        case let .overdamped(slow, fast):
            let cFast = (v0 - slow * x0) / (fast - slow)
            let cSlow = x0 - cFast
            let eSlow = exp(slow * time)
            let eFast = exp(fast * time)
            return (cSlow * eSlow + cFast * eFast, slow * cSlow * eSlow + fast * cFast * eFast)
        }
    }
}
