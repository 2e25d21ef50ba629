import Curtain
import CurtainLayout
import CurtainScreen

/// The backend a ``Pilot`` runs its app's loop on: the loop's wait suspends until the test
/// feeds it an event or moves time, so the loop takes a turn only inside the pilot's calls.
///
/// A wake-up asked for from outside the loop (work posted, a task changing the scene) is noted
/// and acted on at the pilot's next call, not at once: nothing runs in the loop before the test
/// says. Frames are kept, not shown.
@MainActor
final class PilotBackend: Backend {
    var size: Size
    let appearance: TerminalAppearance
    /// The last frame presented.
    private(set) var screen: CellBuffer
    /// How many frames were presented.
    private(set) var frameCount = 0

    /// Events fed by the test, not yet taken by the loop.
    private var fed: [Event] = []
    /// The loop's wait, while it waits, and the deadline it waits for (nil: none).
    private var waiter: Promise<Event?>?
    private(set) var waitDeadline: Double?
    /// Whether the app asked for the wait to end (``interruptWait()``) since the loop last woke.
    private(set) var interruptRequested = false

    init(size: Size, appearance: TerminalAppearance) {
        self.size = size
        self.appearance = appearance
        screen = CellBuffer(size: size)
    }

    /// Whether the loop waits in ``nextEvent(until:clock:)`` (false before it starts and once
    /// it ended).
    var loopIsWaiting: Bool { waiter != nil }

    /// Whether the loop would act if woken: an event was fed or the app asked to be woken.
    var loopHasWork: Bool { !fed.isEmpty || interruptRequested }

    func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
        if !fed.isEmpty { return fed.removeFirst() }
        if let deadline, deadline <= clock.now { return nil }
        let waiter = Promise<Event?>()
        self.waiter = waiter
        waitDeadline = deadline
        return await waiter.value
    }

    func interruptWait() { interruptRequested = true }

    func present(_ frame: CellBuffer) {
        screen = frame
        frameCount += 1
    }

    /// Queues `event` for the loop; it takes it when woken.
    func feed(_ event: Event) { fed.append(event) }

    /// Ends the loop's wait: with the first fed event, else nil (its deadline came or it was
    /// interrupted). Returns false when the loop does not wait.
    @discardableResult
    func wakeLoop() -> Bool {
        guard let waiter else { return false }
        self.waiter = nil
        waitDeadline = nil
        interruptRequested = false
        waiter.fulfil(fed.isEmpty ? nil : fed.removeFirst())
        return true
    }
}
