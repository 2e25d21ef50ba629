internal import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// What the signal wake-up reports: a resize, a continue after a stop from outside, or a
/// request to stop (`kill -TSTP`).
extension TerminalSession {
    /// After a wake-up: stops as for Ctrl-Z after a SIGTSTP, takes the terminal back after a
    /// SIGCONT, looks at the size after a SIGWINCH. Returns the new size when it changed.
    func wokenBySignal() -> Size? {
        if SignalWakeup.takeStopRequest() {
            // The same hand-over as Ctrl-Z: input modes off, the shell's modes back, stop; on
            // `fg` everything on again. A size change meanwhile is reported now: the wait that
            // called this goes on reading, not back to the queue.
            guard takeover.ownsTerminal else {
                // A session on files has no terminal to hand over: just stop, as by default.
                Suspension.stopUntilContinued()
                return nil
            }
            suspend()
            if case .resize(let size)? = queued.first {
                queued.removeFirst()
                return size
            }
            return nil
        }
        return wokenBySignalCounts()
    }

    private func wokenBySignalCounts() -> Size? {
        let counts = SignalWakeup.counts
        defer { seenSignals = counts }
        if counts.continues != seenSignals.continues {
            // Whoever stopped the process (`kill -STOP`, a debugger) gave the terminal to the
            // shell, which put it back in its own modes and wrote over the screen (and read any
            // answers to status requests still on their way).
            pacing.forgetRequests()
            keptFrame = nil
            endwin()
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
