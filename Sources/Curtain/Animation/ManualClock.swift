import Synchronization

/// A clock that moves only when told to: the clock of tests and scripted demo runs.
///
/// Modelled on swift-nio's `EmbeddedEventLoop`: a test advances time by hand, then checks the
/// frame that results, so no test depends on wall-clock timing. The time is kept behind a
/// mutex, which makes the clock `Sendable` without asking callers to hop actors to read it.
public final class ManualClock: AnimationClock {
    private let seconds: Mutex<Double>

    /// Creates a clock reading `now` seconds (a non-finite start reads as 0).
    public init(now: Double = 0) {
        seconds = Mutex(now.isFinite ? now : 0)
    }

    /// The time last set or advanced to; it stays put between calls.
    public var now: Double {
        seconds.withLock { $0 }
    }

    /// Moves the clock forward by `seconds`. Negative and non-finite amounts are ignored, so
    /// `advance` alone can never make time run backwards.
    public func advance(by seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        self.seconds.withLock { $0 += seconds }
    }

    /// Sets the clock to `seconds`, forwards or backwards (a script may rewind to replay a
    /// scene). Non-finite values are ignored. Animations treat a backwards step as "no time
    /// passed" (see `SpringAnimation.step(to:)`).
    public func set(_ seconds: Double) {
        guard seconds.isFinite else { return }
        self.seconds.withLock { $0 = seconds }
    }
}
