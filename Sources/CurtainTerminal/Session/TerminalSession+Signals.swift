internal import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// What the signal wake-up reports: a resize, a continue after a stop from outside, or a
/// request to stop (`kill -TSTP`).
extension TerminalSession {
    /// After a wake-up: whether a SIGTSTP asks the session to stop, as for Ctrl-Z (the caller
    /// suspends). A session on files has no terminal to give back: it just stops, as by default.
    func takeStopRequest() -> Bool {
        guard SignalWakeup.takeStopRequest() else { return false }
        if takeover.ownsTerminal { return true }
        Suspension.stopThisProcess()
        return false
    }

    /// After a wake-up: takes the terminal back after a SIGCONT, looks at the size after a
    /// SIGWINCH. Returns the new size when it changed.
    func wokenBySignal() -> Size? {
        let counts = SignalWakeup.counts
        defer { seenSignals = counts }
        if counts.continues != seenSignals.continues {
            // Whoever stopped the process (`kill -STOP`, a debugger) gave the terminal to the
            // shell, which put it back in its own modes and wrote over the screen (and read any
            // answers to status requests still on their way): the session lets go of it as it
            // would give it back, and takes it again.
            // Continued in the background (`bg`, or a `kill -CONT` from elsewhere after the
            // shell took the terminal at the stop), it waits, stopped, for the foreground, and
            // leaves the screen to the shell until then: the shell wrote its "Stopped" and its
            // prompt on the screen the program had (the alternate one), and a give-back now
            // (`endwin`) would switch to the other, leaving a blank screen with no prompt on it.
            // Only the mouse and paste modes go, which show nothing: a click at the prompt
            // types no report.
            if takeover.ownsTerminal, !Suspension.isInForeground(takeover.inputDescriptor) {
                TerminalWrites.write(takeover.outputDescriptor, InputModes.disable)
                stopWhileInBackground()
            }
            giveTerminalBack()
            return retakeTerminal()
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
}
