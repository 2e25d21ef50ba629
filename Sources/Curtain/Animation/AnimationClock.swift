/// A source of time for animations, in seconds as `Double` since an arbitrary origin.
///
/// Time is injected rather than read from the system so that tests and scripted runs can step
/// animations frame by frame (`ManualClock`) while the terminal uses `SystemClock`. Only
/// differences between readings matter; the origin is meaningless.
///
/// Clocks are reference types (everyone holding one sees the same time) and `Sendable`, so a
/// clock can be handed to `@MainActor` UI types from any context, including test functions
/// that are not isolated to the main actor.
public protocol AnimationClock: AnyObject, Sendable {
    /// The current time in seconds. Never NaN. `SystemClock` never goes backwards; a
    /// `ManualClock` moves only when told to.
    var now: Double { get }
}
