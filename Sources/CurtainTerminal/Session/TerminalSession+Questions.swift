internal import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// The questions a session asks the terminal, and its answers: at start (status request,
/// synchronized output, default colours, device attributes), and the status answers still on
/// their way when the terminal is given back.
extension TerminalSession {
    /// Asks the terminal what it can do; the answers are awaited by the first
    /// ``nextEvent(until:clock:)`` — until the device attributes reply that every terminal
    /// sends, or for ``SynchronizedOutput/timeout`` at most — with the main actor free. Keys
    /// typed meanwhile are kept, in order, and frames are kept back (see ``answersCame()``).
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
        guard TerminalWrites.write(takeover.outputDescriptor, query) == 0 else { return }
        pacing.probed(at: pacingClock.now)
        appearanceAsked = appearance
        answersDue = monotonicNanoseconds() + Int64(SynchronizedOutput.timeout * 1e9)
    }

    /// The start-up answers came (or their time is up): frames go out again. When they changed
    /// the appearance, the wait is interrupted so the app follows it and draws anew; the frame
    /// kept back goes out at the next call if the app draws nothing else.
    func answersCame() {
        answersDue = nil
        if let asked = appearanceAsked, asked != appearance {
            inputWait.interrupt()
        } else if let kept = keptFrame, pacing.mayDraw {
            send(kept)
        }
        appearanceAsked = nil
    }

    func note(_ reply: TerminalReply) {
        if case .deviceStatus = reply {
            pacing.answered(at: pacingClock.now)
            if pacing.mayDraw, let kept = keptFrame { send(kept) }
            return
        }
        if case .operatingSystemCommand(4, let text) = reply {
            writer.notePaletteAnswer(text)
            return
        }
        if case .operatingSystemCommand = reply {
            let before = appearance
            reportedColors.note(reply)
            // An answer after the start-up wait (GNU screen relays the background a few ms after
            // it answered the device attributes itself) must be drawn now, not at the next key
            // or timer: the wait is interrupted, so ``nextEvent(until:clock:)`` returns nil and
            // the app follows the new appearance at once.
            if answersDue == nil, appearance != before { inputWait.interrupt() }
            return
        }
        if reportsMouse, ScreenHeldEscape.holdsEscapeWhileMouseReports(answer: reply) {
            reportsMouse = false
            if takeover.ownsTerminal { TerminalWrites.write(takeover.outputDescriptor, InputModes.mouseOff) }
            return
        }
        guard !synchronizedOutput.complete else { return }
        synchronizedOutput.note(reply)
        if synchronizedOutput.supported, writer.synchronizedOutputDescriptor == nil {
            writer.synchronizedOutputDescriptor = takeover.outputDescriptor
        }
    }

    /// How long the answers still on their way are awaited when the terminal is given back.
    static let answersPatience = 0.25

    /// Whether answers are still on their way: to the start-up questions, or to status
    /// requests that followed frames. Given back to the shell, they would arrive there as text.
    var answersAwaited: Bool {
        guard takeover.ownsTerminal, !stopped else { return false }
        return (answersDue != nil && !synchronizedOutput.complete) || (pacing.isActive && pacing.outstanding > 0)
    }

    /// Waits for the answers still on their way — a quarter of a second at most, less as soon
    /// as they came — on the session's one wait, with the main actor free, so they do not reach
    /// the shell as typed text once the terminal is given back. Await it before ``stop()``
    /// (`App.run()` does); `stop()` itself only reads what has arrived. Keys that arrive
    /// meanwhile are dropped: the program is leaving.
    public func finishAnswers() async {
        await awaitAnswers(keepingKeys: false)
    }

    /// The wait for the answers on their way, before the terminal is given back: for good
    /// (``finishAnswers()``, the keys read meanwhile dropped) or for a while (a hand-off, a
    /// suspension: the keys kept, in order, for when the terminal is back).
    func awaitAnswers(keepingKeys: Bool) async {
        guard answersAwaited, !isReleased else { return }
        let clock = SystemClock()
        let deadline = clock.now + Self.answersPatience
        var readable = inputWait.readableNow()
        while readAnswers(readable, keepingKeys: keepingKeys), clock.now < deadline {
            switch await inputWait.wait(until: deadline, clock: clock) {
            case .readable(let ready): readable = ready
            case .timedOut: return
            case .interrupted: readable = inputWait.readableNow()
            }
        }
    }

    /// Reads the answers that have arrived, never waiting: what ``stop()`` does.
    func drainAnswers() {
        guard answersAwaited else { return }
        _ = readAnswers(inputWait.readableNow(), keepingKeys: false)
    }

    /// Reads what `readable` says has arrived and takes in the answers, the events queued when
    /// `keepingKeys`; returns whether more answers are awaited. Wake-ups of the signal pipe are
    /// emptied, not acted on: whoever takes the terminal back next reads the size and the
    /// signal counts anew.
    private func readAnswers(_ readable: [Int32], keepingKeys: Bool) -> Bool {
        if SignalWakeup.descriptor >= 0, readable.contains(SignalWakeup.descriptor) { SignalWakeup.drain() }
        if readable.contains(takeover.inputDescriptor) { reader.readAvailable(clock: pacingClock) }
        while case .input(let input) = reader.next(clock: pacingClock) {
            guard case .reply(let reply) = input else {
                if keepingKeys, case .event(let event) = input { queued.append(event) }
                continue
            }
            if case .deviceStatus = reply {
                pacing.answered(at: pacingClock.now)
            } else if !synchronizedOutput.complete {
                synchronizedOutput.note(reply)
            }
        }
        if reader.hasEnded { return false }
        return answersAwaited
    }
}
