internal import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
import Glibc

/// The questions a session asks the terminal, and its answers: at start (status request,
/// synchronized output, default colours, device attributes), and the status answers still on
/// their way when the terminal is given back.
extension TerminalSession {
    /// Asks the terminal what it can do, and reads its answers until the device attributes
    /// reply that every terminal sends (or for ``SynchronizedOutput/timeout`` at most); keys
    /// typed meanwhile are kept for ``nextEvent(until:clock:)``, in order.
    ///
    /// In one write: a device status request (its answer tells whether the terminal answers
    /// them, which frames are paced by: see ``OutputPacing``), the synchronized-output query
    /// unless terminfo lists the capability, OSC 10 and 11 for the default colours when
    /// `colors` (see ``DefaultColorsReport``), inside GNU screen its version (see
    /// ``ScreenHeldEscape``), and the device attributes request.
    func askTheTerminal(colors: Bool) {
        if takeover.listsSynchronizedOutput {
            writer.synchronizedOutputDescriptor = takeover.outputDescriptor
            synchronizedOutput.modeKnown = true
        }
        let query = OutputPacing.request
            + (takeover.listsSynchronizedOutput ? [] : SynchronizedOutput.modeQuery)
            + (colors ? DefaultColorsReport.query : [])
            + (ScreenHeldEscape.shouldAsk(term: TerminalColorsGuess.environment("TERM")) ? ScreenHeldEscape.query : [])
            + SynchronizedOutput.attributesRequest
        guard writeAll(takeover.outputDescriptor, query) == 0 else { return }
        pacing.probed(at: pacingClock.now)
        let clock = SystemClock()
        let deadline = clock.now + SynchronizedOutput.timeout
        while !synchronizedOutput.complete {
            switch reader.next(until: deadline, clock: clock) {
            case .input(.event(let event)): queued.append(event)
            case .input(.reply(let reply)): note(reply)
            case .woken: if let size = wokenBySignal() { queued.append(.resize(size)) }
            case .timedOut, .ended: return
            }
        }
    }

    func note(_ reply: TerminalReply) {
        if case .deviceStatus = reply {
            pacing.answered(at: pacingClock.now)
            if pacing.mayDraw, let kept = keptFrame { send(kept) }
            return
        }
        if case .operatingSystemCommand = reply {
            let before = appearance
            reportedColors.note(reply)
            // An answer after the first frame (GNU screen relays the background a few ms after
            // it answered the device attributes itself) must be drawn now, not at the next key
            // or timer: end the wait (see ``wokenBySignal()``) so the app follows it at once.
            if lastFrame != nil, appearance != before { SignalWakeup.requestWake() }
            return
        }
        if reportsMouse, ScreenHeldEscape.holdsEscapeWhileMouseReports(answer: reply) {
            reportsMouse = false
            if takeover.ownsTerminal { writeAll(takeover.outputDescriptor, InputModes.mouseOff) }
            return
        }
        guard !synchronizedOutput.complete else { return }
        synchronizedOutput.note(reply)
        if synchronizedOutput.supported, writer.synchronizedOutputDescriptor == nil {
            writer.synchronizedOutputDescriptor = takeover.outputDescriptor
        }
    }

    /// Reads the answers to status requests still on their way, for a quarter of a second at
    /// most, so they do not reach the shell as typed text once the terminal is given back.
    /// Keys that arrive meanwhile are dropped (the program is leaving or stopping).
    func awaitAnswers() {
        guard takeover.ownsTerminal, pacing.isActive, pacing.outstanding > 0 else { return }
        let clock = SystemClock()
        let deadline = clock.now + 0.25
        while pacing.outstanding > 0 {
            switch reader.next(until: deadline, clock: clock) {
            case .input(.reply(let reply)):
                if case .deviceStatus = reply { pacing.answered(at: clock.now) }
            case .input(.event), .woken: continue
            case .timedOut, .ended: return
            }
        }
    }
}
