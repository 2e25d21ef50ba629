internal import CNcurses
import CurtainScreen
import CurtainPlatform
import Synchronization

/// Takes the terminal over for a session, or refuses with a ``TerminalError`` that names the
/// fix: the first job a ``TerminalSession`` starts and the last it stops.
///
/// Taking over checks stdin, stdout, `TERM` and its terminfo entry (the decision is the pure
/// ``TerminalRequirements/refusal(programName:alternative:)``), sets the locale, arms the
/// ``EmergencyRestore`` before anything changes the terminal, starts ncurses (`newterm`) in raw
/// mode with no echo and a hidden cursor at the terminal's own size (never `COLUMNS` or
/// `LINES` from the environment), and sets up colours. ncurses draws; it neither reads
/// input nor handles the mouse (the session does both itself).
///
/// One takeover per process at a time: ncurses is one global state that is not thread-safe.
final class TerminalTakeover {
    /// True while a takeover owns ncurses in this process.
    private static let running = Atomic<Bool>(false)

    /// The ncurses screen, nil once released.
    private var screen: OpaquePointer?
    /// Where input is read and frames are written.
    let inputDescriptor: Int32
    let outputDescriptor: Int32
    /// Whether this is the process's own terminal (stdin and stdout): only then are signal
    /// handlers armed, input modes and queries written, and the process stopped on suspend.
    let ownsTerminal: Bool
    let colorDepth: ColorDepth
    /// Whether `use_default_colors` succeeded (-1 is a valid colour).
    let defaultColors: Bool
    /// `COLOR_PAIRS`.
    let colorPairs: Int
    /// Whether the terminfo entry lists synchronized output (the `Sync` extended capability).
    let listsSynchronizedOutput: Bool
    /// What was changed in the entry ncurses draws with.
    let tuning: TunedTerminfo.Knobs

    /// Takes over the terminal on stdin and stdout.
    ///
    /// `colorDepth`: the depth the program asks for, nil for what the terminal has. It never
    /// goes above what the terminal's entry can send, except that `.trueColor` (like
    /// `COLORTERM=truecolor` when nil) draws with the direct-colour entry of the terminal's family
    /// where one is installed (see ``DirectColorEntry``).
    init(programName: String, alternative: String?, colorDepth requested: ColorDepth? = nil) throws(TerminalError) {
        // Claimed first: probing terminfo replaces ncurses' current terminal, which would break
        // a session already running.
        try Self.claim(orRefuse: "\(programName) already has the terminal: only one terminal session can run at a time")
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
        // The character set only: it is what ncursesw reads (mbrtowc, wcwidth, the codeset)
        // and what the glyph mapping asks. The rest of the user's locale — the decimal comma
        // of LC_NUMERIC for a program's own C calls, message catalogues, collation — stays the
        // program's choice, and none of its files is loaded at start.
        setlocale(LC_CTYPE, "")
        EmergencyRestore.arm(fileDescriptor: STDOUT_FILENO, resetBytes: probe.resetSequence + InputModes.disable)
        // From here on, what the program writes to stderr waits for the terminal's restore.
        StderrCapture.start()
        // The size is the terminal's own (TIOCGWINSZ), always: by default ncurses takes an
        // exported COLUMNS or LINES over it, and a shell that exported them once (or a script
        // run with `env COLUMNS=300`) would pin the screen at that size for the whole run.
        use_env(false)
        use_tioctl(true)
        // 24-bit colour where the terminal has it and TERM's entry does not say so (never on
        // ncurses 6.0, which has none: there it falls back to 256 colours).
        let direct = curtain_ncurses_has_direct_color() ? term.flatMap { term in
            DirectColorEntry.replacement(
                for: term, environment: { Self.environment($0) },
                wanted: DirectColorEntry.isWanted(requested: requested, colorTerm: Self.environment("COLORTERM")),
                hasDirectColor: { name in
                    name == term ? probe.hasDirectColor : DirectColorEntry.installedEntryHasDirectColor(name, fileDescriptor: STDOUT_FILENO)
                })
        } : nil
        // ncurses gets the entry with the knobs that save bytes (see ``TunedTerminfo``).
        let (created, tuning) = TunedTerminfo.whileInstalled(term: direct ?? term, fileDescriptor: STDOUT_FILENO,
                                                             loaded: direct == nil ? probe.tunedStrings : nil) {
            direct.map { name in name.withCString { curtain_newterm($0, curtain_stdout(), curtain_stdin()) } }
                ?? curtain_newterm(nil, curtain_stdout(), curtain_stdin())
        }
        guard let screen = created else {
            EmergencyRestore.disarm()
            Self.running.store(false, ordering: .releasing)
            throw TerminalError("\(programName) cannot start the terminal: ncurses refused TERM=\(TerminalRequirements.printable(term ?? "")) (set TERM=xterm-256color\(alternative.map { ", or \($0)" } ?? ""))")
        }
        self.screen = screen
        self.tuning = tuning
        inputDescriptor = STDIN_FILENO
        outputDescriptor = STDOUT_FILENO
        ownsTerminal = true
        (colorDepth, defaultColors) = Self.configure(noColor: requested == .monochrome ? "1" : Self.environment("NO_COLOR"),
                                                     requested: requested)
        colorPairs = Int(curtain_COLOR_PAIRS())
        listsSynchronizedOutput = TerminfoProbe.string("Sync") != nil
    }

    /// Takes over files instead, for tests and the benchmark: no terminal checks, no signal
    /// handlers, no locale change. `TERM` and the locale are taken as the caller set them.
    init(output: UnsafeMutablePointer<FILE>, input: UnsafeMutablePointer<FILE>, noColor: String?) throws(TerminalError) {
        try Self.claim(orRefuse: "only one terminal session can run at a time")
        let (created, tuning) = TunedTerminfo.whileInstalled(term: Self.environment("TERM"), fileDescriptor: fileno(output)) {
            curtain_newterm(nil, output, input)
        }
        guard let screen = created else {
            Self.running.store(false, ordering: .releasing)
            throw TerminalError("newterm failed for TERM=\(Self.environment("TERM") ?? "")")
        }
        self.screen = screen
        self.tuning = tuning
        inputDescriptor = fileno(input)
        outputDescriptor = fileno(output)
        ownsTerminal = false
        (colorDepth, defaultColors) = Self.configure(noColor: noColor, requested: nil)
        colorPairs = Int(curtain_COLOR_PAIRS())
        listsSynchronizedOutput = false
    }

    private static func claim(orRefuse message: String) throws(TerminalError) {
        guard running.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
        else { throw TerminalError(message) }
    }

    /// Sets ncurses up for a full-screen animated program; returns what the colours can do.
    private static func configure(noColor: String?, requested: ColorDepth?) -> (ColorDepth, defaultColors: Bool) {
        raw()
        noecho()
        nonl()
        // ncurses only draws: with typeahead checks on, a `doupdate` that sees unread input
        // (a paste arriving) stops part-way and leaves the frame half drawn.
        typeahead(-1)
        // The session reports the mouse itself (SGR, button events): ncurses must not ask for
        // other modes or answer reports.
        mousemask(0, nil)
        if let window = curtain_stdscr() {
            // Keypad transmit mode, so keys send the sequences terminfo lists (the decoder
            // matches them); ncurses does not decode them, as it reads no input.
            curtain_keypad(window, true)
            curtain_meta(window, true)
            curtain_intrflush(window, false)
            curtain_leaveok(window, true) // the cursor is hidden: do not spend bytes moving it back
        }
        curs_set(0)
        let wantsColor = noColor.map(\.isEmpty) ?? true
        guard wantsColor, has_colors() else { return (.monochrome, false) }
        start_color()
        let defaultColors = use_default_colors() == curtain_OK()
        let directFlag = curtain_ncurses_has_direct_color() && "RGB".withCString { curtain_tigetflag($0) } > 0
        let depth = ColorDepth.detect(colors: Int(curtain_COLORS()), hasColors: true, noColor: noColor,
                                      directColorFlag: directFlag)
        return (requested.map { depth.limited(to: $0) } ?? depth, defaultColors)
    }

    /// Gives the terminal back (cursor visible, the shell's modes and screen) and ends ncurses.
    /// Safe to call more than once.
    func release() {
        guard let screen else { return }
        curs_set(1)
        endwin()
        if ownsTerminal {
            EmergencyRestore.disarm()
            StderrCapture.finish()
        }
        delscreen(screen)
        self.screen = nil
        Self.running.store(false, ordering: .releasing)
    }

    static func environment(_ name: String) -> String? {
        guard let value = getenv(name) else { return nil }
        return String(cString: value)
    }
}
