/// How much a presentation darkens its context: not at all (a progress toast over a live log,
/// whose output must stay readable), or by a strength.
///
/// ```swift
/// let progress = ToastPresentationController(presentedView: label, dimming: .none)
/// let light = SheetPresentationController(presentedView: Label("Offline", border: true), dimming: .strength(0.25))
/// ```
public enum Dimming: Sendable, Equatable {
    /// Nothing behind the presentation is dimmed, and a press beside it goes to the views
    /// beneath instead of dismissing it.
    case none
    /// The context is dimmed this much (0 … 1; 0 is ``none``).
    case strength(Double)

    /// The stock controllers' dimming, UIKit's dimming view: half.
    public static let standard = Dimming.strength(0.5)

    /// The strength, clamped to 0 … 1 (0 for ``none``): a ``PresentationController/dimmingStrength``.
    public var strength: Double {
        switch self {
        case .none: 0
        case .strength(let value): value.isNaN ? 0 : min(1, max(0, value))
        }
    }
}
