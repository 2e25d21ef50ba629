import CurtainPlatform
import Curtain

extension TerminalSession {
    /// A session on any files, for tests and the benchmark: no terminal checks, no signal
    /// handlers but the resize wake-up, no locale change, no input modes. `TERM` and the locale
    /// are taken as the caller set them; input is read from `input`'s descriptor;
    /// `synchronizedOutput` brackets every frame as for a terminal that supports it, and nil
    /// asks `output` the start-up questions, as a terminal is asked.
    package convenience init(output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
                             noColor: String? = nil, synchronizedOutput: Bool? = false) throws {
        try self.init(takeover: TerminalTakeover(output: output, input: input, noColor: noColor),
                      synchronizedOutput: synchronizedOutput)
    }
}

extension TerminalSession {
    /// ``nextEvent(until:clock:)`` blocking the thread in the wait's call instead of
    /// suspending: for a test's forked child, where no dispatch queue runs. Not API.
    package func _nextEventBlocking(until deadline: Double?, clock: AnimationClock) -> Event? {
        var readable: [Int32]?
        while true {
            switch nextStep(until: deadline, clock: clock, readable: readable) {
            case .done(let event): return event
            case .suspend:
                stopUntilContinued()
                readable = nil
            case .wait(let wake):
                switch inputWait.waitBlocking(until: wake, clock: clock) {
                case .interrupted: return nil
                case .readable(let ready): readable = ready
                case .timedOut: readable = []
                }
            }
        }
    }
}

extension TerminalSession {
    /// ``suspend()`` without the wait for answers on their way: for a test's forked child,
    /// where no task runs. Not API.
    package func _suspendBlocking() {
        stopUntilContinued()
    }
}

extension TerminalSession {
    /// Blocks until the start-up answers came (or their time is up), keeping the events typed
    /// meanwhile for the next call: what the first ``nextEvent(until:clock:)`` does, for a
    /// forked child that draws before it reads. Not API.
    package func _awaitStartUpAnswersBlocking() {
        let clock = SystemClock()
        var readable: [Int32]?
        while true {
            let step = nextStep(until: nil, clock: clock, readable: readable)
            if case .done(let event?) = step, event != .inputEnded { queued.insert(event, at: 0) }
            guard answersDue != nil, case .wait(let wake) = step else { return }
            if case .readable(let ready) = inputWait.waitBlocking(until: wake, clock: clock) {
                readable = ready
            } else {
                readable = []
            }
        }
    }
}

extension TerminalSession {
    /// The knobs applied to the terminfo entry ncurses draws with (``TunedTerminfo``), by the
    /// names `CURTAIN_NCURSES_TUNING` takes: for the benchmark's report.
    package var _ncursesTuning: [String] {
        let knobs = takeover.tuning
        return [(TunedTerminfo.Knobs.noScrolling, "scrolling"), (.shortReset, "reset"), (.separateAttributes, "attributes"), (.semicolonColors, "colors"), (.paletteIndexes, "palette")]
            .filter { knobs.contains($0.0) }.map(\.1)
    }
}
