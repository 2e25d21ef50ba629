/// The parameters of a damped spring, in the terms UIKit and SwiftUI use.
///
/// - `dampingRatio` (ζ): 1 is critically damped — the fastest motion that never overshoots
///   when it starts at rest; below 1 it bounces, above 1 it creeps.
/// - `response`: the period, in seconds, of the spring's undamped oscillation
///   (ω₀ = 2π / response). Smaller is snappier. A critically damped spring covers about 99 %
///   of its distance in 1.06 × response from rest.
///
/// The presentation layer uses `Spring.critical` (ζ = 1, 0.3 s), the values the seed article
/// passes to `UIView.animate(... usingSpringWithDamping: 1.0 ...)` for live resizing.
///
/// The fields are stored as given; `SpringAnimation` interprets out-of-range values so that
/// every spring comes to rest (see `effectiveDampingRatio` and `angularFrequency`).
public struct Spring: Sendable, Equatable {
    /// ζ: 1 settles without overshooting, below 1 bounces, above 1 creeps.
    public var dampingRatio: Double
    /// The period of the undamped oscillation, in seconds: smaller is snappier.
    public var response: Double

    /// A spring with these parameters, stored as given; the defaults are ``critical``.
    ///
    /// - Parameters:
    ///   - dampingRatio: ζ; 1 is critically damped.
    ///   - response: the undamped period in seconds; 0 or less means no animation.
    public init(dampingRatio: Double = 1.0, response: Double = 0.3) {
        self.dampingRatio = dampingRatio
        self.response = response
    }

    /// Critically damped, 0.3 s: live resizing of presentations.
    public static let critical = Spring()

    /// Damping ratios are clamped to this range. A ratio of 0 would oscillate forever and keep
    /// frames coming; a huge ratio would creep for minutes. NaN reads as 1.
    public static let dampingRatioRange: ClosedRange<Double> = 0.05...100

    /// Responses are clamped to at most this many seconds so that ω₀ never reaches 0 and every
    /// spring settles. A response of 0, a negative one or NaN means "no animation": the spring
    /// reaches its target on the next step (this is how `MotionSettings` expresses reduce
    /// motion).
    public static let maximumResponse: Double = 1000

    /// ζ as the animation uses it: clamped to `dampingRatioRange`, NaN → 1.
    public var effectiveDampingRatio: Double {
        if dampingRatio.isNaN { return 1 }
        return min(max(dampingRatio, Self.dampingRatioRange.lowerBound), Self.dampingRatioRange.upperBound)
    }

    /// ω₀ = 2π / response in radians per second, or `nil` when the spring is instantaneous
    /// (response ≤ 0 or NaN).
    public var angularFrequency: Double? {
        guard response > 0 else { return nil }  // also false for NaN
        return 2 * Double.pi / min(response, Self.maximumResponse)
    }
}
