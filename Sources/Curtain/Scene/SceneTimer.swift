/// An action the scene runs at a time on its clock, once or repeatedly: made by
/// ``Scene/scheduleTimer(after:repeatingEvery:action:)``.
///
/// Timers fire at the start of a frame (``Scene/renderFrame()``), in the order of their
/// deadlines, and their deadlines are part of ``Scene/nextFrameTime``: a program whose only
/// activity is a once-a-second clock sleeps in the kernel between ticks. A repeating timer
/// keeps its rhythm (the n-th tick is due at start + delay + n × interval, with no drift); when
/// the program was late (suspended, or a headless run jumped ahead), it fires once and goes on
/// with the next tick still to come, rather than catching up on every missed one.
@MainActor
public final class SceneTimer {
    /// Seconds between ticks, nil for a one-shot timer.
    public let interval: Double?
    /// When the timer fires next; nil once it fired for the last time or was cancelled.
    public private(set) var nextFireTime: Double?
    private let firstFireTime: Double
    private let action: @MainActor () -> Void

    init(at time: Double, interval: Double?, action: @escaping @MainActor () -> Void) {
        self.firstFireTime = time
        self.nextFireTime = time
        self.interval = interval.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
        self.action = action
    }

    /// True until it fired for the last time or was cancelled.
    public var isActive: Bool { nextFireTime != nil }

    /// Stops the timer: it does not fire again.
    public func cancel() { nextFireTime = nil }

    /// Runs the action and works out the next tick after `now`.
    func fire(at now: Double) {
        if let interval {
            var ticks = max(1, ((now - firstFireTime) / interval).rounded(.down) + 1)
            // `now` reached another way (1/60 added up frame by frame) can sit a hair past the
            // tick the division rounds down to; the next tick must come after `now`, or the
            // scene fires it again in this frame, and again, forever.
            while firstFireTime + ticks * interval <= now { ticks += 1 }
            nextFireTime = firstFireTime + ticks * interval
        } else {
            nextFireTime = nil
        }
        action()
    }
}

extension Scene {
    /// Runs `action` `delay` seconds from now on the scene's clock, and then every `interval`
    /// seconds if one is given, until the returned timer is cancelled.
    ///
    /// ```swift
    /// scene.scheduleTimer(after: 1, repeatingEvery: 1) { status.text = "up \(Int(app.clock.now)) s" }
    /// ```
    @discardableResult
    public func scheduleTimer(after delay: Double, repeatingEvery interval: Double? = nil,
                              action: @escaping @MainActor () -> Void) -> SceneTimer {
        let wait = delay.isFinite ? max(0, delay) : 0
        let timer = SceneTimer(at: clock.now + wait, interval: interval, action: action)
        timers.append(timer)
        onChange?()
        return timer
    }

    /// Fires every timer due at `now`, earliest deadline first; a timer an action schedules
    /// for now fires in the same frame.
    func fireDueTimers(at now: Double) {
        timers.removeAll { !$0.isActive }
        while let due = timers.filter({ ($0.nextFireTime ?? .infinity) <= now })
            .min(by: { $0.nextFireTime! < $1.nextFireTime! }) {
            due.fire(at: now)
            timers.removeAll { !$0.isActive }
        }
    }
}
