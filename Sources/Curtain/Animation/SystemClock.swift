import CurtainPlatform

/// The real clock: `CLOCK_MONOTONIC`, in seconds since the clock was created.
///
/// Monotonic rather than wall-clock time, so that an NTP adjustment or a user changing the
/// date cannot make an animation jump or freeze. Readings start near 0, which keeps them small
/// and therefore precise as `Double`s for the lifetime of a session.
public final class SystemClock: AnimationClock {
    private let originSeconds: Int
    private let originNanoseconds: Int

    /// A clock that reads 0 now and counts from here.
    public init() {
        let origin = Self.monotonic()
        originSeconds = origin.seconds
        originNanoseconds = origin.nanoseconds
    }

    /// Seconds since this clock was created, from `CLOCK_MONOTONIC`: never goes backwards.
    public var now: Double {
        let reading = Self.monotonic()
        // Subtract the integer parts first so no precision is lost to a large epoch.
        return Double(reading.seconds - originSeconds)
            + Double(reading.nanoseconds - originNanoseconds) * 1e-9
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

    private static func monotonic() -> (seconds: Int, nanoseconds: Int) {
        var spec = timespec()
        // CLOCK_MONOTONIC cannot fail on Linux with a valid pointer; if it ever did, the zeroed
        // timespec reads as "no time passed", which stalls animations rather than trapping.
        _ = clock_gettime(CLOCK_MONOTONIC, &spec)
        return (Int(spec.tv_sec), Int(spec.tv_nsec))
    }
}
