// CurtainTerminal: the terminal backend, `TerminalSession`, and the only target that imports
// CNcurses (internally, so no ncurses type appears in its API). ncurses draws; input, the mouse,
// resizes and suspension are the session's own.
//
// Session/   TerminalSession (the Backend: starts the jobs below in order, stops them in
//            reverse), its suspension (Ctrl-Z and fg), TerminalError.
// Takeover/  TerminalTakeover (checks, locale, newterm, raw mode, colours), the pure
//            TerminalRequirements refusal and the terminfo probe.
// Loop/      TerminalWait (the one wait, on a thread of its own, behind the Readiness call:
//            poll or select), the main queue pump for synchronous entry points.
// Input/     InputReader (reads in blocks when told readable, an injected clock for the Esc and
//            paste deadlines) and the pure
//            InputDecoder (UTF-8, keys with modifiers, terminfo key strings, mouse, paste, the
//            terminal's replies), the input modes the session switches on.
// Output/    ScreenWriter (changed runs → wadd_wchnstr → one doupdate), GlyphMapper (wide
//            characters, clusters, ACS line drawing, `?` for non-UTF-8 locales), synchronized
//            output.
// Color/     ColorDepth detection and colour numbers, the colour pair cache.
// Signals/   EmergencyRestore, SavedSignalActions and the SIGWINCH/SIGCONT SignalWakeup:
//            async-signal-safe.
// System/    writeAll (the one loop that writes to a descriptor) and the window size ioctl.
