/// When the next frame is needed.
///
/// While anything animates, frames are paced at 60 per second; when nothing does, the loop
/// sleeps until the next deadline (a toast's auto-dismiss) or until input arrives. Frames whose
/// quantised cells would not change are skipped by the diff, so pacing only bounds the work.
public enum FramePacing {
    /// Seconds between animation frames.
    public static let interval: Double = 1.0 / 60.0

    /// The clock time at which the next frame is due, or `nil` when nothing is due and the
    /// loop may wait for input indefinitely.
    ///
    /// - Parameters:
    ///   - now: the current clock time.
    ///   - isAnimating: whether any animation is still in flight.
    ///   - deadline: the earliest timed event, if any (never before `now`; NaN is ignored).
    public static func nextFrame(after now: Double, isAnimating: Bool, deadline: Double? = nil) -> Double? {
        let frame = isAnimating ? now + interval : nil
        let event = deadline.flatMap { $0.isNaN ? nil : max($0, now) }
        switch (frame, event) {
        case let (frame?, event?): return min(frame, event)
        case let (frame?, nil): return frame
        case let (nil, event?): return event
        case (nil, nil): return nil
        }
    }

    /// Milliseconds to wait from `now` until `next`, in the convention of ncurses `timeout`:
    /// -1 waits for input indefinitely (`next` is nil or NaN), 0 does not wait (`next` is due),
    /// otherwise rounded up so the loop never wakes before the frame is due. Capped at one
    /// hour to stay far from `Int32` overflow.
    public static func waitMilliseconds(from now: Double, until next: Double?) -> Int {
        guard let next, !next.isNaN else { return -1 }
        let milliseconds = (next - now) * 1000
        guard milliseconds > 0 else { return 0 }  // also catches a NaN `now`
        return Int(min(milliseconds, 3_600_000).rounded(.up))
    }
}
