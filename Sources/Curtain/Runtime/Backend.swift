import CurtainLayout
import CurtainScreen

/// Where an ``App`` gets its events and shows its frames: the terminal (`TerminalSession` in
/// CurtainTerminal), a ``HeadlessBackend`` for tests and recordings, or your own.
///
/// The app's run loop calls these from the main actor, one at a time: it shows a frame, then
/// asks for the next event with the deadline of the next thing the scene has scheduled (an
/// animation frame, a timer), then shows the next frame. While a backend waits it must leave the
/// main actor free (suspend, never block), so that tasks and posted work run meanwhile; a
/// backend that never waits (a headless run, a script) may implement the wait synchronously.
@MainActor
public protocol Backend: AnyObject {
    /// The screen size in cells. A change is also reported as ``Event/resize(_:)``.
    var size: Size { get }

    /// How the screen shows colours: its depth and, when known, the terminal's own colours.
    /// The app picks its ``Theme`` from it (``Scene/followsTerminalAppearance``).
    var appearance: TerminalAppearance { get }

    /// Waits for the next event, but not past `deadline`, a time on `clock`.
    ///
    /// - Parameters:
    ///   - deadline: when the app next needs a frame; nil when nothing is scheduled and the
    ///     backend may wait for input for as long as it takes.
    ///   - clock: the app's clock, which `deadline` is measured on.
    /// - Returns: the event, or nil when the deadline came first or ``interruptWait()`` was
    ///   called.
    func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event?

    /// Ends the current wait in ``nextEvent(until:clock:)`` early (it returns nil), or the next
    /// one at once when none is in progress. The app calls it when work from outside the loop
    /// (a task, a post) changed the scene or is waiting to run. Backends that never wait ignore it.
    func interruptWait()

    /// Shows `frame`. Only its cells that differ from the last frame need to be sent.
    func present(_ frame: CellBuffer)

    /// Gives the screen back for a while, as Ctrl-Z does in a shell, and returns once the
    /// program continues, with the last frame shown again. The app calls it at the top of a
    /// turn after an unhandled Ctrl-Z. Backends with nothing to give back return at once.
    func suspend() async

    /// Gives the terminal to another program for a while (see ``App/withTerminalReleased(_:)``):
    /// input modes off, the shell's modes and screen back. The app calls it at the top of a
    /// turn and reads and draws nothing until ``takeTerminalBack()``; events the backend has
    /// already read stay queued for after it. Backends with no terminal do nothing.
    func releaseTerminal() async

    /// Takes the terminal back after ``releaseTerminal()``: the program's modes, the size read
    /// again (a change is the next event), the last frame painted in full.
    func takeTerminalBack()

    /// Asks for pointer motion without a button held (``MouseEvent/Kind/move``) to be
    /// reported, or no longer. Off at the start; backends without a pointer ignore it.
    func reportPointerMotion(_ enabled: Bool)

    /// True while the screen shows frames much slower than an animation makes them (a
    /// terminal over a thin link): the app then makes transitions instant (see
    /// ``App/reducesMotionOverSlowLinks``). False by default.
    var showsFramesSlowly: Bool { get }
}

extension Backend {
    /// True colour on an unknown background, for backends that cannot tell.
    public var appearance: TerminalAppearance { .unknown }

    /// Ignores the request: a backend that never waits has no wait to end.
    public func interruptWait() {}

    /// Returns at once: a backend with no terminal has nothing to give back.
    public func suspend() async {}
    /// Nothing to give: a backend with no terminal.
    public func releaseTerminal() async {}
    /// Nothing to take back: a backend with no terminal.
    public func takeTerminalBack() {}
    /// Ignores the request: for backends with no pointer to report.
    public func reportPointerMotion(_ enabled: Bool) {}
    public var showsFramesSlowly: Bool { false }
}
