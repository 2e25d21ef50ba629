import CurtainLayout
import CurtainScreen

/// Where an ``App`` gets its events and shows its frames: the terminal (`TerminalSession` in
/// CurtainTerminal), a ``HeadlessBackend`` for tests and recordings, or your own.
///
/// The app's run loop calls these from the main actor, one at a time: it shows a frame, then
/// asks for the next event with the deadline of the next thing the scene has scheduled (an
/// animation frame, a timer), then shows the next frame.
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
    /// - Returns: the event, or nil when the deadline came first.
    func nextEvent(until deadline: Double?, clock: AnimationClock) -> Event?

    /// Shows `frame`. Only its cells that differ from the last frame need to be sent.
    func present(_ frame: CellBuffer)

    /// Gives the screen back for a while, as Ctrl-Z does in a shell, and returns once the
    /// program continues, with the last frame shown again. Backends with nothing to give back
    /// return at once.
    func suspend()

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

    /// Returns at once: a backend with no terminal has nothing to give back.
    public func suspend() {}
    /// Ignores the request: for backends with no pointer to report.
    public func reportPointerMotion(_ enabled: Bool) {}
    public var showsFramesSlowly: Bool { false }
}
