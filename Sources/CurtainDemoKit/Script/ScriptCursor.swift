/// Walks a ``ScriptTimeline`` as time passes: the player asks what is due now, delivers it,
/// and sleeps (or, headless, steps its clock) until ``nextTime``.
///
/// Events are handed out once each, in order, however time is sampled: one call at the end
/// delivers everything, many small steps deliver each event in the step that reaches its time.
struct ScriptCursor: Sendable {
    let timeline: ScriptTimeline
    /// Index of the next event not yet delivered.
    private var next = 0

    init(timeline: ScriptTimeline) {
        self.timeline = timeline
    }

    /// True once every event, the final `.end` included, has been delivered.
    var isFinished: Bool { next >= timeline.events.count }

    /// When the next undelivered event is due, or nil when finished.
    var nextTime: Double? { isFinished ? nil : timeline.events[next].time }

    /// The events due at or before `time` that were not delivered yet, in order. Asking for
    /// an earlier time than before delivers nothing (time does not go back).
    mutating func advance(to time: Double) -> ArraySlice<ScriptTimeline.TimedEvent> {
        let start = next
        while next < timeline.events.count, timeline.events[next].time <= time {
            next += 1
        }
        return timeline.events[start..<next]
    }
}
