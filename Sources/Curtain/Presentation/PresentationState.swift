/// Where a presentation is in its life.
public enum PresentationState: Sendable, Equatable {
    /// Sliding in (or about to); the dim is rising.
    case presenting
    /// On screen at its frame.
    case presented
    /// Sliding out; the dim is fading. A new ``Scene/present(_:from:animated:)`` cancels this.
    case dismissing
    /// Gone; the dim layer is removed.
    case dismissed
}
