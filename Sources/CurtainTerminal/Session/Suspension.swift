internal import CNcurses
import CurtainLayout
import CurtainPlatform

extension TerminalSession {
    /// Gives the terminal back to the shell and stops the process, as Ctrl-Z does in a cooked
    /// terminal; returns after `fg` with the terminal taken over again, the mouse and paste
    /// modes back on and the last frame repainted in full.
    ///
    /// The session delivers Ctrl-Z as a key (`.ctrl("z")`) rather than stopping by itself, so a
    /// program may bind it; the app calls this when nothing handled it. If the terminal's size
    /// changed while the program was stopped, the next ``nextEvent(until:clock:)`` reports it
    /// first. A session on files (tests) leaves and re-enters curses mode without stopping.
    public func suspend() {
        guard !stopped else { return }
        awaitAnswersBlocking()
        answersDue = nil
        pacing.forgetRequests()
        keptFrame = nil
        if takeover.ownsTerminal { writeAll(takeover.outputDescriptor, InputModes.disable) }
        endwin()
        if takeover.ownsTerminal { Suspension.stopUntilContinued() }
        // Continued: the SIGCONT (and any SIGWINCH while stopped) is handled here, not again
        // when the wait sees its wake-up.
        seenSignals = SignalWakeup.counts
        if let newSize = retakeTerminal() { queued.insert(.resize(newSize), at: 0) }
    }

    /// Takes the terminal again after `endwin`: the program's modes (raw, the alternate screen,
    /// keypad transmit), a hidden cursor, the mouse and paste modes, and the last frame painted
    /// in full. Returns the terminal's size when it changed meanwhile (ncurses is told).
    func retakeTerminal() -> Size? {
        var changed: Size?
        if let newSize = windowSize(of: takeover.outputDescriptor), newSize != size {
            resizeterm(Int32(newSize.height), Int32(newSize.width))
            changed = newSize
        }
        curs_set(0)
        writer.invalidate()
        // The first doupdate after endwin puts the terminal back in program mode (raw, the
        // alternate screen).
        if let lastFrame { send(lastFrame) } else { doupdate() }
        // Keypad transmit is the exception: `endwin` turned it off, and ncurses turns it back
        // on only in `wgetch`, which the session never calls (its reader decodes the keys).
        if let window = curtain_stdscr() { curtain_keypad(window, true) }
        if takeover.ownsTerminal {
            writeAll(takeover.outputDescriptor, InputModes.enable(mouse: reportsMouse))
            if reportsMouse, reportsAllMotion { writeAll(takeover.outputDescriptor, InputModes.allMotion) }
        }
        return changed
    }
}

/// Stopping the process for job control.
enum Suspension {
    /// Stops the process as SIGTSTP's default action does, and returns once it is continued
    /// (SIGCONT, what `fg` sends).
    ///
    /// The SIGTSTP handler in place (``SignalWakeup``'s, which only asks the session to stop)
    /// would not stop the process; the session has handed the terminal over itself, so the
    /// default action is put in place for the stop and the handler back after it.
    static func stopUntilContinued() {
        let previous = SignalAction.byDefault.install(SIGTSTP)
        kill(getpid(), SIGTSTP)
        // Continued.
        previous?.install(SIGTSTP)
    }
}
