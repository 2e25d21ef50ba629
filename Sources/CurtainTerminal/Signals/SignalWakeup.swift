import CurtainPlatform

/// Wakes the input wait when the terminal is resized (SIGWINCH), the process is continued
/// after a stop (SIGCONT) or asked to stop from outside (SIGTSTP, `kill -TSTP`), without a
/// race and without polling.
///
/// A handler that sets a flag would leave the program asleep until the next key when the
/// signal lands just before the wait begins. So the session waits in `poll` on the input and
/// on a pipe, and the handlers write one byte into the pipe (the self-pipe trick); the wait
/// then sleeps in the kernel with no timeout while idle. Each handler also counts its signal,
/// so the session tells the two apart: after a resize it reads the new size itself
/// (`TIOCGWINSZ`) and tells ncurses (`resizeterm`); after a continue it takes the terminal
/// back — a stop from outside (`kill -STOP`, a debugger) gave it to the shell, which left it
/// cooked with its own text on the screen.
///
/// The SIGTSTP handler replaces ncurses' own, which stops the process with only `endwin`:
/// mouse reporting and bracketed paste stayed on at the shell (a click typed `0;5;5M`), and
/// keypad mode was not turned back on after `fg`. Counted here, the stop is made by the
/// session at its next wake-up with the same hand-over as Ctrl-Z (``TerminalSession/suspend()``).
///
/// The SIGWINCH handler replaces ncurses' own, which would otherwise resize the screen behind
/// the session's back at the next `doupdate` and queue `KEY_RESIZE` into an input queue nobody
/// reads. The handlers only count and call `write(2)`, which is async-signal-safe; the
/// descriptors, counts and previous actions live in ``ProcessLifetimeStorage``, allocated before
/// the handlers are installed.
enum SignalWakeup {
    struct State {
        var readEnd: Int32 = -1
        var writeEnd: Int32 = -1
        var previousResize = SignalAction()
        var previousContinue = SignalAction()
        var previousStop = SignalAction()
        var installed = false
        /// SIGWINCH and SIGCONT received since the process started.
        var resizes: sig_atomic_t = 0
        var continues: sig_atomic_t = 0
        /// SIGTSTP received while installed, and how many of them the session has acted on.
        var stops: sig_atomic_t = 0
        var stopsTaken: sig_atomic_t = 0
    }

    /// In ``ProcessLifetimeStorage``, with everything else the handlers touch.
    static var state: UnsafeMutablePointer<State> { ProcessLifetimeStorage.shared.wakeup }

    /// The descriptor that becomes readable after a SIGWINCH, SIGCONT or SIGTSTP, or -1 when not installed.
    static var descriptor: Int32 { state.pointee.installed ? state.pointee.readEnd : -1 }

    /// How many SIGWINCH and SIGCONT the process has received: compare with the counts seen
    /// last to tell what a wake-up was for.
    static var counts: (resizes: Int32, continues: Int32) {
        (state.pointee.resizes, state.pointee.continues)
    }

    /// Whether a SIGTSTP came since the last call: the session then stops as for Ctrl-Z.
    static func takeStopRequest() -> Bool {
        let stops = state.pointee.stops
        defer { state.pointee.stopsTaken = stops }
        return stops != state.pointee.stopsTaken
    }

    /// Empties the pipe: one read takes any number of wake-ups (a byte per signal); a byte
    /// left over only costs another look at the signal counts.
    static func drain() {
        guard state.pointee.installed else { return }
        var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        _ = withUnsafeMutableBytes(of: &bytes) { read(state.pointee.readEnd, $0.baseAddress, $0.count) }
    }

    /// Creates the pipe (both ends non-blocking, closed on exec) and installs the handlers, the
    /// SIGWINCH one in place of ncurses' own. Call after `newterm`, which installs ncurses'.
    /// Throws when the pipe cannot be made: the session would never hear of a resize.
    static func install() throws(TerminalError) {
        ProcessLifetimeStorage.prepare()
        let s = state
        guard !s.pointee.installed else { return }
        let ends: DescriptorPair
        do {
            ends = try DescriptorPair.pipe(nonBlocking: .both)
        } catch {
            throw TerminalError("no pipe for the signal wake-up (\(error))")
        }
        s.pointee.readEnd = ends.read
        s.pointee.writeEnd = ends.write
        var action = SignalAction.withInfo({ signal, info, context in
            SignalWakeup.handle(signal, info, context)
        }, flags: SA_RESTART)
        guard sigaction(SIGWINCH, &action, &s.pointee.previousResize) == 0 else {
            ends.closeBoth()
            return
        }
        if sigaction(SIGCONT, &action, &s.pointee.previousContinue) != 0 {
            s.pointee.previousContinue = .byDefault
        }
        s.pointee.stopsTaken = s.pointee.stops
        if sigaction(SIGTSTP, &action, &s.pointee.previousStop) != 0 {
            s.pointee.previousStop = .byDefault
        }
        s.pointee.installed = true
    }

    /// Puts the previous handlers back (ncurses' for SIGWINCH) and closes the pipe.
    static func uninstall() {
        let s = state
        guard s.pointee.installed else { return }
        sigaction(SIGWINCH, &s.pointee.previousResize, nil)
        sigaction(SIGCONT, &s.pointee.previousContinue, nil)
        sigaction(SIGTSTP, &s.pointee.previousStop, nil)
        s.pointee.installed = false
        close(s.pointee.readEnd)
        close(s.pointee.writeEnd)
        s.pointee.readEnd = -1
        s.pointee.writeEnd = -1
    }

    private static func handle(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                               _ context: UnsafeMutableRawPointer?) {
        let savedErrno = errno
        if signal == SIGCONT {
            state.pointee.continues &+= 1
        } else if signal == SIGTSTP {
            state.pointee.stops &+= 1
        } else {
            state.pointee.resizes &+= 1
        }
        var byte: UInt8 = 1
        _ = write(state.pointee.writeEnd, &byte, 1) // a full pipe already holds a wake-up
        errno = savedErrno
    }
}
