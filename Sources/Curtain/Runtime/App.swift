import CurtainLayout
import CurtainScreen

/// A program: a ``Scene`` and the loop that runs it on a ``Backend``.
///
/// ```swift
/// let app = App(root: pane)
/// app.scene.bind(.character("q")) { app.quit() }
/// await app.run()                // CurtainTerminal; or await app.run(on: someBackend)
/// ```
///
/// The loop shows a frame, waits for the next event or the scene's next deadline (an animation
/// frame, a timer), hands the event and every further event already waiting to the scene, runs
/// the work posted to it (``poster``), and shows the next frame — until ``quit()``, the end of
/// input or the cancellation of the task that runs it. It never polls: with nothing scheduled it
/// waits for input as long as it takes, and while it waits the main actor is free, so tasks
/// (``View/task(_:)``), `MainActor.run` and `DispatchQueue.main.async` blocks run meanwhile;
/// whatever they change in the scene is drawn at once (at most 60 frames a second). Keys
/// nothing handled get the defaults of a terminal program: Ctrl-C quits, Ctrl-Z suspends (bind
/// them to do otherwise).
@MainActor
public final class App {
    /// The scene the app runs: its views, presentations, focus, timers and key bindings.
    public let scene: Scene

    /// The clock everything in the app is timed by (the scene's). Tasks wait on it with
    /// ``AnimationClock/sleep(for:)``, so a test's `ManualClock` decides when they wake.
    public var clock: AnimationClock { scene.clock }

    /// Runs closures on the main actor, in the loop, from any thread: see ``AppPoster``.
    public let poster: AppPoster

    /// True once ``quit()`` was called (or input ended): the loop stops after this frame.
    public private(set) var isQuitting = false

    /// True while ``run(on:)`` runs the loop.
    public private(set) var isRunning = false

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
    /// Whether the loop waits in the backend, and the deadline it waits for (nil: none).
    private var isWaiting = false
    private var waitDeadline: Double?
    /// When the scene last rendered a frame (shown or not): changes from outside the loop are
    /// drawn no sooner than one frame interval after it.
    private var lastRenderTime = -Double.infinity
    /// Whether the last frame was drawn for a timer alone (a spinner's step, a clock's tick):
    /// work from outside the loop need not wait a frame interval after such a frame, since the
    /// 60 Hz pacing is for streams of changes, which timers are not.
    private var lastRenderWasTimerOnly = false
    /// Set when the scene changed while the loop waited (a task, a callback), until drawn.
    private var outsideChangePending = false
    /// Set by the test pilot at a call: the next turn draws the changes waiting at once, not a
    /// frame interval after the last frame (a clock only the test moves would never get
    /// there); cleared by the frame.
    var drawsWaitingChangesNow = false
    /// Set when the scene changed outside a frame (a key's handler, a task, posted work), until
    /// the next frame: a change a frame itself asks for (the next step of a measurement)
    /// waits for its pacing, always.
    var changedOutsideAFrame = false
    /// True while ``renderAndPresent()`` renders.
    private var isRendering = false
    /// Counts the scene's changes and the posted work run: a test pilot reads it to tell when
    /// tasks stopped changing anything.
    var activity = 0
    /// Hand-offs of the terminal asked for and not yet answered, in order (see
    /// ``withTerminalReleased(_:)``).
    var handOffs: [TerminalHandOff] = []
    /// Set by an unhandled Ctrl-Z: the loop suspends at the top of its next turn.
    var suspendRequested = false
    /// Posted work taken from the poster and not yet run: a turn runs a bounded share of it.
    private var postedBatch: PostedWorkStack.Batch?

    /// An app whose scene shows `root`; it takes the screen size from the backend it runs on.
    ///
    /// - Parameters:
    ///   - root: the view that covers the screen.
    ///   - clock: `SystemClock()` for a real terminal; a ``ManualClock`` for a headless run or a
    ///     test, whose backend moves it.
    ///   - motion: reduce motion and animation speed.
    public init(root: View, clock: AnimationClock = SystemClock(), motion: MotionSettings = MotionSettings()) {
        scene = Scene(root: root, size: .zero, clock: clock, motion: motion)
        poster = AppPoster()
        poster.attach(self)
        scene.onChange = { [unowned self] in sceneChanged() }
    }

    /// Ends the loop once the current frame is shown.
    public func quit() { isQuitting = true }

    /// Calls `observer` with every frame the app shows and the clock's time (recording a
    /// session, printing frames).
    public func addFrameObserver(_ observer: @escaping @MainActor (CellBuffer, Double) -> Void) {
        frameObservers.append(observer)
    }

    /// Runs the app on `backend` until ``quit()``, the end of input, or the cancellation of the
    /// task that runs it. The backend stays open: stop it afterwards if it needs stopping.
    ///
    /// On the way out every task the app's views and presentations started is cancelled,
    /// presentations still awaited (``Scene/presentAndWait(_:from:animated:)``) answer
    /// ``DismissalReason/appQuit``, and later posts are dropped.
    public func run(on backend: some Backend) async {
        start(on: backend)
        isRunning = true
        await withTaskCancellationHandler {
            while !isQuitting, !Task.isCancelled {
                if givesTerminalAway {
                    await giveTerminalAway(on: backend)
                    continue
                }
                let deadline = loopDeadline()
                (isWaiting, waitDeadline) = (true, deadline)
                let event = await backend.nextEvent(until: deadline, clock: clock)
                isWaiting = false
                // Cancelled, or ended meanwhile from outside (`_endRunNow`): no further turn.
                if Task.isCancelled || !isRunning { break }
                followLinkSpeed(of: backend)
                followAppearance(of: backend)
                if let event {
                    dispatch(event)
                    // A burst (keys typed faster than frames, a script's simultaneous lines) is
                    // one frame. It ends where a key asked for the terminal to be given away:
                    // the keys after it wait, queued in the backend, until it is back. The yield
                    // lets a task the key's handler started ask before the next key is handed out.
                    while !isQuitting, !givesTerminalAway {
                        await Task.yield()
                        guard !isQuitting, !givesTerminalAway,
                              let next = await backend.nextEvent(until: clock.now, clock: clock) else { break }
                        dispatch(next)
                    }
                }
                runPostedWork()
                // No frame for a terminal about to be given away: it is painted when taken back.
                if givesTerminalAway { continue }
                // Woken early by work from outside the loop: the frame waits for its time.
                if event == nil, let deadline = loopDeadline(), clock.now < deadline { continue }
                renderAndPresent()
            }
        } onCancel: {
            Task { @MainActor in
                self.quit()
                self.backend?.interruptWait()
            }
        }
        finish()
    }

    /// When the loop next needs to act: now when work is posted; else the earlier of the
    /// scene's next frame (brought forward to one frame interval after the last render when the
    /// scene changed) and, on a ``ManualClock``, the earliest task sleeping on it — a clock that
    /// moves only when the loop's backend moves it wakes its sleepers only at a deadline of the
    /// loop's (a real clock wakes them by itself).
    ///
    /// `leavingOutRepeatingTimers` leaves out the ticks of repeating timers: a backend that
    /// shows only the last frame may jump over them (see
    /// ``Scene/nextFrameTime(leavingOutRepeatingTimers:)``), never over the rest.
    package func loopDeadline(leavingOutRepeatingTimers: Bool = false) -> Double? {
        if poster.hasWork || postedBatch != nil { return clock.now }
        if drawsWaitingChangesNow, changedOutsideAFrame, scene.hasChangesToDraw { return clock.now }
        let sleeper = (clock as? ManualClock)?.nextSleeperDeadline
        guard let next = scene.nextFrameTime(leavingOutRepeatingTimers: leavingOutRepeatingTimers) else { return sleeper }
        guard scene.isAnimating else { return min(next, sleeper ?? next) }
        let earliest = outsideChangePending && lastRenderWasTimerOnly ? clock.now : lastRenderTime + FramePacing.interval
        return min(next, max(clock.now, earliest), sleeper ?? next)
    }

    /// The scene changed: when the loop waits past the time the change needs a frame (a task
    /// appended to a log while the app was idle), its wait ends early.
    private func sceneChanged() {
        activity &+= 1
        if !isRendering { changedOutsideAFrame = true }
        guard isWaiting else { return }
        // A wait already cut to end now needs nothing more: a task appending thousands of
        // lines in one turn asks for the deadline once, not once a line.
        if outsideChangePending, let deadline = waitDeadline, deadline <= clock.now { return }
        outsideChangePending = true
        guard let backend, let needed = loopDeadline() else { return }
        if let deadline = waitDeadline, deadline <= needed { return }
        waitDeadline = needed
        backend.interruptWait()
    }

    /// Work was posted: the loop runs it in its next turn, at once if it waits.
    func postArrived() {
        guard isWaiting, let backend else { return }
        waitDeadline = clock.now
        backend.interruptWait()
    }

    /// Runs what was posted, in posting order; work posted meanwhile runs in a later turn.
    ///
    /// A turn runs posted work for ``postedWorkBudget`` at most (and at least one post): a
    /// backlog of a million posts is run over many turns, each of which reads input and
    /// draws, so keys still answer within a few frames. What is left of a batch runs before
    /// the next batch is taken, so each thread's posts keep their order.
    func runPostedWork() {
        let start = ContinuousClock.now
        while !isQuitting {
            if postedBatch == nil {
                guard poster.hasWork else { return }
                postedBatch = poster.takeWork()
            }
            var ran = 0
            while let work = postedBatch?.next() {
                activity &+= 1
                work(self)
                // A post that quits ends the turn: the rest is dropped with the loop.
                if isQuitting { return }
                ran += 1
                // The clock is read every 64 posts: reading it costs as much as a small post.
                if ran & 63 == 0, ContinuousClock.now - start > Self.postedWorkBudget { return }
            }
            postedBatch = nil
            if ContinuousClock.now - start > Self.postedWorkBudget { return }
        }
    }

    /// The longest a turn runs posted work while more waits: half a 60 Hz frame.
    static let postedWorkBudget = Duration.milliseconds(8)

    /// The loop ended: tasks cancelled, awaited presentations answered, the poster closed.
    func finish() {
        isQuitting = true
        isRunning = false
        cancelHandOffs()
        postedBatch = nil
        poster.close()
        scene.cancelTasksAndWaiters()
        self.backend = nil
    }

    /// Takes the backend's size and shows the first frame.
    func start(on backend: some Backend) {
        self.backend = backend
        isQuitting = false
        poster.open()
        reportsPointerMotion = false
        scene.size = backend.size
        followedAppearance = nil
        followAppearance(of: backend)
        scene.prepareFocusAtStart()
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
    /// Ctrl-Z suspends (at the top of the next turn, as a hand-off), the end of input quits.
    func dispatch(_ event: Event) {
        if event == .inputEnded {
            quit()
            return
        }
        guard !scene.handle(event), case .key(let key) = event else { return }
        if key == .ctrl("c") {
            quit()
        } else if key == .ctrl("z") {
            suspendRequested = true
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
        drawsWaitingChangesNow = false
        changedOutsideAFrame = false
        lastRenderWasTimerOnly = !scene.isAnimating && !outsideChangePending
        outsideChangePending = false
        lastRenderTime = clock.now
        isRendering = true
        let frame = scene.renderFrame()
        isRendering = false
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
