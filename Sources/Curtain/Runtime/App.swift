import CurtainLayout
import CurtainScreen

/// A program: a ``Scene`` and the loop that runs it on a ``Backend``.
///
/// ```swift
/// let app = App(root: pane)
/// app.scene.bind(.character("q")) { app.quit() }
/// app.runInTerminal()            // CurtainTerminal; or app.run(on: someBackend)
/// ```
///
/// The loop shows a frame, waits for the next event or the scene's next deadline (an animation
/// frame, a timer), hands the event and every further event already waiting to the scene, and
/// shows the next frame — until ``quit()`` or the end of input. It never polls: with nothing
/// scheduled it waits for input as long as it takes. Keys nothing handled get the defaults of a
/// terminal program: Ctrl-C quits, Ctrl-Z suspends (bind them to do otherwise).
@MainActor
public final class App {
    /// The scene the app runs: its views, presentations, focus, timers and key bindings.
    public let scene: Scene

    /// The clock everything in the app is timed by (the scene's).
    public var clock: AnimationClock { scene.clock }

    /// True once ``quit()`` was called (or input ended): the loop stops after this frame.
    public private(set) var isQuitting = false

    /// The backend the app runs on, while it runs.
    public private(set) weak var backend: (any Backend)?

    /// Makes transitions instant, as ``MotionSettings/reduceMotion`` does, while the backend
    /// ``Backend/showsFramesSlowly`` (a terminal over a thin link): there every frame between a
    /// transition's first and last would be skipped anyway, and sending the first only delays
    /// the last. True by default; the scene's own motion settings are left alone otherwise.
    public var reducesMotionOverSlowLinks = true

    /// Whether the app turned the scene's reduce motion on for a slow link (and turns it off
    /// again when the link is fast).
    private var reducesMotionForTheLink = false
    /// The appearance the scene's theme was last picked for (``followAppearance(of:)``).
    private var followedAppearance: TerminalAppearance?

    private var frameObservers: [@MainActor (CellBuffer, Double) -> Void] = []
    /// Whether the backend was last asked to report pointer motion.
    private var reportsPointerMotion = false

    /// An app whose scene shows `root`; it takes the screen size from the backend it runs on.
    ///
    /// - Parameters:
    ///   - root: the view that covers the screen.
    ///   - clock: `SystemClock()` for a real terminal; a ``ManualClock`` for a headless run or a
    ///     test, whose backend moves it.
    ///   - motion: reduce motion and animation speed.
    public init(root: View, clock: AnimationClock = SystemClock(), motion: MotionSettings = MotionSettings()) {
        scene = Scene(root: root, size: .zero, clock: clock, motion: motion)
    }

    /// Ends the loop once the current frame is shown.
    public func quit() { isQuitting = true }

    /// Calls `observer` with every frame the app shows and the clock's time (recording a
    /// session, printing frames).
    public func addFrameObserver(_ observer: @escaping @MainActor (CellBuffer, Double) -> Void) {
        frameObservers.append(observer)
    }

    /// Runs the app on `backend` until ``quit()`` or the end of input. The backend stays
    /// open: stop it afterwards if it needs stopping.
    public func run(on backend: some Backend) {
        start(on: backend)
        while !isQuitting {
            let event = backend.nextEvent(until: scene.nextFrameTime, clock: clock)
            followLinkSpeed(of: backend)
            followAppearance(of: backend)
            if let event {
                dispatch(event)
                // A burst (keys typed faster than frames, a script's simultaneous lines) is
                // one frame.
                while !isQuitting, let next = backend.nextEvent(until: clock.now, clock: clock) { dispatch(next) }
            }
            renderAndPresent()
        }
        self.backend = nil
    }

    /// Takes the backend's size and shows the first frame.
    func start(on backend: some Backend) {
        self.backend = backend
        isQuitting = false
        reportsPointerMotion = false
        scene.size = backend.size
        followedAppearance = nil
        followAppearance(of: backend)
        renderAndPresent()
    }

    /// Gives the scene the standard theme for the backend's appearance when it changed (a
    /// terminal's answer about its colours can come after the first frame, over a slow link),
    /// unless the scene keeps a theme of its own.
    func followAppearance(of backend: some Backend) {
        let appearance = backend.appearance
        guard scene.followsTerminalAppearance, appearance != followedAppearance else { return }
        followedAppearance = appearance
        scene.theme = .standard(for: appearance)
    }

    /// Hands `event` to the scene, then applies the defaults to what it left: Ctrl-C quits,
    /// Ctrl-Z suspends, the end of input quits.
    func dispatch(_ event: Event) {
        if event == .inputEnded {
            quit()
            return
        }
        guard !scene.handle(event), case .key(let key) = event else { return }
        if key == .ctrl("c") {
            quit()
        } else if key == .ctrl("z") {
            backend?.suspend()
        }
    }

    /// Turns the scene's reduce motion on while the backend shows frames slowly, and off again
    /// when it no longer does (if the app turned it on).
    func followLinkSpeed(of backend: some Backend) {
        let slow = reducesMotionOverSlowLinks && backend.showsFramesSlowly
        if slow, !scene.motion.reduceMotion {
            scene.motion.reduceMotion = true
            reducesMotionForTheLink = true
        } else if !slow, reducesMotionForTheLink {
            scene.motion.reduceMotion = false
            reducesMotionForTheLink = false
        }
    }

    /// Renders a frame; when it differs from the last, shows it and tells the observers.
    func renderAndPresent() {
        let frame = scene.renderFrame()
        if scene.wantsPointerMotion != reportsPointerMotion {
            reportsPointerMotion.toggle()
            backend?.reportPointerMotion(reportsPointerMotion)
        }
        guard let frame else { return }
        backend?.present(frame)
        let now = clock.now
        for observer in frameObservers { observer(frame, now) }
    }
}
