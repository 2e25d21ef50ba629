/// A source of time for animations, in seconds as `Double` since an arbitrary origin.
///
/// Time is injected rather than read from the system so that tests and scripted runs can step
/// animations frame by frame (`ManualClock`) while the terminal uses `SystemClock`. Only
/// differences between readings matter; the origin is meaningless.
///
/// Clocks are reference types (everyone holding one sees the same time) and `Sendable`, so a
/// clock can be handed to `@MainActor` UI types from any context, including test functions
/// that are not isolated to the main actor.
///
/// A task waits on the app's clock with ``sleep(for:)``, so the same code waits for real in a
/// terminal and exactly as long as the test says under a `Pilot`:
///
/// ```swift
/// view.task {
///     try await app.clock.sleep(for: .seconds(2))   // a ManualClock: until the test advances it
///     app.scene.notify("Uploaded")
/// }
/// ```
public protocol AnimationClock: AnyObject, Sendable {
    /// The current time in seconds. Never NaN. `SystemClock` never goes backwards; a
    /// `ManualClock` moves only when told to.
    var now: Double { get }

    /// Suspends the calling task until the clock reads `deadline` (seconds, as ``now``) or
    /// later. Returns at once when the deadline has passed.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    ///
    /// It runs on the main actor, where the app and its tasks live: a task there has begun
    /// its sleep by the time it lets the actor go, so the loop sees a manual clock's sleeper
    /// at its next look instead of racing a hop to another thread. Off the main actor it
    /// hops there first.
    @MainActor func sleep(until deadline: Double) async throws
}

extension AnimationClock {
    /// Suspends the calling task for `duration` on this clock.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    @MainActor public func sleep(for duration: Duration) async throws {
        try await sleep(until: now + duration.seconds)
    }

    /// Suspends the calling task for `seconds` on this clock.
    ///
    /// - Throws: `CancellationError` when the task is cancelled while it sleeps.
    @MainActor public func sleep(seconds: Double) async throws {
        try await sleep(until: now + (seconds.isFinite ? max(0, seconds) : 0))
    }
}

extension Duration {
    /// The duration in seconds, as a `Double`.
    var seconds: Double {
        let parts = components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
