internal import CNcurses
import Curtain
import CurtainPlatform

extension TerminalSession {
    /// Gives the terminal to another program (``App/withTerminalReleased(_:)``): input modes off,
    /// `endwin` (cooked mode, the main screen, the cursor shown), SIGINT and SIGQUIT ignored as
    /// `system(3)` ignores them while its child runs, SIGTSTP back to its default so Ctrl-Z in the
    /// child stops the whole job (`fg` continues both). The app's loop is parked meanwhile, so
    /// nothing reads the terminal; a SIGCONT or SIGWINCH meanwhile is handled when the terminal
    /// is taken back, not while the child owns it.
    public func releaseTerminal() {
        guard !stopped, !isReleased else { return }
        isReleased = true
        awaitAnswersBlocking()
        answersDue = nil
        pacing.forgetRequests()
        keptFrame = nil
        if takeover.ownsTerminal { writeAll(takeover.outputDescriptor, InputModes.disable) }
        endwin()
        if takeover.ownsTerminal {
            EmergencyRestore.restoreShellModes()
            StderrCapture.pause() // the child writes to the real stderr
        }
        handOffSignals = HandOffSignals.install()
    }

    /// Takes the terminal back after ``releaseTerminal()``: the previous signal actions, the
    /// program's modes, the size read again (a change is the next event), the input modes, the
    /// last frame painted in full.
    public func takeTerminalBack() {
        guard isReleased else { return }
        isReleased = false
        handOffSignals?.restore()
        handOffSignals = nil
        StderrCapture.resume()
        seenSignals = SignalWakeup.counts
        if let newSize = retakeTerminal() { queued.insert(.resize(newSize), at: 0) }
    }
}

/// The signal actions of a hand-off: SIGINT and SIGQUIT ignored, SIGTSTP at its default.
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
