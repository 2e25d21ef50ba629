internal import CNcurses
import CurtainLayout
import CurtainScreen
import Glibc
import Synchronization

/// The terminal, taken over for a full-screen, animated, Unicode program through ncurses.
///
/// ```swift
/// let terminal = try TerminalSession(programName: "curtain-demo", alternative: "use --headless")
/// defer { terminal.stop() }
/// terminal.draw(frame)
/// while let event = terminal.nextEvent(timeout: animating ? .milliseconds(16) : nil) { … }
/// ```
///
/// Starting refuses, with a ``TerminalError`` whose one-line message names the fix, when stdin or
/// stdout is not a terminal or `TERM` is unknown or cannot move the cursor. Once started, the
/// terminal is in raw mode (Ctrl-C and Ctrl-Z arrive as keys), with no echo, hidden cursor, keypad
/// keys, colours when present (and `NO_COLOR` unset), bracketed paste and button-1 mouse
/// reporting.
///
/// The terminal is restored on every way out: ``stop()`` (also called by `deinit`), SIGTERM,
/// SIGHUP, SIGINT, traps and `exit` (see ``EmergencyRestore``). Ctrl-Z suspends the program
/// like a shell expects (see ``suspend()``).
///
/// Not `Sendable`: ncurses is one global state that is not thread-safe, so a session lives in
/// the isolation domain that created it (normally the main actor) and only one exists at a
/// time per process.
public final class TerminalSession {
    /// True while a session owns ncurses in this process.
    private static let running = Atomic<Bool>(false)

    /// Millisecond waits of the input reader.
    enum Wait {
        /// How long ncurses waits after Esc for the rest of a sequence it knows (`ESCDELAY`).
        static let escapeDelay: Int32 = 25
        /// How long the decoder waits after Esc for the rest of a sequence ncurses does not know.
        static let sequenceFollowUp: Int32 = 25
        /// How long a bracketed paste may stall before what arrived is delivered.
        static let pasteStall: Int32 = 1000
    }

    private var screen: OpaquePointer?
    private let ownsProcess: Bool
    private let writer: ScreenWriter
    private var decoder = KeyDecoder()
    /// Set when the locale's character set is ASCII: input is then read byte by byte and
    /// decoded here (see ``UTF8ByteAssembler``), since `wget_wch` would drop what follows a
    /// byte it cannot decode.
    private var byteAssembler: UTF8ByteAssembler? = TerminalSession.byteAssemblerForLocale()
    /// Characters the byte assembler completed that `read(waiting:)` has not returned yet.
    private var assembledCharacters: [UInt32] = []
    private var pending: [TerminalEvent] = []
    private var pendingIndex = 0
    private var lastFrame: CellBuffer?
    private var stopped = false
    /// The descriptor ncurses reads keys from.
    private let inputDescriptor: Int32
    /// Set once the input has hung up.
    private var hungUp = false

    /// How many colours frames may count on: 0 when the terminal has none or `NO_COLOR` is set
    /// (show emphasis and dimming with attributes: ``TextAttributes/dim`` is drawn faint), else 8,
    /// 16, 256, or 16,777,216 for direct colour.
    public let colorCount: Int

    /// What the terminal shows of colours, as CurtainScreen names it: `.monochrome` when it has
    /// none or `NO_COLOR` is set. A recording of the session reduces its frames to this depth
    /// (``ColorReduction/reduce(_:to:)-(Style,_)``) to show what the terminal showed.
    public var colorDepth: ColorDepth { writer.depth.colorDepth }

    /// Whether the locale can show Unicode (its character set is UTF-8). When false, box-drawing
    /// characters are drawn with the terminal's line-drawing set and characters the locale
    /// cannot encode appear as `?`; programs may prefer ASCII alternatives.
    public var supportsUnicode: Bool { writer.isUnicode }

    /// Whether each frame is bracketed with synchronized output (DEC mode 2026) so it appears
    /// at once: true when the terminal said it supports it (see ``SynchronizedOutput``).
    public var usesSynchronizedOutput: Bool { writer.synchronizedOutputDescriptor != nil }

    /// Whether Ctrl-Z suspends the program inside ``nextEvent(timeout:)`` (the default); when
    /// false it is delivered as ``Key/controlZ`` and the program may call ``suspend()`` itself.
    public var suspendsOnControlZ = true

    /// Takes over the terminal on stdin/stdout.
    ///
    /// - Parameters:
    ///   - programName: names the program in refusal messages.
    ///   - alternative: another way to run the program, offered in refusal messages
    ///     (e.g. `"use --headless"`).
    /// - Throws: ``TerminalError`` when stdin or stdout is not a terminal, `TERM` is unset,
    ///   unknown or cannot address the cursor, or another session is running.
    public init(programName: String, alternative: String? = nil) throws {
        // Claimed first: probing terminfo replaces ncurses' current terminal, which would break
        // a session already running.
        guard Self.running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { throw TerminalError("\(programName) already has the terminal: only one terminal session can run at a time") }
        let term = Self.environment("TERM")
        var requirements = TerminalRequirements(
            stdinIsTerminal: isatty(STDIN_FILENO) == 1, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1,
            term: term, terminfo: .unknown)
        var probe = TerminfoProbe(terminfo: .unknown)
        if requirements.stdinIsTerminal, requirements.stdoutIsTerminal, let term, !term.isEmpty {
            probe = TerminfoProbe.probe(term: term, fileDescriptor: STDOUT_FILENO)
            requirements.terminfo = probe.terminfo
        }
        if let refusal = requirements.refusal(programName: programName, alternative: alternative) {
            Self.running.store(false, ordering: .releasing)
            throw refusal
        }

        setlocale(LC_ALL, "")
        EmergencyRestore.arm(fileDescriptor: STDOUT_FILENO,
                             resetBytes: probe.resetSequence + TerminfoProbe.disableInputModes)
        guard let screen = newterm(nil, curtain_stdout(), curtain_stdin()) else {
            EmergencyRestore.disarm()
            Self.running.store(false, ordering: .releasing)
            throw TerminalError("\(programName) cannot start the terminal: ncurses refused TERM=\(TerminalRequirements.printable(term ?? "")) (set TERM=xterm-256color\(alternative.map { ", or \($0)" } ?? ""))")
        }
        self.screen = screen
        self.ownsProcess = true
        self.inputDescriptor = STDIN_FILENO
        ResizeWakeup.install()
        let setup = Self.configure(noColor: Self.environment("NO_COLOR"))
        self.colorCount = setup.depth.colorCount
        self.writer = ScreenWriter(depth: setup.depth, defaultColors: setup.defaultColors,
                                   colorPairs: Int(curtain_COLOR_PAIRS()), isUnicode: GlyphMapper.localeIsUnicode())
        if Self.detectSynchronizedOutput() { writer.synchronizedOutputDescriptor = STDOUT_FILENO }
        Self.writeToTerminal(TerminfoProbe.enableBracketedPaste)
    }

    /// A session on any files, for tests: no terminal checks, no signal handlers, no locale
    /// change, no bracketed paste, no queries. `TERM` and the locale are taken as the caller set
    /// them; `synchronizedOutput` brackets every frame as for a terminal that supports it;
    /// `readsBytes` reads input as in an ASCII locale (nil: as the locale says).
    package init(output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, noColor: String? = nil,
                 synchronizedOutput: Bool = false, readsBytes: Bool? = nil) throws {
        guard Self.running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { throw TerminalError("only one terminal session can run at a time") }
        guard let screen = newterm(nil, output, input) else {
            Self.running.store(false, ordering: .releasing)
            throw TerminalError("newterm failed for TERM=\(Self.environment("TERM") ?? "")")
        }
        self.screen = screen
        self.ownsProcess = false
        self.inputDescriptor = fileno(input)
        let setup = Self.configure(noColor: noColor)
        self.colorCount = setup.depth.colorCount
        self.writer = ScreenWriter(depth: setup.depth, defaultColors: setup.defaultColors,
                                   colorPairs: Int(curtain_COLOR_PAIRS()), isUnicode: GlyphMapper.localeIsUnicode())
        if synchronizedOutput { writer.synchronizedOutputDescriptor = fileno(output) }
        if let readsBytes { byteAssembler = readsBytes ? UTF8ByteAssembler() : nil }
    }

    deinit { stop() }

    /// Whether the terminal supports synchronized output: its terminfo entry has `Sync`, or it
    /// answers the DECRQM query saying it knows mode 2026. Keys typed while the answer was
    /// awaited go back to ncurses' input, in order.
    private static func detectSynchronizedOutput() -> Bool {
        if TerminfoProbe.string("Sync") != nil { return true }
        let replies = SynchronizedOutput.ask(input: STDIN_FILENO, output: STDOUT_FILENO)
        for byte in replies.other.reversed() { ungetch(Int32(byte)) }
        return replies.supported
    }

    /// Every mouse event, though only a button-1 press is used. After an event its mask
    /// filters out (a release, a wheel turn), `wget_wch` reads on from the descriptor without
    /// the timeout and blocks until the next byte: a real click's release, arriving after its
    /// press, froze the loop. So nothing is filtered in ncurses; `read` ignores the rest.
    private static let mouseEvents = curtain_ALL_MOUSE_EVENTS()

    /// Sets ncurses up for a full-screen animated program; returns what the colours can do.
    private static func configure(noColor: String?) -> (depth: TerminalColorDepth, defaultColors: Bool) {
        raw()
        noecho()
        nonl()
        if let window = curtain_stdscr() {
            keypad(window, true)
            meta(window, true)
            intrflush(window, false)
            leaveok(window, true) // the cursor is hidden: do not spend bytes moving it back
        }
        curs_set(0)
        _ = curtain_set_escdelay(Wait.escapeDelay)
        var depth = TerminalColorDepth.monochrome
        var defaultColors = false
        let wantsColor = noColor.map(\.isEmpty) ?? true
        if wantsColor, has_colors() {
            start_color()
            defaultColors = use_default_colors() == curtain_OK()
            let directFlag = "RGB".withCString { tigetflag($0) } > 0
            depth = TerminalColorDepth.detect(colors: Int(curtain_COLORS()), hasColors: true,
                                              noColor: noColor, directColorFlag: directFlag)
        }
        mousemask(mouseEvents, nil)
        mouseinterval(0)
        return (depth, defaultColors)
    }

    // MARK: Size and drawing

    /// The terminal's size in cells.
    public var size: Size { stopped ? .zero : ScreenWriter.screenSize() }

    /// Shows `frame`, sending only the cells that differ from the last frame; sends nothing when
    /// nothing changed. A frame of another size than the last, or the first frame after a
    /// resize or resume, is painted in full. Cells outside the terminal are clipped.
    ///
    /// - Returns: whether anything was sent.
    @discardableResult
    public func draw(_ frame: CellBuffer) -> Bool {
        guard !stopped else { return false }
        lastFrame = frame
        return writer.draw(frame)
    }

    /// Makes the next ``draw(_:)`` repaint the whole terminal (e.g. after another program wrote
    /// over it).
    public func repaintAll() { writer.invalidate() }

    // MARK: Input

    /// The next event, waiting at most `timeout` (`nil`: until one arrives — an idle program
    /// sleeps in the kernel until a key or a resize, see ``ResizeWakeup``).
    /// Returns nil when the wait ended without an event.
    ///
    /// Ctrl-Z suspends the program here when ``suspendsOnControlZ`` is true; after `fg` this
    /// returns ``TerminalEvent/resize(_:)`` with the current size so the program lays out again
    /// (the last frame has already been repainted).
    ///
    /// The wait may run a little past `timeout` while a key sequence is incomplete (an Esc waits
    /// up to 25 ms for what follows) or a bracketed paste is arriving (a paste that stalls for a
    /// second is delivered with what came).
    public func nextEvent(timeout: Duration?) -> TerminalEvent? {
        guard !stopped else { return nil }
        if hungUp { return .hangup }
        let clock = ContinuousClock()
        let deadline = timeout.map { clock.now.advanced(by: max($0, .zero)) }
        while true {
            if let event = popPending() {
                if event == .key(.controlZ), suspendsOnControlZ {
                    suspend()
                    return .resize(size)
                }
                return event
            }
            let wait: Int32
            if byteAssembler?.isPending == true {
                wait = Wait.sequenceFollowUp
            } else if decoder.isInPaste {
                wait = Wait.pasteStall
            } else if decoder.isPending {
                wait = Wait.sequenceFollowUp
            } else if let deadline {
                wait = Self.milliseconds(until: deadline, clock: clock)
            } else {
                wait = -1
            }
            switch read(waiting: wait) {
            case .input(let raw):
                decoder.feed(raw, into: &pending)
            case .ignored:
                continue
            case .hangup:
                hungUp = true
                return .hangup
            case .timedOut:
                if let cutShort = byteAssembler?.flush(), !cutShort.isEmpty {
                    assembledCharacters += cutShort
                    continue
                }
                if decoder.isPending {
                    decoder.feed(.idle, into: &pending)
                } else if let deadline, clock.now >= deadline {
                    return nil
                }
            }
            if pending.isEmpty, let deadline, !decoder.isPending, clock.now >= deadline { return nil }
        }
    }

    private func popPending() -> TerminalEvent? {
        guard pendingIndex < pending.count else {
            if !pending.isEmpty {
                pending.removeAll(keepingCapacity: true)
                pendingIndex = 0
            }
            return nil
        }
        let event = pending[pendingIndex]
        pendingIndex += 1
        return event
    }

    private enum ReadResult {
        case input(RawInput)
        case ignored
        case timedOut
        case hangup
    }

    /// One `wget_wch` with a wait in milliseconds (-1 blocks).
    private func read(waiting milliseconds: Int32) -> ReadResult {
        if !assembledCharacters.isEmpty { return .input(.character(assembledCharacters.removeFirst())) }
        guard let window = curtain_stdscr() else { return .timedOut }
        // A resize that arrived while the program was busy: doupdate notices ncurses' flag and
        // queues KEY_RESIZE (sending nothing when nothing changed).
        doupdate()
        var character: wint_t = 0
        wtimeout(window, 0)
        errno = 0
        var status = readCharacter(window, &character)
        if status == curtain_ERR(), errno != EILSEQ, milliseconds != 0 {
            // Nothing buffered in ncurses or ready on the descriptor: sleep in the kernel until
            // input, a resize (the wake-up pipe) or the deadline, then read what came.
            switch waitForInputOrResize(milliseconds) {
            case .timedOut: return .timedOut
            case .hangup: return .hangup
            case .ready: break
            }
            ResizeWakeup.drain()
            errno = 0
            status = readCharacter(window, &character)
        }
        if status == curtain_ERR() {
            // Bytes that are not text in the locale: ncurses drops them (and whatever arrived
            // with them) and reports EILSEQ. Shown as U+FFFD rather than ending a paste early.
            return errno == EILSEQ ? .input(.character(0xFFFD)) : .timedOut
        }
        if status != curtain_KEY_CODE_YES() {
            guard let completed = byteAssembler?.feed(UInt8(truncatingIfNeeded: character)) else {
                return .input(.character(UInt32(character)))
            }
            assembledCharacters += completed
            if assembledCharacters.isEmpty { return .ignored }   // inside a multi-byte character
            return .input(.character(assembledCharacters.removeFirst()))
        }
        let code = Int32(bitPattern: character)
        if code == curtain_KEY_RESIZE() {
            writer.invalidate()
            return .input(.resize(ScreenWriter.screenSize()))
        }
        if code == curtain_KEY_MOUSE() {
            var event = MEVENT()
            guard getmouse(&event) == curtain_OK(),
                  event.bstate & (curtain_BUTTON1_PRESSED() | curtain_BUTTON1_CLICKED()) != 0 else { return .ignored }
            return .input(.mouse(column: Int(event.x), row: Int(event.y)))
        }
        guard let key = Key(cursesCode: code) else { return .ignored }
        return .input(.key(key))
    }

    private enum WaitResult { case ready, timedOut, hangup }

    /// Waits up to `milliseconds` (-1: no limit) for input or a resize wake-up.
    private func waitForInputOrResize(_ milliseconds: Int32) -> WaitResult {
        var descriptors = [pollfd(fd: inputDescriptor, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: ResizeWakeup.descriptor, events: Int16(POLLIN), revents: 0)]
        let count = nfds_t(ResizeWakeup.descriptor >= 0 ? 2 : 1)
        let ready = poll(&descriptors, count, milliseconds)
        if ready == 0 { return .timedOut }
        // Interrupted (EINTR) counts as a wake-up: the signal may have been SIGWINCH.
        guard ready > 0 else { return .ready }
        let input = descriptors[0].revents
        // Hung up with nothing left to read: waiting again would return at once, forever.
        if input & Int16(POLLIN) == 0, input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .hangup }
        return .ready
    }

    private static func milliseconds(until deadline: ContinuousClock.Instant, clock: ContinuousClock) -> Int32 {
        let remaining = clock.now.duration(to: deadline)
        if remaining <= .zero { return 0 }
        let (seconds, attoseconds) = remaining.components
        let ms = seconds.multipliedReportingOverflow(by: 1000)
        if ms.overflow || ms.partialValue > Int64(Int32.max) { return Int32.max }
        // Round up so a wait never ends just before its deadline and spins.
        return Int32(clamping: ms.partialValue + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }

    /// `wget_wch`, or in an ASCII locale `wgetch` with the same results: `OK` and a byte in
    /// `character`, or `KEY_CODE_YES` and a key code, or `ERR`.
    private func readCharacter(_ window: UnsafeMutablePointer<WINDOW>, _ character: inout wint_t) -> Int32 {
        guard byteAssembler != nil else { return wget_wch(window, &character) }
        let code = wgetch(window)
        if code == curtain_ERR() { return code }
        character = wint_t(bitPattern: code)
        return code > 0xFF ? curtain_KEY_CODE_YES() : curtain_OK()
    }

    private static func byteAssemblerForLocale() -> UTF8ByteAssembler? {
        guard let codeset = curtain_codeset() else { return nil }
        return UTF8ByteAssembler.isNeeded(codeset: String(cString: codeset)) ? UTF8ByteAssembler() : nil
    }

    // MARK: Suspend and stop

    /// Gives the terminal back to the shell and stops the process (as Ctrl-Z does in a cooked
    /// terminal); returns after `fg` with the screen taken over again and the last frame
    /// repainted in full.
    public func suspend() {
        guard !stopped else { return }
        if ownsProcess { Self.writeToTerminal(TerminfoProbe.disableInputModes) }
        endwin()
        if ownsProcess {
            // ncurses' own SIGTSTP handler would do the same work again; use the default action
            // so the stop happens right here, then put its handler back.
            var previous = Glibc.sigaction()
            var stopAction = Glibc.sigaction()
            stopAction.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&stopAction.sa_mask)
            sigaction(SIGTSTP, &stopAction, &previous)
            kill(getpid(), SIGTSTP)
            // Continued (SIGCONT).
            sigaction(SIGTSTP, &previous, nil)
        }
        resume()
    }

    private func resume() {
        if let window = curtain_stdscr() {
            keypad(window, true)
            wnoutrefresh(window) // leaves the endwin state: program mode and alternate screen again
        }
        curs_set(0)
        mousemask(Self.mouseEvents, nil)
        if ownsProcess { Self.writeToTerminal(TerminfoProbe.enableBracketedPaste) }
        writer.invalidate()
        if let lastFrame { writer.draw(lastFrame) } else { doupdate() }
    }

    /// Restores the terminal: bracketed paste and mouse off, cursor visible, the shell's modes
    /// and screen back. Safe to call more than once; later calls do nothing.
    public func stop() {
        guard !stopped else { return }
        stopped = true
        mousemask(0, nil)
        // Leave a blank screen behind: tmux hands the shell's screen back with rows of the
        // alternate screen in it when the window grew meanwhile (any ncurses program shows
        // it), and a terminal without an alternate screen keeps whatever was drawn last.
        if let window = curtain_stdscr() {
            werase(window)
            wrefresh(window)
        }
        curs_set(1)
        endwin()
        if ownsProcess {
            Self.writeToTerminal(TerminfoProbe.disableInputModes)
            EmergencyRestore.disarm()
            ResizeWakeup.uninstall()
        }
        if let screen { delscreen(screen) }
        screen = nil
        Self.running.store(false, ordering: .releasing)
    }

    // MARK: Helpers

    private static func writeToTerminal(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    private static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
