internal import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// The terminal, taken over for a full-screen, animated, Unicode program: the ``Backend`` an
/// `App` runs on in a real terminal.
///
/// ```swift
/// let terminal = try TerminalSession(programName: "hello", alternative: "use --headless")
/// defer { terminal.stop() }
/// await app.run(on: terminal)
/// await terminal.finishAnswers()
/// ```
///
/// Starting refuses, with a ``TerminalError`` whose one-line message names the fix, when stdin or
/// stdout is not a terminal or `TERM` is unknown or cannot move the cursor. Once started, the
/// terminal is in raw mode (Ctrl-C and Ctrl-Z arrive as keys), with no echo, a hidden cursor,
/// colours when present (and `NO_COLOR` unset), bracketed paste, and mouse reports of presses,
/// releases, drags and wheel turns.
///
/// The terminal is restored on every way out: ``stop()`` (also called when the session is
/// deallocated), every signal whose default action ends the process (SIGTERM, SIGHUP,
/// SIGINT, SIGQUIT, traps, SIGUSR1, SIGPIPE, SIGALRM, …) and `exit` (see ``EmergencyRestore``).
/// Ctrl-Z arrives as `.ctrl("z")`; the app calls ``suspend()`` when nothing else handled it. A
/// stop from outside (SIGSTOP, then SIGCONT) is followed by taking the terminal back. The size
/// is always the terminal's own, whatever `COLUMNS` and `LINES` say.
///
/// It starts its jobs in order and stops them in reverse: the takeover (``TerminalTakeover``),
/// the signal wake-up (``SignalWakeup``), the frame writer (``ScreenWriter``), the input reader
/// (``InputReader``) and its wait (``TerminalWait``), the input modes, and the start-up
/// questions (whose answers the first ``nextEvent(until:clock:)`` awaits). Main-actor bound:
/// ncurses is one global state that is not thread-safe, and one session runs at a time.
@MainActor
public final class TerminalSession: Backend {
    let takeover: TerminalTakeover
    let writer: ScreenWriter
    let reader: InputReader
    /// The one wait, on the terminal and the signal pipe, that leaves the main actor free.
    let inputWait: TerminalWait
    /// True while the terminal is given back: handed to another program
    /// (``releaseTerminal()``) or the process stopped (``suspend()``).
    var isReleased = false
    /// The signal actions in place before the hand-off changed them.
    var handOffSignals: HandOffSignals?
    /// Events to deliver before reading more: keys typed while the start-up answers were
    /// awaited, a size that changed during a suspension.
    var queued: [Event] = []
    /// While the start-up questions' answers are awaited: when the wait for them ends
    /// (`CLOCK_MONOTONIC` nanoseconds). Frames are kept back meanwhile (see ``present(_:)``).
    var answersDue: Int64?
    /// The appearance when the start-up questions were asked: answers that change it make the
    /// app draw anew.
    var appearanceAsked: TerminalAppearance?
    /// What the terminal's answers said about synchronized output; an answer arriving after
    /// the start-up wait still counts.
    var synchronizedOutput = SynchronizedOutput.Detection()
    var lastFrame: CellBuffer?
    /// Frames for a terminal slower than the program (see ``OutputPacing``).
    var pacing = OutputPacing()
    /// The latest frame kept back while the terminal is behind: drawn when it catches up.
    var keptFrame: CellBuffer?
    /// The clock pacing is timed on: the app's, as last passed to ``nextEvent(until:clock:)``.
    var pacingClock: AnimationClock = SystemClock()
    private(set) var stopped = false
    /// Whether every pointer motion is reported (``reportPointerMotion(_:)``).
    var reportsAllMotion = false
    /// False once the terminal turned out to be one whose mouse reports cost the Esc key
    /// (``ScreenHeldEscape``): mouse reporting stays off from then on.
    var reportsMouse = true
    /// The SIGWINCH and SIGCONT counts (``SignalWakeup/counts``) already acted on.
    var seenSignals: (resizes: Int32, continues: Int32) = (0, 0)

    /// What the terminal shows of colours: `.monochrome` when it has none or `NO_COLOR` is set
    /// (dimming is then drawn faint); `.trueColor` with a terminfo entry that has `RGB`
    /// (`TERM=xterm-direct`), or when `COLORTERM` says `truecolor` and `TERM`'s `-direct`
    /// sibling is installed (ncurses-term). A recording of the session reduces its frames to
    /// this depth to show what the terminal showed.
    public var colorDepth: ColorDepth { writer.depth }

    /// The terminal's default colours, as far as known, from the first that says: what the
    /// program set here (its `--background` option), the user's `CURTAIN_BACKGROUND`
    /// (`light`, `dark` or `#rrggbb`), what the terminal reported when asked (OSC 10 and 11, see
    /// ``DefaultColorsReport``), `COLORFGBG`; nil when none does (an app then assumes a dark
    /// background). A report that arrives after the start-up wait still counts: the app
    /// follows the change (``Scene/followsTerminalAppearance``).
    ///
    /// Setting it overrides everything else; setting nil goes back to the others.
    public var terminalColors: TerminalColors? {
        get { requestedColors ?? reportedColors.colors ?? colorFGBG }
        set { requestedColors = newValue }
    }
    private var requestedColors = TerminalColorsGuess.requested(TerminalColorsGuess.environment("CURTAIN_BACKGROUND"))
    var reportedColors = DefaultColorsReport()
    private let colorFGBG = TerminalColorsGuess.fromColorFGBG(TerminalColorsGuess.environment("COLORFGBG"))

    /// The colour depth, the terminal's colours and whether it shows Unicode, from which an app
    /// picks its theme.
    public var appearance: TerminalAppearance {
        TerminalAppearance(colorDepth: colorDepth, colors: terminalColors, supportsUnicode: supportsUnicode)
    }

    /// Whether the locale can show Unicode (its character set is UTF-8). When false, characters
    /// the locale cannot encode are drawn with stand-ins of the same width (line drawing, arrows
    /// and shades from the terminal's alternate set, ASCII letters), and the standard theme
    /// gives views ASCII text of their own (`Theme.displayable(_:)`).
    public var supportsUnicode: Bool { writer.isUnicode }

    /// Whether each frame is bracketed with synchronized output (DEC mode 2026) so it appears
    /// at once: true when the terminal said it supports it (see ``SynchronizedOutput``).
    public var usesSynchronizedOutput: Bool { writer.synchronizedOutputDescriptor != nil }

    /// Takes over the terminal on stdin/stdout.
    ///
    /// - Parameters:
    ///   - programName: names the program in refusal messages.
    ///   - alternative: another way to run the program, offered in refusal messages
    ///     (e.g. `"use --headless"`).
    ///   - colorDepth: the colours to draw with (a program's `--colors` option); nil, the
    ///     default, for what the terminal has. Fewer than the terminal has are drawn as asked
    ///     (`.monochrome` as `NO_COLOR` does); more than its terminfo entry can send are not,
    ///     except `.trueColor`, which uses `TERM`'s direct-colour sibling where one is installed
    ///     (`xterm-direct` for `xterm-256color`) — as `COLORTERM=truecolor` does by itself.
    ///     ``colorDepth`` says what was granted.
    /// - Throws: ``TerminalError`` when stdin or stdout is not a terminal, `TERM` is unset,
    ///   unknown or cannot address the cursor, or another session is running.
    public convenience init(programName: String, alternative: String? = nil, colorDepth: ColorDepth? = nil) throws {
        try self.init(takeover: TerminalTakeover(programName: programName, alternative: alternative, colorDepth: colorDepth),
                      synchronizedOutput: nil, programName: programName)
    }

    /// Starts the jobs after the takeover. `synchronizedOutput` nil: ask the terminal. Throws
    /// when the wait cannot be made (no pipe, no thread, `CURTAIN_WAIT` unknown or a descriptor
    /// `select` cannot hold), with the takeover released.
    init(takeover: TerminalTakeover, synchronizedOutput: Bool?, programName: String = "curtain") throws(TerminalError) {
        self.takeover = takeover
        do throws(TerminalError) {
            try SignalWakeup.install()
            let named = TerminalColorsGuess.environment("CURTAIN_WAIT")
            guard let kind = ReadinessKind.named(named) else {
                throw TerminalError("CURTAIN_WAIT=\(TerminalRequirements.printable(named ?? "")) is unknown (use CURTAIN_WAIT=poll or CURTAIN_WAIT=select, or unset it)")
            }
            // Unset: the system's edge-triggered wait where it can watch the terminal; a name
            // asks for that call alone.
            inputWait = try TerminalWait(descriptors: [takeover.inputDescriptor, SignalWakeup.descriptor], readiness: kind,
                                         edgeTriggered: (named ?? "").isEmpty)
        } catch {
            SignalWakeup.uninstall()
            takeover.release()
            throw TerminalError("\(programName) cannot wait for input: \(error.message)")
        }
        seenSignals = SignalWakeup.counts
        writer = ScreenWriter(depth: takeover.colorDepth, defaultColors: takeover.defaultColors,
                              colorPairs: takeover.colorPairs, isUnicode: GlyphMapper.localeIsUnicode())
        writer.capture = FrameCapture(descriptor: takeover.outputDescriptor, inputDescriptor: takeover.inputDescriptor)
        // Numbers below 256 are palette indexes in the tuned direct-colour entry: 24-bit colours
        // are numbered past them, and confirmed entries used (questions only on a terminal).
        if takeover.tuning.contains(.paletteIndexes), takeover.colorDepth == .trueColor {
            writer.palette = PaletteConfirmation()
        }
        writer.trailerDescriptor = takeover.outputDescriptor
        reader = InputReader(descriptor: takeover.inputDescriptor, keyTable: .fromTerminfo())
        if takeover.ownsTerminal { TerminalWrites.write(takeover.outputDescriptor, InputModes.enable(mouse: true)) }
        switch synchronizedOutput {
        case nil:
            askTheTerminal(colors: DefaultColorsReport.shouldAsk(term: TerminalColorsGuess.environment("TERM")))
        case let brackets?:
            if brackets { writer.synchronizedOutputDescriptor = takeover.outputDescriptor }
            self.synchronizedOutput.complete = true // decided: later answers change nothing
        }
    }

    isolated deinit { stop() }

    // MARK: Backend

    /// The terminal's size in cells (zero once stopped).
    public var size: Size { stopped ? .zero : ScreenWriter.screenSize() }

    /// The next event, waiting until `deadline` on `clock` at most (nil: until one arrives — an
    /// idle program sleeps in the kernel until a key or a resize, see ``SignalWakeup``). Returns
    /// nil when the deadline came first.
    ///
    /// A resize is read from the terminal (`TIOCGWINSZ`) and reported as ``Event/resize(_:)``;
    /// the next frame is painted in full. After a stop from outside (SIGSTOP, then SIGCONT) the
    /// terminal is taken back — raw mode, the alternate screen, the input modes — and the last
    /// frame painted again in full, with a changed size reported. A hung-up terminal gives ``Event/inputEnded``, and so
    /// does every call after it and after ``stop()``. Terminal answers to queries are never
    /// events. An Esc alone arrives 25 ms after it was pressed (that long it may still be the
    /// start of a key's sequence); a paste arrives whole, or with what came before it stalled
    /// for a second.
    public func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
        var readable: [Int32]?
        while true {
            switch nextStep(until: deadline, clock: clock, readable: readable) {
            case .done(let event): return event
            case .suspend:
                await suspend()
                readable = nil
            case .wait(let wake):
                // The main actor is free meanwhile: input, a signal, the deadline, the end of an
                // Esc's or a paste's wait, the start-up answers' wait, or an interruption ends it.
                switch await inputWait.wait(until: wake, clock: clock) {
                case .interrupted: return nil
                case .readable(let ready): readable = ready
                case .timedOut: readable = []
                }
            }
        }
    }

    /// What ``nextEvent(until:clock:)`` does without waiting: an event or the deadline's nil when
    /// there is one, a suspension asked for from outside (`kill -TSTP`), else the time to wait
    /// until.
    enum Step: Equatable {
        case done(Event?)
        case suspend
        case wait(until: Double?)
    }

    /// Reads what has arrived, without waiting: the next event, nil when the deadline came, or
    /// how long to wait for more. `readable`: what the wait just found readable (nil: look).
    ///
    /// While the start-up answers are awaited (``answersDue``) the caller's deadline does not
    /// count and events are queued, in order: the first call waits for the answers, as the
    /// start once did, but with the main actor free.
    func nextStep(until deadline: Double?, clock: AnimationClock, readable known: [Int32]? = nil) -> Step {
        guard !stopped else { return .done(.inputEnded) }
        pacingClock = clock
        var known = known
        var hasRead = false
        while !stopped {
            if answersDue == nil, !queued.isEmpty { return .done(queued.removeFirst()) }
            switch reader.next(clock: clock) {
            case .input(.event(let event)):
                if answersDue == nil { return .done(event) }
                queued.append(event)
                continue
            case .input(.reply(let reply)): note(reply); continue
            case .ended:
                if answersDue != nil { answersCame() }
                if !queued.isEmpty { continue }
                return .done(.inputEnded)
            case .needsInput: break
            }
            if answersDue != nil, synchronizedOutput.complete || monotonicNanoseconds() >= answersDue! {
                answersCame()
                continue
            }
            // One look at the descriptors per call (a full block reads on by itself): then the
            // deadline counts, and input still waiting makes the next wait return at once.
            if !hasRead {
                hasRead = true
                let ready = known ?? inputWait.readableNow()
                known = nil
                if SignalWakeup.descriptor >= 0, ready.contains(SignalWakeup.descriptor) {
                    SignalWakeup.drain()
                    if takeStopRequest() { return .suspend }
                    if let size = wokenBySignal() {
                        if answersDue == nil { return .done(.resize(size)) }
                        queued.append(.resize(size))
                    }
                }
                if ready.contains(takeover.inputDescriptor) {
                    reader.readAvailable(clock: clock)
                    continue
                }
            }
            if let due = answersDue {
                let remaining = Double(due - monotonicNanoseconds()) / 1e9
                return .wait(until: [clock.now + remaining, reader.idleDeadline].compactMap { $0 }.min())
            }
            // A kept frame waits for the terminal's answer, but not for ever.
            if let kept = keptFrame, let giveUp = pacing.giveUpTime, clock.now >= giveUp {
                pacing.gaveUp()
                send(kept)
            }
            if let deadline, clock.now >= deadline { return .done(nil) }
            return .wait(until: [deadline, keptFrame == nil ? nil : pacing.giveUpTime, reader.idleDeadline].compactMap { $0 }.min())
        }
        return .done(.inputEnded)
    }

    /// Ends a wait in ``nextEvent(until:clock:)`` early: the app has work from outside its loop.
    public func interruptWait() {
        inputWait.interrupt()
    }

    /// True while the terminal answers status requests later than three 60 Hz frames (see
    /// ``OutputPacing``): a thin or distant link, where the app makes transitions instant.
    public var showsFramesSlowly: Bool { pacing.isActive && pacing.isSlow }

    /// Reports every pointer motion (mode 1003) or only presses, releases and drags (1002,
    /// the default): the app asks for motion while something waits on the pointer resting on it.
    public func reportPointerMotion(_ enabled: Bool) {
        guard !stopped, reportsMouse, enabled != reportsAllMotion else { return }
        reportsAllMotion = enabled
        if takeover.ownsTerminal {
            TerminalWrites.write(takeover.outputDescriptor, enabled ? InputModes.allMotion : InputModes.buttonMotion)
        }
    }

    // MARK: Stop

    /// Restores the terminal: bracketed paste and mouse off, cursor visible, the shell's modes
    /// and screen back. Safe to call more than once; later calls do nothing.
    public func stop() {
        guard !stopped else { return }
        if isReleased { takeTerminalBack() }
        // Never a wait here (stop runs from deinit too): answers already arrived are read, so
        // they do not reach the shell; ``finishAnswers()`` is the wait for those on their way.
        drainAnswers()
        stopped = true
        if takeover.ownsTerminal { TerminalWrites.write(takeover.outputDescriptor, InputModes.disable) }
        // Leave a blank screen behind: tmux hands the shell's screen back with rows of the
        // alternate screen in it when the window grew meanwhile (any ncurses program shows
        // it), and a terminal without an alternate screen keeps whatever was drawn last.
        writer.blankScreen()
        inputWait.cancel()
        SignalWakeup.uninstall()
        takeover.release()
    }
}
