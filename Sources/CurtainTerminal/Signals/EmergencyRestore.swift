import Glibc

/// Puts the terminal back when the process ends without ``TerminalSession/stop()``: on SIGTERM,
/// SIGHUP and SIGINT, on traps (a Swift runtime failure arrives as SIGILL or SIGTRAP; also
/// SIGABRT, SIGSEGV, SIGBUS, SIGFPE) and at `exit`.
///
/// The handler does only async-signal-safe work: it writes precomputed bytes (attributes off,
/// cursor visible, keypad local, leave the alternate screen, bracketed paste and mouse off)
/// with ``writeAll(_:_:_:)`` and restores the `termios` saved before ncurses started with
/// `tcsetattr`. It does not call `endwin`, which may allocate and touches ncurses' buffers
/// that the interrupted code may be in the middle of changing. Then it re-raises, so the
/// process still dies of the same signal and its exit status stays honest: SIGTERM, SIGHUP and
/// SIGINT with the default action; traps with the action that was there before (the default,
/// or the Swift runtime's backtracer, which prints the crash report on the now-restored
/// terminal and re-raises).
///
/// The state lives in one block of memory allocated before any handler is installed, so the
/// handler never touches lazily initialised globals.
package enum EmergencyRestore {
    /// Signals that end the process and get a restoring handler.
    static let signals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE]

    struct State {
        var armed: sig_atomic_t = 0
        var fileDescriptor: Int32 = -1
        var hasTermios = false
        var termios = Glibc.termios()
        var resetCount = 0
        var reset: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                    UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        /// The actions the handlers replaced.
        var actions = SavedSignalActions()
    }

    /// Room for the reset bytes inside `State.reset`.
    static let resetCapacity = 128

    /// Allocated once, never freed: handlers may run at any moment of the process's life.
    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()

    nonisolated(unsafe) private static var atExitRegistered = false

    /// Saves what the handlers need and installs them. Call before ncurses changes the terminal.
    static func arm(fileDescriptor: Int32, resetBytes: [UInt8]) {
        let s = state // initialise before any handler can run
        s.pointee.fileDescriptor = fileDescriptor
        s.pointee.hasTermios = tcgetattr(fileDescriptor, &s.pointee.termios) == 0
        let count = min(resetBytes.count, resetCapacity)
        withUnsafeMutableBytes(of: &s.pointee.reset) { buffer in
            for i in 0..<count { buffer[i] = resetBytes[i] }
        }
        s.pointee.resetCount = count
        s.pointee.armed = 1
        if !atExitRegistered {
            atExitRegistered = true
            atexit { EmergencyRestore.restoreTerminal() }
        }
        for signal in signals { install(signal) }
    }

    /// Removes the handlers (restoring what was there before) after a normal stop.
    static func disarm() {
        let s = state
        s.pointee.armed = 0
        for signal in signals { s.pointee.actions.restore(signal) }
    }

    private static func install(_ signal: Int32) {
        state.pointee.actions.install(signal) { signal, info, _ in
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
        // SI_USER (0) and SI_TKILL (negative) mark kill/tkill; a fault has a positive code.
        return info.pointee.si_code <= 0 && info.pointee._sifields._kill.si_pid != getpid()
    }

    /// The signal handler.
    ///
    /// A trap signal sent by another process (`kill -ILL`) is not a crash: the backtracer's
    /// handler would return to code that never faulted and the program would go on drawing
    /// into the restored terminal. It ends the process with the default action instead.
    private static func handle(_ signal: Int32, sentByAnotherProcess: Bool) {
        restoreTerminal()
        guard signal > 0, signal < 32 else { return }
        if isTrap(signal), !sentByAnotherProcess {
            state.pointee.actions.restore(signal)
        } else {
            // Termination requests end the process with the default action, whatever handler
            // (ncurses' cleanup, which exits with status 1) was there before, so the status a
            // parent sees still says which signal it was.
            var action = Glibc.sigaction()
            action.__sigaction_handler.sa_handler = SIG_DFL
            sigemptyset(&action.sa_mask)
            _ = sigaction(signal, &action, nil)
        }
        // Blocked until this handler returns, then delivered.
        raise(signal)
    }

    /// Writes the reset bytes and restores the saved terminal modes, once. Async-signal-safe.
    static func restoreTerminal() {
        let s = state
        guard s.pointee.armed != 0 else { return }
        s.pointee.armed = 0
        let fd = s.pointee.fileDescriptor
        let count = s.pointee.resetCount
        _ = withUnsafeBytes(of: &s.pointee.reset) { writeAll(fd, $0.baseAddress, count) }
        if s.pointee.hasTermios { _ = tcsetattr(fd, TCSANOW, &s.pointee.termios) }
    }
}
