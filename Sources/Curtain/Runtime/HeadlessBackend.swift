import CurtainLayout
import CurtainScreen

/// A backend with no terminal: frames are kept, not shown, and time jumps instead of passing.
///
/// It needs an ``App`` on a ``ManualClock``. Asked to wait until a deadline, it moves the clock
/// there and returns at once — so a run is as fast as the machine allows and gives the same
/// frames every time (swift-nio's `EmbeddedEventLoop` works the same way). It has no input of
/// its own: asked to wait with no deadline, nothing can ever happen again, so it reports
/// ``Event/inputEnded``. Input comes from whoever drives the app: a `Pilot` (CurtainTesting) in a test, a
/// script decorating this backend.
@MainActor
public final class HeadlessBackend: Backend {
    /// The screen size. Setting it does not send a resize event; whoever sets it does.
    public var size: Size

    /// The last frame presented.
    public private(set) var screen: CellBuffer

    /// How many frames were presented.
    public private(set) var frameCount = 0

    /// Set when the app asked for its loop while the backend yielded.
    private var interrupted = false

    /// What the headless screen pretends to be: true colour on a dark background unless told.
    public var appearance: TerminalAppearance

    /// A headless screen of `size` cells, blank until the first frame, pretending to be a
    /// terminal of `appearance`.
    public init(size: Size, appearance: TerminalAppearance = .unknown) {
        self.size = size
        self.appearance = appearance
        self.screen = CellBuffer(size: size)
    }

    /// Moves `clock` forward to `deadline` (never back) and returns nil. When the move woke
    /// tasks sleeping on the clock, it yields first, so they take their step before the loop's
    /// next turn (the loop's deadline includes them: see ``App/run(on:)``). With no deadline it
    /// yields once, so tasks just started or resumed take their step; when they asked for the
    /// loop (a scene change, a sleep begun) it returns nil, else ``Event/inputEnded``, since
    /// nothing can happen any more. Stops the program when `clock` is not a ``ManualClock``.
    ///
    /// - Parameters:
    ///   - deadline: when the app next needs a frame; nil when nothing is scheduled.
    ///   - clock: the app's clock, which must be a ``ManualClock``.
    /// - Returns: nil once the clock is at the deadline, or ``Event/inputEnded``.
    public func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
        guard let manual = clock as? ManualClock else {
            preconditionFailure("HeadlessBackend needs an App on a ManualClock: App(root:clock: ManualClock())")
        }
        let sleepers = manual._sleeperChanges
        guard let deadline else {
            interrupted = false
            await Task.yield()
            return interrupted || manual._sleeperChanges != sleepers ? nil : .inputEnded
        }
        if deadline > manual.now { manual.set(deadline) }
        if manual._sleeperChanges != sleepers { await Task.yield() }
        return nil
    }

    /// Notes that the app wants its loop to look again (a task changed the scene).
    public func interruptWait() { interrupted = true }

    /// Keeps `frame` as ``screen`` and counts it.
    public func present(_ frame: CellBuffer) {
        screen = frame
        frameCount += 1
    }
}
