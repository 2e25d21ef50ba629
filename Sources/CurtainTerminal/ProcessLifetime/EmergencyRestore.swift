import CurtainPlatform

/// Puts the terminal back when the process ends without ``TerminalSession/stop()``: on every
/// signal whose default action ends the process — termination requests (SIGTERM, SIGHUP,
/// SIGINT), SIGQUIT, traps (a Swift runtime failure arrives as SIGILL or SIGTRAP; also SIGABRT,
/// SIGSEGV, SIGBUS, SIGFPE), and the rest (SIGUSR1, SIGUSR2, SIGPIPE, SIGALRM, SIGXCPU, SIGXFSZ,
/// SIGVTALRM, SIGPROF, SIGPOLL, SIGSYS, SIGSTKFLT, SIGPWR, the real-time signals) — and at
/// `exit`.
///
/// The handler does only async-signal-safe work: it writes precomputed bytes (attributes off,
/// cursor visible, keypad local, leave the alternate screen, bracketed paste and mouse off)
/// with ``writeAll(_:_:_:)`` and restores the `termios` saved before ncurses started with
/// `tcsetattr`. It does not call `endwin`, which may allocate and touches ncurses' buffers
/// that the interrupted code may be in the middle of changing. Then it re-raises, so the
/// process still dies of the same signal and its exit status stays honest (128 + n in a
/// shell): with the default action, or — for a crash this process caused — with the action
/// that was there before (the default, or the Swift runtime's backtracer, which prints the
/// crash report on the now-restored terminal and re-raises).
///
/// SIGQUIT is a request from outside (Ctrl-\ is a key in raw mode), not a crash: it gets the
/// default action too (quit, core), never the debug build's backtracer, which would print onto
/// the screen and wait 30 s for a key. The signals beyond the termination requests, SIGQUIT and
/// the traps get the handler only where the default action is in place: a program that
/// handles SIGUSR1 itself keeps its handler.
///
/// The state lives in ``ProcessLifetimeStorage``, allocated before any handler is installed, so
/// the handler never touches lazily initialised globals.
package enum EmergencyRestore {
    /// Every signal whose default action ends the process (terminate or dump core), SIGKILL
    /// aside: the signals that get a restoring handler.
    package static let signals: [Int32] = ProcessEndingSignals.all

    /// Whether the handler replaces any handler in place for `signal` (the termination
    /// requests, SIGQUIT and the traps: ncurses' cleanup, the Swift backtracer), or only the
    /// default action.
    package static func replacesHandlers(_ signal: Int32) -> Bool {
        switch signal {
        case SIGTERM, SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE: true
        default: false
        }
    }

    /// Whether the restoring handler is in place for `signal` (armed, and not left to a
    /// handler of the program's).
    package static func isHandling(_ signal: Int32) -> Bool {
        state.pointee.armed != 0 && state.pointee.actions.isInstalled(signal)
    }

    struct State {
        var armed: sig_atomic_t = 0
        /// The terminal, through a descriptor of the restore's own: while a frame is drawn,
        /// the descriptor number ncurses writes to points at the frame's capture
        /// (``FrameCapture``), and a restore written there would never reach the terminal.
        var fileDescriptor: Int32 = -1
        /// Whether ``fileDescriptor`` is the restore's own copy (closed at disarm).
        var ownsDescriptor = false
        var hasTermios = false
        var termios = CurtainPlatform.termios()
        var resetCount = 0
        var reset: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        /// The actions the handlers replaced.
        var actions = SavedSignalActions()
    }

    /// Room for the reset bytes inside `State.reset`.
    static let resetCapacity = 128

    /// In ``ProcessLifetimeStorage``, with everything else the handlers touch.
    static var state: UnsafeMutablePointer<State> { ProcessLifetimeStorage.shared.restore }

    nonisolated(unsafe) private static var atExitRegistered = false

    /// Saves what the handlers need and installs them. Call before ncurses changes the terminal.
    package static func arm(fileDescriptor: Int32, resetBytes: [UInt8]) {
        ProcessLifetimeStorage.prepare() // all of it, the stderr capture's too, before any handler can run
        TerminalWrites.prepare()
        let s = state
        if s.pointee.ownsDescriptor { close(s.pointee.fileDescriptor) }
        // A copy of the terminal's descriptor: the number ncurses writes to is swapped for a
        // capture file while a frame is drawn; this one always reaches the terminal. (Without
        // a copy, the number itself: no frame is captured then, see ``FrameCapture``.)
        let own = fcntl(fileDescriptor, F_DUPFD_CLOEXEC, 3)
        s.pointee.ownsDescriptor = own >= 0
        s.pointee.fileDescriptor = own >= 0 ? own : fileDescriptor
        s.pointee.hasTermios = tcgetattr(s.pointee.fileDescriptor, &s.pointee.termios) == 0
        let count = min(resetBytes.count, resetCapacity)
        withUnsafeMutableBytes(of: &s.pointee.reset) { buffer in
            for i in 0..<count { buffer[i] = resetBytes[i] }
        }
        s.pointee.resetCount = count
        s.pointee.armed = 1
        if !atExitRegistered {
            atExitRegistered = true
            atexit {
                EmergencyRestore.restoreTerminal()
                ChildProcessGroups.hangUpAll()
            }
        }
        for signal in signals { install(signal) }
    }

    /// Removes the handlers (restoring what was there before) after a normal stop.
    package static func disarm() {
        let s = state
        s.pointee.armed = 0
        for signal in signals { s.pointee.actions.restore(signal) }
        if s.pointee.ownsDescriptor { close(s.pointee.fileDescriptor) }
        s.pointee.ownsDescriptor = false
        s.pointee.fileDescriptor = -1
    }

    private static func install(_ signal: Int32) {
        state.pointee.actions.install(signal, overHandlers: replacesHandlers(signal)) { signal, info, _ in
            EmergencyRestore.handle(signal, sentByAnotherProcess: EmergencyRestore.isFromAnotherProcess(info))
        }
    }

    /// Signals that report a crash: after restoring, they go on to the action that was there
    /// before, which is the default or the Swift runtime's backtracer (it prints the crash and
    /// re-raises with the default action).
    /// (A switch, not an array: a handler must not trigger a global's lazy initialisation.)
    package static func isTrap(_ signal: Int32) -> Bool {
        switch signal {
        case SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE: true
        default: false
        }
    }

    /// Whether the signal came from `kill` in another process rather than from this process
    /// (a fault, `raise`, `abort`). Async-signal-safe.
    package static func isFromAnotherProcess(_ info: UnsafeMutablePointer<siginfo_t>?) -> Bool {
        guard let info else { return false }
        return info.pointee.isSentByKill && info.pointee.senderProcess != getpid()
    }

    /// The signal handler.
    ///
    /// A trap signal sent by another process (`kill -ILL`) is not a crash: the backtracer's
    /// handler would return to code that never faulted and the program would go on drawing
    /// into the restored terminal. It ends the process with the default action instead.
    private static func handle(_ signal: Int32, sentByAnotherProcess: Bool) {
        restoreTerminal()
        ChildProcessGroups.hangUpAll()
        guard signal > 0, signal <= SavedSignalActions.highestSignal else { return }
        if isTrap(signal), !sentByAnotherProcess {
            state.pointee.actions.restore(signal)
        } else {
            // Anything else ends the process with the default action, whatever handler was
            // there before (ncurses' cleanup, which exits with status 1; the backtracer on
            // SIGQUIT), so the status a parent sees still says which signal it was.
            SignalAction.byDefault.install(signal)
        }
        // Blocked until this handler returns, then delivered.
        raise(signal)
    }

    /// Puts back the terminal modes saved before ncurses started (the shell's), without
    /// disarming: a hand-off to a child starts from exactly what the shell had. `endwin` alone
    /// restores the modes ncurses saved, which need not be the shell's (ISIG stayed off, and
    /// Ctrl-Z in the child was a plain key).
    static func restoreShellModes() {
        let s = state
        guard s.pointee.armed != 0, s.pointee.hasTermios else { return }
        _ = tcsetattr(s.pointee.fileDescriptor, TCSADRAIN, &s.pointee.termios)
    }

    /// Writes the reset bytes and restores the saved terminal modes, once. Async-signal-safe.
    static func restoreTerminal() {
        let s = state
        guard s.pointee.armed != 0 else { return }
        s.pointee.armed = 0
        // No frame after the reset bytes (one being written on another thread is let finish).
        TerminalWrites.beginRestore()
        let fd = s.pointee.fileDescriptor
        let count = s.pointee.resetCount
        _ = withUnsafeBytes(of: &s.pointee.reset) { writeAll(fd, $0.baseAddress, count) }
        if s.pointee.hasTermios { _ = tcsetattr(fd, TCSANOW, &s.pointee.termios) }
        // What the program wrote to stderr meanwhile (a fatalError's message among it), now
        // that it can be read.
        StderrCapture.finish()
    }
}
