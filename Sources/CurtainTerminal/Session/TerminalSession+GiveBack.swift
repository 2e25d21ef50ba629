internal import CNcurses
import Curtain
import CurtainLayout
import CurtainPlatform

/// Giving the terminal back to the shell and taking it again: one give-back and one take-back
/// for a hand-off (``releaseTerminal()``), Ctrl-Z and `kill -TSTP` (``suspend()``), and a
/// stop from outside (SIGSTOP, then SIGCONT).
extension TerminalSession {
    /// Gives the terminal back to the shell and stops the process, as Ctrl-Z does in a cooked
    /// terminal; returns after `fg` with the terminal taken over again, the mouse and paste
    /// modes back on and the last frame repainted in full.
    ///
    /// The session delivers Ctrl-Z as a key (`.ctrl("z")`) rather than stopping by itself, so a
    /// program may bind it; the app calls this at the top of its next turn when nothing
    /// handled it. A `kill -TSTP` from outside is handled the same way by the wait. If the
    /// terminal's size changed while the program was stopped, the next
    /// ``nextEvent(until:clock:)`` reports it first. A session on files (tests) gives the
    /// terminal back and takes it again without stopping.
    public func suspend() async {
        guard !stopped, !isReleased else { return }
        await awaitAnswers(keepingKeys: true)
        stopUntilContinued()
    }

    /// The suspension once no answer is due: the give-back, the stop (with a terminal), the
    /// take-back.
    func stopUntilContinued() {
        guard !stopped, !isReleased else { return }
        giveTerminalBack()
        if takeover.ownsTerminal {
            let continues = SignalWakeup.counts.continues
            Suspension.stopThisProcess()
            // The continue's handler runs on whichever thread does not block SIGCONT (this
            // one does, under an async `main`), often a moment after this thread goes on. The
            // take-back below marks the continues it has seen; one counted after it would reach
            // the wait as a stop from outside, and the terminal would be given back and taken
            // again — the screen left and painted twice (3 `fg` in 10, seen with tmux).
            _ = Suspension.wasContinued(since: continues)
            stopWhileInBackground()
        }
        takeTerminalBack()
    }

    /// `bg` continues a stopped program without giving it the terminal (as does a `kill -CONT`
    /// from elsewhere). Taking the terminal back then would draw over the shell, and the first
    /// read would fail (EIO: the runtime's threads block SIGTTIN) and end the program. So, given
    /// back, it stops again as a background read of the terminal would (SIGTTIN, "Stopped (tty
    /// input)"), until `fg` makes it the terminal's foreground again. If the stop does not
    /// happen (the job's process group is orphaned, where stop signals are discarded), it goes on
    /// in the background, and its reads end it.
    func stopWhileInBackground() {
        guard takeover.ownsTerminal else { return }
        while !Suspension.isInForeground(takeover.inputDescriptor) {
            let continues = SignalWakeup.counts.continues
            Suspension.stopThisProcess(signal: SIGTTIN)
            if !Suspension.wasContinued(since: continues) { return }
        }
    }

    /// Gives the terminal to another program (``App/withTerminalReleased(_:)``): the answers
    /// still on their way awaited (a quarter of a second at most, the main actor free; keys
    /// read meanwhile are kept for after), then the give-back — input modes off, `endwin`
    /// (cooked mode, the main screen, the cursor shown), the shell's termios, the real stderr,
    /// SIGINT and SIGQUIT ignored as `system(3)` ignores them while its child runs, SIGTSTP at
    /// its default so Ctrl-Z in the child stops the whole job (`fg` continues both). A SIGCONT
    /// or SIGWINCH meanwhile is handled when the terminal is taken back.
    public func releaseTerminal() async {
        guard !stopped, !isReleased else { return }
        await awaitAnswers(keepingKeys: true)
        giveTerminalBack()
    }

    /// Takes the terminal back after ``releaseTerminal()`` (or a suspension): the previous
    /// signal actions, stderr captured again, the program's modes, the size read again (a
    /// change is the next event), the input modes, the last frame painted in full.
    public func takeTerminalBack() {
        guard isReleased else { return }
        if let newSize = retakeTerminal() { queued.insert(.resize(newSize), at: 0) }
    }

    /// The one give-back, never waiting: the pacing's requests forgotten (their answers go to
    /// whoever reads the terminal next), input modes off, `endwin`, the shell's termios, the
    /// real stderr, the signal actions of a hand-off.
    func giveTerminalBack() {
        guard !stopped, !isReleased else { return }
        isReleased = true
        answersDue = nil
        pacing.forgetRequests()
        keptFrame = nil
        if takeover.ownsTerminal { TerminalWrites.write(takeover.outputDescriptor, InputModes.disable) }
        endwin()
        if takeover.ownsTerminal {
            EmergencyRestore.restoreShellModes()
            StderrCapture.pause() // the child writes to the real stderr
        }
        handOffSignals = HandOffSignals.install()
    }

    /// The one take-back: the signal actions and stderr as they were, the program's modes (raw,
    /// the alternate screen, keypad transmit), a hidden cursor, the mouse and paste modes, and
    /// the last frame painted in full. Returns the terminal's size when it changed meanwhile
    /// (ncurses is told).
    func retakeTerminal() -> Size? {
        guard isReleased else { return nil }
        isReleased = false
        handOffSignals?.restore()
        handOffSignals = nil
        if takeover.ownsTerminal { StderrCapture.resume() }
        // Whatever SIGWINCH or SIGCONT came meanwhile is answered here, not again when the wait
        // sees its wake-up.
        seenSignals = SignalWakeup.counts
        var changed: Size?
        if let newSize = windowSize(of: takeover.outputDescriptor), newSize != size {
            resizeterm(Int32(newSize.height), Int32(newSize.width))
            changed = newSize
        }
        curs_set(0)
        writer.invalidate()
        writer.forgetPalette()
        // The first doupdate after endwin puts the terminal back in program mode (raw, the
        // alternate screen).
        if let lastFrame { send(lastFrame) } else { doupdate() }
        // Keypad transmit is the exception: `endwin` turned it off, and ncurses turns it back
        // on only in `wgetch`, which the session never calls (its reader decodes the keys).
        if let window = curtain_stdscr() { curtain_keypad(window, true) }
        if takeover.ownsTerminal {
            TerminalWrites.write(takeover.outputDescriptor, InputModes.enable(mouse: reportsMouse))
            if reportsMouse, reportsAllMotion { TerminalWrites.write(takeover.outputDescriptor, InputModes.allMotion) }
        }
        return changed
    }
}

/// The signal actions while the terminal is given away: SIGINT and SIGQUIT ignored, SIGTSTP
/// at its default (so the job stops as a whole, and a suspension's own SIGTSTP stops it).
struct HandOffSignals {
    private var saved: [(Int32, SignalAction)] = []

    static func install() -> HandOffSignals {
        var result = HandOffSignals()
        result.set(SIGINT, to: SIG_IGN)
        result.set(SIGQUIT, to: SIG_IGN)
        result.set(SIGTSTP, to: SIG_DFL)
        return result
    }

    private mutating func set(_ signal: Int32, to handler: SignalHandler?) {
        if let previous = SignalAction.plain(handler).install(signal) { saved.append((signal, previous)) }
    }

    func restore() {
        for (signal, previous) in saved { previous.install(signal) }
    }
}

/// Stopping the process for job control.
enum Suspension {
    /// Stops the process as the default action of `signal` (SIGTSTP, or SIGTTIN for a program
    /// continued in the background) does, and returns once it is continued (SIGCONT, what `fg`
    /// and `bg` send).
    ///
    /// The default action is put in place for the stop (a session's own handler only counts
    /// SIGTSTP) and the previous one back after it. The signal is raised on this thread, with it
    /// unblocked here: a process-wide `kill(getpid(), SIGTSTP)` may be taken by another thread —
    /// under an async `main`, one of the runtime's — after the previous action is back, and the
    /// process would not stop.
    static func stopThisProcess(signal: Int32 = SIGTSTP) {
        let previousAction = SignalAction.byDefault.install(signal)
        var stop = sigset_t()
        sigemptyset(&stop)
        sigaddset(&stop, signal)
        var previousMask = sigset_t()
        pthread_sigmask(SIG_UNBLOCK, &stop, &previousMask)
        raise(signal)
        // Continued.
        pthread_sigmask(SIG_SETMASK, &previousMask, nil)
        previousAction?.install(signal)
    }

    /// Whether this process's group is the foreground of the terminal on `descriptor` — what
    /// `fg` makes it and `bg` does not. True when that cannot be told (no terminal any more:
    /// then reading it ends the program, as it should).
    static func isInForeground(_ descriptor: Int32) -> Bool {
        let foreground = tcgetpgrp(descriptor)
        return foreground < 0 || foreground == getpgrp()
    }

    /// Whether a SIGCONT came since the count `continues` (``SignalWakeup/counts``): after a
    /// stop signal that was discarded (an orphaned process group) none comes. The continue's
    /// handler may run on another thread a moment after the stop ends, so it is given up to
    /// 50 ms.
    static func wasContinued(since continues: Int32) -> Bool {
        for _ in 0..<50 {
            if SignalWakeup.counts.continues != continues { return true }
            usleep(1_000)
        }
        return false
    }
}
