import CurtainScreen

/// Turns the frames an app shows, at the times it shows them, into the frames a recording
/// keeps, each with its start and duration on the recording's own time line: identical frames
/// merged, time divided by the speed, frames closer than the frame-rate cap replaced by the
/// later one, pauses cut to the idle time limit. Pure: the same input, the same output.
///
/// A frame is handed on when the next different one comes (only then is its duration known),
/// so an encoder always writes a frame with its delay.
struct FrameSequencer {
    struct Kept {
        var frame: CellBuffer
        /// Seconds from the recording's start.
        var start: Double
        var duration: Double
    }

    let speed: Double
    let minimumInterval: Double
    let idleTimeLimit: Double?
    private var pending: (frame: CellBuffer, time: Double)?
    /// The recording's time at which the pending frame starts.
    private var recordedStart: Double = 0

    init(options: RecordingOptions) {
        speed = options.speed > 0 ? options.speed : 1
        minimumInterval = options.maxFramesPerSecond > 0 ? 1 / options.maxFramesPerSecond : 0
        idleTimeLimit = options.idleTimeLimit
    }

    /// Takes a frame shown at `time` (seconds of the app's clock); returns the frame this one
    /// ends, if any.
    mutating func add(_ frame: CellBuffer, at time: Double) -> Kept? {
        let time = time / speed
        guard let (previous, previousTime) = pending else {
            pending = (frame, time)
            return nil
        }
        if previous == frame { return nil }
        let elapsed = max(0, time - previousTime)
        if elapsed < minimumInterval {
            // Too soon: this state replaces the pending one, which no one would have seen.
            pending = (frame, previousTime)
            return nil
        }
        let kept = Kept(frame: previous, start: recordedStart, duration: limited(elapsed))
        recordedStart += kept.duration
        pending = (frame, time)
        return kept
    }

    /// The last frame, shown until `time` (at least a second, so that it is seen before a loop
    /// starts over); nil when no frame came.
    mutating func finish(at time: Double) -> Kept? {
        guard let (frame, start) = pending else { return nil }
        pending = nil
        let duration = max(1, limited(max(0, time / speed - start)))
        let kept = Kept(frame: frame, start: recordedStart, duration: duration)
        recordedStart += duration
        return kept
    }

    private func limited(_ seconds: Double) -> Double {
        guard let idleTimeLimit, idleTimeLimit > 0 else { return seconds }
        return min(seconds, idleTimeLimit)
    }
}
