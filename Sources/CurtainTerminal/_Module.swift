// CurtainTerminal: the ncurses backend, the only target that imports CNcurses (internally, so
// no ncurses type appears in its API).
//
// Session/   TerminalSession (start, refusal checks, draw, input, suspend, stop), TerminalError,
//            the terminfo probe and the signal-safe EmergencyRestore.
// Input/     Key, TerminalEvent, and the pure KeyDecoder that assembles what ncurses does not
//            decode itself (sequences missing from terminfo, bracketed paste, SGR mouse).
// Color/     colour depth, reduction of RGB and indexed colours to what the terminal has, and
//            the colour pair cache.
// Drawing/   ScreenWriter (changed runs → wadd_wchnstr → one doupdate) and GlyphMapper (wide
//            characters, clusters, ACS line drawing and `?` for non-UTF-8 locales).
