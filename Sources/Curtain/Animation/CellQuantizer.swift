/// Quantisation of animated values to whole cells.
///
/// A terminal can only show whole cells, so motion is quantised: an animation frame whose
/// quantised positions equal the previous frame's would look identical and is not produced.
public enum CellQuantizer {
    /// Results are clamped to ±`limit` (2³⁰) so that sums and differences of a few quantised
    /// values can never overflow `Int` arithmetic downstream.
    public static let limit: Int = 1 << 30

    /// `value` rounded to the nearest cell, halves away from zero (2.5 → 3, −2.5 → −3), so
    /// that motion is symmetric around 0 for things sliding in from either edge.
    ///
    /// Total: NaN → 0; ±∞ and anything beyond ±`limit` → ±`limit`.
    public static func cells(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        let rounded = value.rounded(.toNearestOrAwayFromZero)
        if rounded >= Double(limit) { return limit }
        if rounded <= -Double(limit) { return -limit }
        return Int(rounded)
    }
}
