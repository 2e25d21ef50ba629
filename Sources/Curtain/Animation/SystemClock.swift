import CurtainPlatform

/// The real clock: `CLOCK_MONOTONIC`, in seconds since the clock was created.
///
/// Monotonic rather than wall-clock time, so that an NTP adjustment or a user changing the
/// date cannot make an animation jump or freeze. Readings start near 0, which keeps them small
/// and therefore precise as `Double`s for the lifetime of a session.
public final class SystemClock: AnimationClock {
    private let origin: Int64

    /// A clock that reads 0 now and counts from here.
    public init() {
        origin = monotonicNanoseconds()
    }

    /// Seconds since this clock was created, from `CLOCK_MONOTONIC`: never goes backwards.
    public var now: Double {
        // The difference is exact in integers; only the seconds since creation become a Double.
        Double(monotonicNanoseconds() - origin) * 1e-9
    }

    /// Sleeps until the clock reads `deadline` (on the Swift runtime's continuous clock, which
    /// is `CLOCK_MONOTONIC` too).
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    @MainActor public func sleep(until deadline: Double) async throws {
        let remaining = deadline - now
        guard remaining.isFinite else { return try Task.checkCancellation() }
        guard remaining > 0 else { return try Task.checkCancellation() }
        try await Task.sleep(for: .nanoseconds(Int64(min(remaining, 1e9) * 1e9)), clock: .continuous)
    }
}
