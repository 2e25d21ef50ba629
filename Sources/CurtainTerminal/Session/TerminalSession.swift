internal import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
import Glibc

/// The terminal, taken over for a full-screen, animated, Unicode program: the ``Backend`` an
/// `App` runs on in a real terminal.
///
/// ```swift
/// let terminal = try TerminalSession(programName: "hello", alternative: "use --headless")
/// defer { terminal.stop() }
/// app.run(on: terminal)
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
/// (``InputReader``), the input modes, and the synchronized-output query. Main-actor bound:
/// ncurses is one global state that is not thread-safe, and one session runs at a time.
@MainActor
public final class TerminalSession: Backend {
    let takeover: TerminalTakeover
    let writer: ScreenWriter
    let reader: InputReader
    /// Events to deliver before reading more: keys typed while the terminal was being asked
    /// about synchronized output, a size that changed during a suspension.
    var queued: [Event] = []
    /// What the terminal's answers said about synchronized output; an answer arriving after
    /// the start-up wait still counts.
    private var synchronizedOutput = SynchronizedOutput.Detection()
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
    private var reportedColors = DefaultColorsReport()
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
        self.init(takeover: try TerminalTakeover(programName: programName, alternative: alternative, colorDepth: colorDepth),
                  synchronizedOutput: nil)
    }

    /// Starts the jobs after the takeover. `synchronizedOutput` nil: ask the terminal.
    init(takeover: TerminalTakeover, synchronizedOutput: Bool?) {
        self.takeover = takeover
        SignalWakeup.install()
        seenSignals = SignalWakeup.counts
        writer = ScreenWriter(depth: takeover.colorDepth, defaultColors: takeover.defaultColors,
                              colorPairs: takeover.colorPairs, isUnicode: GlyphMapper.localeIsUnicode())
        reader = InputReader(descriptor: takeover.inputDescriptor, wakeDescriptor: SignalWakeup.descriptor,
                             keyTable: .fromTerminfo())
        if takeover.ownsTerminal { writeAll(takeover.outputDescriptor, InputModes.enable) }
        switch synchronizedOutput {
        case nil:
            askTheTerminal(colors: DefaultColorsReport.shouldAsk(term: TerminalColorsGuess.environment("TERM")))
        case let brackets?:
            if brackets { writer.synchronizedOutputDescriptor = takeover.outputDescriptor }
            self.synchronizedOutput.complete = true // decided: later answers change nothing
        }
    }

    isolated deinit { stop() }

    /// Asks the terminal what it can do, and reads its answers until the device attributes
    /// reply that every terminal sends (or for ``SynchronizedOutput/timeout`` at most); keys
    /// typed meanwhile are kept for ``nextEvent(until:clock:)``, in order.
    ///
    /// In one write: a device status request (its answer tells whether the terminal answers
    /// them, which frames are paced by: see ``OutputPacing``), the synchronized-output query
    /// unless terminfo lists the capability, OSC 10 and 11 for the default colours when
    /// `colors` (see ``DefaultColorsReport``), and the device attributes request.
    private func askTheTerminal(colors: Bool) {
        if takeover.listsSynchronizedOutput {
            writer.synchronizedOutputDescriptor = takeover.outputDescriptor
            synchronizedOutput.modeKnown = true
        }
        let query = OutputPacing.request
            + (takeover.listsSynchronizedOutput ? [] : SynchronizedOutput.modeQuery)
            + (colors ? DefaultColorsReport.query : [])
            + SynchronizedOutput.attributesRequest
        guard writeAll(takeover.outputDescriptor, query) == 0 else { return }
        pacing.probed(at: pacingClock.now)
        let clock = SystemClock()
        let deadline = clock.now + SynchronizedOutput.timeout
        while !synchronizedOutput.complete {
            switch reader.next(until: deadline, clock: clock) {
            case .input(.event(let event)): queued.append(event)
            case .input(.reply(let reply)): note(reply)
            case .woken: if let size = wokenBySignal() { queued.append(.resize(size)) }
            case .timedOut, .ended: return
            }
        }
    }

    private func note(_ reply: TerminalReply) {
        if case .deviceStatus = reply {
            pacing.answered(at: pacingClock.now)
            if pacing.mayDraw, let kept = keptFrame { send(kept) }
            return
        }
        if case .operatingSystemCommand = reply {
            reportedColors.note(reply)
            return
        }
        guard !synchronizedOutput.complete else { return }
        synchronizedOutput.note(reply)
        if synchronizedOutput.supported, writer.synchronizedOutputDescriptor == nil {
            writer.synchronizedOutputDescriptor = takeover.outputDescriptor
        }
    }

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
    public func nextEvent(until deadline: Double?, clock: AnimationClock) -> Event? {
        guard !stopped else { return .inputEnded }
        pacingClock = clock
        if !queued.isEmpty { return queued.removeFirst() }
        while true {
            // A kept frame waits for the terminal's answer, but not for ever.
            let giveUp = keptFrame == nil ? nil : pacing.giveUpTime
            let wake = giveUp.map { min($0, deadline ?? $0) } ?? deadline
            switch reader.next(until: wake, clock: clock) {
            case .input(.event(let event)): return event
            case .input(.reply(let reply)): note(reply)
            case .woken: if let size = wokenBySignal() { return .resize(size) }
            case .timedOut:
                if let giveUp, clock.now >= giveUp, let kept = keptFrame {
                    pacing.gaveUp()
                    send(kept)
                }
                if let deadline, clock.now >= deadline { return nil }
            case .ended: return .inputEnded
            }
        }
    }

    /// True while the terminal answers status requests later than three 60 Hz frames (see
    /// ``OutputPacing``): a thin or distant link, where the app makes transitions instant.
    public var showsFramesSlowly: Bool { pacing.isActive && pacing.isSlow }

    /// Reports every pointer motion (mode 1003) or only presses, releases and drags (1002,
    /// the default): the app asks for motion while something waits on the pointer resting on it.
    public func reportPointerMotion(_ enabled: Bool) {
        guard !stopped, enabled != reportsAllMotion else { return }
        reportsAllMotion = enabled
        if takeover.ownsTerminal {
            writeAll(takeover.outputDescriptor, enabled ? InputModes.allMotion : InputModes.buttonMotion)
        }
    }

    /// Shows `frame`, sending only the cells that differ from the last frame.
    ///
    /// While the terminal is behind — it has not yet answered the status request that followed
    /// the last frame drawn (see ``OutputPacing``) — the frame is kept instead, replacing any
    /// frame kept before it, and drawn as soon as the answer comes. So over a slow link
    /// intermediate animation frames are skipped rather than queued, and the last frame of
    /// every change is always drawn. A terminal that keeps up sees every frame.
    public func present(_ frame: CellBuffer) {
        guard !stopped else { return }
        lastFrame = frame
        if pacing.mayDraw {
            send(frame)
        } else {
            keptFrame = frame
        }
    }

    /// Draws `frame`, followed by a status request while frames are paced.
    @discardableResult
    func send(_ frame: CellBuffer) -> Bool {
        keptFrame = nil
        guard writer.draw(frame) else { return false }
        if takeover.ownsTerminal, pacing.drew(cells: writer.lastDrawnCells, at: pacingClock.now) {
            writeAll(takeover.outputDescriptor, OutputPacing.request)
        }
        return true
    }

    /// Shows `frame` (see ``present(_:)``); sends nothing when nothing changed. A frame of
    /// another size than the last, or the first frame after a resize or resume, is painted in
    /// full. Cells outside the terminal are clipped.
    ///
    /// - Returns: whether anything was sent.
    @discardableResult
    package func draw(_ frame: CellBuffer) -> Bool {
        guard !stopped else { return false }
        lastFrame = frame
        return writer.draw(frame)
    }

    /// Makes the next ``draw(_:)`` repaint the whole terminal (e.g. after another program wrote
    /// over it).
    package func repaintAll() { writer.invalidate() }

    /// After a wake-up: takes the terminal back after a SIGCONT, looks at the size after a
    /// SIGWINCH. Returns the new size when it changed.
    func wokenBySignal() -> Size? {
        let counts = SignalWakeup.counts
        defer { seenSignals = counts }
        if counts.continues != seenSignals.continues {
            // Whoever stopped the process (`kill -STOP`, a debugger) gave the terminal to the
            // shell, which put it back in its own modes and wrote over the screen (and read any
            // answers to status requests still on their way).
            pacing.forgetRequests()
            keptFrame = nil
            endwin()
            return takeTerminalBack()
        }
        return counts.resizes != seenSignals.resizes ? takeNewSize() : nil
    }

    /// After a SIGWINCH: the terminal's new size when it changed (ncurses is told, the next
    /// frame is painted in full), nil when it did not — then the last frame is repainted at
    /// once, as a multiplexer re-attaching sends SIGWINCH to ask for exactly that.
    func takeNewSize() -> Size? {
        writer.invalidate()
        if let newSize = windowSize(of: takeover.outputDescriptor), newSize != size {
            resizeterm(Int32(newSize.height), Int32(newSize.width))
            return newSize
        }
        if let lastFrame { present(lastFrame) }
        return nil
    }

    /// Reads the answers to status requests still on their way, for a quarter of a second at
    /// most, so they do not reach the shell as typed text once the terminal is given back.
    /// Keys that arrive meanwhile are dropped (the program is leaving or stopping).
    func awaitAnswers() {
        guard takeover.ownsTerminal, pacing.isActive, pacing.outstanding > 0 else { return }
        let clock = SystemClock()
        let deadline = clock.now + 0.25
        while pacing.outstanding > 0 {
            switch reader.next(until: deadline, clock: clock) {
            case .input(.reply(let reply)):
                if case .deviceStatus = reply { pacing.answered(at: clock.now) }
            case .input(.event), .woken: continue
            case .timedOut, .ended: return
            }
        }
    }

    // MARK: Stop

    /// Restores the terminal: bracketed paste and mouse off, cursor visible, the shell's modes
    /// and screen back. Safe to call more than once; later calls do nothing.
    public func stop() {
        guard !stopped else { return }
        awaitAnswers()
        stopped = true
        if takeover.ownsTerminal { writeAll(takeover.outputDescriptor, InputModes.disable) }
        // Leave a blank screen behind: tmux hands the shell's screen back with rows of the
        // alternate screen in it when the window grew meanwhile (any ncurses program shows
        // it), and a terminal without an alternate screen keeps whatever was drawn last.
        writer.blankScreen()
        SignalWakeup.uninstall()
        takeover.release()
    }
}
