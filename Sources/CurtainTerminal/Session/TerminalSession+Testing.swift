import Glibc
import Curtain

extension TerminalSession {
    /// A session on any files, for tests and the benchmark: no terminal checks, no signal
    /// handlers but the resize wake-up, no locale change, no input modes, no queries. `TERM` and
    /// the locale are taken as the caller set them; input is read from `input`'s descriptor;
    /// `synchronizedOutput` brackets every frame as for a terminal that supports it.
    package convenience init(output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>,
                             noColor: String? = nil, synchronizedOutput: Bool = false) throws {
        self.init(takeover: try TerminalTakeover(output: output, input: input, noColor: noColor),
                  synchronizedOutput: synchronizedOutput)
    }
}

extension TerminalSession {
    /// ``nextEvent(until:clock:)`` blocking the thread in `poll` instead of suspending: for a
    /// test's forked child, where no dispatch queue runs. Not API.
    package func _nextEventBlocking(until deadline: Double?, clock: AnimationClock) -> Event? {
        while true {
            switch nextStep(until: deadline, clock: clock) {
            case .done(let event): return event
            case .wait(let wake): reader.waitUntilReadable(until: wake, clock: clock)
            }
        }
    }
}

extension TerminalSession {
    /// The knobs applied to the terminfo entry ncurses draws with (``TunedTerminfo``), by the
    /// names `CURTAIN_NCURSES_TUNING` takes: for the benchmark's report.
    package var _ncursesTuning: [String] {
        let knobs = takeover.tuning
        return [(TunedTerminfo.Knobs.noScrolling, "scrolling"), (.shortReset, "reset"), (.separateAttributes, "attributes")]
            .filter { knobs.contains($0.0) }.map(\.1)
    }
}
