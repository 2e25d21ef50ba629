import Curtain
import CurtainLayout
import CurtainScreen

/// A backend that plays a script over another backend: each scripted event at its time, the
/// wrapped backend's own events in between, and the end of input at the script's end.
///
/// `wait settled` holds the rest of the script until ``isIdle`` says nothing moves; the
/// script's later times move back by how long that took.
///
/// Over a ``HeadlessBackend`` the waits cost nothing (the manual clock jumps to the next
/// event) and `resize` changes the headless screen. Over a terminal, time passes for real and
/// a `resize` is skipped with a warning: a real terminal is resized by its user.
@MainActor
final class ScriptedBackend: Backend {
    private let inner: any Backend
    /// The headless screen a `resize` applies to; nil over a terminal.
    private let headless: HeadlessBackend?
    private var cursor: ScriptCursor
    private var due: [ScriptTimeline.TimedEvent] = []
    /// Seconds the script runs behind its timeline: the time spent in `wait settled`.
    private var delay = 0.0
    /// While `wait settled` holds the script: the timeline time it holds at.
    private var heldAt: Double?
    /// Whether nothing moves in the app: `wait settled` holds the script until it says so.
    /// Nothing ever moves by default.
    var isIdle: @MainActor () -> Bool = { true }
    /// Lines skipped because they cannot be played here, for the user to read afterwards.
    private(set) var warnings: [String] = []
    /// Set for a headless run that shows only its last frame: when the app must wake even so,
    /// which is its next deadline without the ticks of repeating timers
    /// (``App/loopDeadline(leavingOutRepeatingTimers:)``). While ``isIdle``, a wait goes
    /// straight to the next scripted event or to that deadline, whichever is first, past the
    /// ticks in between (a clock's seconds): a repeating timer fires once when the time
    /// arrives and keeps its rhythm, so the screen is the one every tick would have led to,
    /// with nothing composed meanwhile. A notification's time running out, a one-shot timer
    /// or a task's sleep still happens at its time, exactly as when every frame is shown:
    /// jumped over, it would happen at the next scripted event instead, and a last frame at the
    /// script's end would show a notification that went long before.
    var deadlineBesidesTicks: (@MainActor () -> Double?)?

    init(playing timeline: ScriptTimeline, over backend: any Backend) {
        inner = backend
        headless = backend as? HeadlessBackend
        cursor = ScriptCursor(timeline: timeline)
    }

    var size: Size { inner.size }

    var appearance: TerminalAppearance { inner.appearance }

    func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
        while true {
            if let held = heldAt {
                guard isIdle() else { return await inner.nextEvent(until: deadline, clock: clock) }
                delay = clock.now - held
                heldAt = nil
            }
            if !due.isEmpty {
                let timed = due.removeFirst()
                if timed.event == .waitSettled {
                    heldAt = timed.time
                    continue
                }
                if let event = play(timed) { return event }
                continue
            }
            let next = cursor.nextTime.map { $0 + delay }
            var wait = [deadline, next].compactMap { $0 }.min()
            // A deadline of now is never jumped over: the loop reads the rest of a burst of
            // events, or has work to run, before its next frame.
            if next != nil, let deadlineBesidesTicks, (deadline ?? .infinity) > clock.now, isIdle() {
                wait = [deadlineBesidesTicks(), next].compactMap { $0 }.min()
            }
            if let event = await inner.nextEvent(until: wait, clock: clock) { return event }
            // A hair of slack: the event's time plus the delay may round a little past now,
            // and then the same instant would be waited for forever.
            due = Array(cursor.advance(to: clock.now - delay + 1e-9))
            if due.isEmpty { return nil }
        }
    }

    /// The app's event for a scripted one; nil when it is skipped.
    private func play(_ timed: ScriptTimeline.TimedEvent) -> Event? {
        switch timed.event {
        case .end:
            due.removeAll()
            return .inputEnded
        case .resize(let columns, let rows):
            guard let headless else {
                warnings.append("line \(timed.line ?? 0): 'resize \(columns)x\(rows)' skipped: a real terminal is resized by its user (use --headless)")
                return nil
            }
            headless.size = Size(width: columns, height: rows)
            return timed.event.event
        default:
            return timed.event.event
        }
    }

    func present(_ frame: CellBuffer) { inner.present(frame) }

    func suspend() async { await inner.suspend() }

    func interruptWait() { inner.interruptWait() }

    func releaseTerminal() async { await inner.releaseTerminal() }

    func takeTerminalBack() { inner.takeTerminalBack() }
}
