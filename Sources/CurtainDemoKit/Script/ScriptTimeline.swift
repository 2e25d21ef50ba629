import Curtain
import CurtainLayout

/// A script laid out in time: the input events a player delivers, each at its moment.
///
/// Pacing is deterministic (no randomness), so a headless recording is the same on every run:
///
/// - every keystroke — each character (grapheme cluster) of `type` text, and each `key` —
///   takes one keystroke interval, `1 / typingSpeed` seconds: it happens at the start of its
///   interval and the next input comes one interval later. So `type abc` then `key Enter`
///   at 10 characters a second gives events at 0.0, 0.1, 0.2 and 0.3 s, and the next line
///   starts at 0.4 s. Keys take an interval too so that `key Left` three times in a row
///   reads as three presses, and Enter after typing does not land on the last character;
/// - `wait` adds its duration;
/// - `resize` and `end` take no time.
///
/// The last event is always `.end`, at ``duration``: a script that runs out of lines has
/// ended just as one that says `end`.
package struct ScriptTimeline: Sendable {
    /// An event and when it happens.
    struct TimedEvent: Equatable, Sendable {
        /// Seconds since the start of the script.
        var time: Double
        var event: ScriptEvent
        /// The script line the event comes from, or nil for the implicit `.end`.
        var line: Int?

        init(time: Double, event: ScriptEvent, line: Int?) {
            self.time = time
            self.event = event
            self.line = line
        }
    }

    /// Typing speed used when none is given: 12 characters a second, a brisk but readable pace.
    package static let defaultTypingSpeed: Double = 12
    /// Speeds outside this range are clamped into it (and a NaN speed means the default):
    /// slower than one character a second is no demo, and faster than 1000 is one frame.
    /// `curtain-demo --typing-speed` rejects them instead (``DemoArguments``).
    package static let typingSpeedRange: ClosedRange<Double> = 1...1000

    /// The typing speed actually used, in characters a second, after clamping.
    package let typingSpeed: Double
    /// The events in time order (times never decrease). Never empty: it ends with `.end`.
    let events: [TimedEvent]
    /// Seconds from the start to the end of the script: the time of the final `.end`.
    package let duration: Double

    init(script: Script, typingSpeed: Double = ScriptTimeline.defaultTypingSpeed) {
        let speed =
            typingSpeed.isNaN
            ? Self.defaultTypingSpeed
            : min(max(typingSpeed, Self.typingSpeedRange.lowerBound), Self.typingSpeedRange.upperBound)
        self.typingSpeed = speed

        // Time is kept as two exact counts and converted on demand, so a long script does not
        // accumulate floating-point drift and times can never step backwards.
        var waited = 0  // milliseconds
        var keystrokes = 0
        func now() -> Double { Double(waited) / 1000 + Double(keystrokes) / speed }

        var events: [TimedEvent] = []
        var ended = false
        scriptLoop: for step in script.steps {
            switch step.command {
            case .key(let key):
                events.append(TimedEvent(time: now(), event: .key(key), line: step.line))
                keystrokes += 1
            case .type(let text):
                for character in text {
                    events.append(TimedEvent(time: now(), event: .text(character), line: step.line))
                    keystrokes += 1
                }
            case .wait(let milliseconds):
                // Clamped like the parser does, for scripts built in code rather than parsed.
                waited += min(max(0, milliseconds), ScriptParser.maxWaitMilliseconds)
            case .waitSettled:
                events.append(TimedEvent(time: now(), event: .waitSettled, line: step.line))
            case .mouse(let kind, let column, let row):
                events.append(TimedEvent(time: now(), event: .mouse(MouseEvent(kind, at: Point(x: column, y: row))), line: step.line))
                keystrokes += 1
            case .drag(let from, let to, let milliseconds):
                // A press, then one move a frame along the line, the last at the end point and
                // time, then the release there.
                let duration = min(max(0, milliseconds), ScriptParser.maxWaitMilliseconds)
                let moves = max(1, Int((Double(duration) / (1000.0 / 60)).rounded()))
                events.append(TimedEvent(time: now(), event: .mouse(MouseEvent(.press, at: from)), line: step.line))
                let start = waited
                for move in 1...moves {
                    waited = start + duration * move / moves
                    let t = Double(move) / Double(moves)
                    let point = Point(x: from.x + Int((Double(to.x - from.x) * t).rounded()),
                                      y: from.y + Int((Double(to.y - from.y) * t).rounded()))
                    events.append(TimedEvent(time: now(), event: .mouse(MouseEvent(.drag, at: point)), line: step.line))
                }
                events.append(TimedEvent(time: now(), event: .mouse(MouseEvent(.release, at: to)), line: step.line))
            case .resize(let columns, let rows):
                events.append(TimedEvent(time: now(), event: .resize(columns: columns, rows: rows), line: step.line))
            case .end:
                events.append(TimedEvent(time: now(), event: .end, line: step.line))
                ended = true
                break scriptLoop
            }
        }
        if !ended {
            events.append(TimedEvent(time: now(), event: .end, line: nil))
        }
        self.events = events
        self.duration = now()
    }
}
