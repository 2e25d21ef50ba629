import CurtainLayout
import CurtainScreen

/// The whole screen: a tree of views, the presentations on top of it, keyboard focus, timers,
/// and the clock that drives every animation. It composes frames into a `CellBuffer`; a
/// backend (the terminal, a recording, a test) shows them.
///
/// An ``App`` runs a scene: it hands it each event (``handle(_:)``) and calls
/// ``renderFrame()`` when ``nextFrameTime`` comes. A scene is deterministic: with a
/// ``ManualClock`` a test steps an animation frame by frame and reads the cells of each.
@MainActor
public final class Scene {
    /// The root view: it covers the screen and is the presentation context of last resort.
    public let root: View

    /// The clock that times every animation, timer and auto-dismissal in the scene.
    public let clock: AnimationClock

    /// Reduce motion and animation speed, applied to every transition and spring.
    public var motion: MotionSettings

    /// The screen size in cells. Setting it lays everything out again on the next frame.
    public var size: Size {
        didSet { if size != oldValue { setNeedsLayout() } }
    }

    /// The smallest screen the views are laid out on. Below it the scene shows
    /// ``tooSmallView`` instead (presentations keep their state and come back when the screen
    /// grows), and keys reach only the root view and the key bindings; mouse events are dropped.
    public var minimumSize: Size? {
        didSet { if minimumSize != oldValue { setNeedsLayout() } }
    }

    /// The colours views draw with, by role. Setting it redraws everything.
    public var theme: Theme = .dark {
        didSet { if theme != oldValue { setNeedsLayout() } }
    }

    /// Whether the app sets ``theme`` to the standard theme for its backend's appearance when
    /// it starts running (light or dark after the terminal's background, designed for its
    /// colour depth). True by default; set it false to keep a theme of your own.
    public var followsTerminalAppearance = true

    /// What is shown while the screen is smaller than ``minimumSize``.
    public let tooSmallView = TooSmallView()

    /// Presentations on screen (including those sliding in or out), bottom to top.
    public internal(set) var presentations: [PresentationController] = []

    /// The view holding keyboard focus.
    public internal(set) var focusedView: View?

    /// Whether the first view in reading order that can take focus takes it when an ``App``
    /// starts running the scene, unless the program gave focus to a view before (Textual's
    /// `AUTO_FOCUS`); when that view holds others that can (a pane around a list), the first
    /// of those takes it. True by default: a program whose only list is in a pane answers the
    /// arrow keys from the start. Set it false to start with nothing focused.
    public var focusesFirstViewAtStart = true

    /// The cell where the pointer was last reported, if any mouse event came yet.
    public internal(set) var pointerLocation: Point?

    /// True while something on screen reacts to the pointer resting on it (a notification
    /// that waits while hovered): the app then asks its backend to report pointer motion.
    public var wantsPointerMotion: Bool {
        presentations.contains { $0.pausesWhileHovered && ($0.state == .presenting || $0.state == .presented) }
    }

    /// The last composed frame.
    public internal(set) var screen: CellBuffer

    /// Runs before every frame is laid out and composed, after due timers fired and due
    /// presentations began to dismiss themselves: the place to
    /// derive what views show from the state of the app (a help bar listing the keys that work
    /// where the focus is, a status line).
    public var beforeEachFrame: (@MainActor () -> Void)?

    var needsLayout = true
    var needsDisplay = true
    /// Whether a view was told last frame that presentations cover part of it
    /// (``updateObscuredInsets()`` then runs until they no longer do).
    var hasObscuredInsets = false
    /// Set when an app starts running the scene, until the first layout on a screen large
    /// enough gives focus to the first focusable view (``focusesFirstViewAtStart``).
    var startFocusPending = false
    /// Where task errors go (``taskErrorHandler``).
    var taskErrors: (@MainActor (any Error) -> Void)?
    /// Told of every change that needs a frame or moves a deadline (an invalidation, a new
    /// timer): the app's loop wakes for it when the change came from outside the loop (a task,
    /// a callback).
    var onChange: (@MainActor () -> Void)?
    /// Bumped by every scene-wide invalidation; part of the underlay's key.
    var generation = 0
    /// The cells beneath the top-most presented view, kept between frames (see ``compose()``).
    var underlay: (key: UnderlayKey, cells: CellBuffer)?
    /// The root's tree as drawn, kept between frames; its key has no layers.
    var rootLayer: (key: UnderlayKey, cells: CellBuffer)?
    /// The dims' blended styles, kept between frames: a frame that dims the same cells at the
    /// same strength again (panes drawn again under a toast) blends no style twice.
    var dimBlends = DimBlends()
    /// Key bindings: the app-level end of the responder chain.
    var bindings: [Key: KeyBinding] = [:]
    /// The presentation that holds the keys while nothing in it can take focus (see
    /// ``presentNow(_:from:animated:)``): keys start from its content until focus moves.
    weak var keyHolder: PresentationController?
    /// The view that took the last mouse press: it receives the drags and the release.
    weak var mouseCapture: View?
    /// The presentation the pointer is dragging (interactive dismissal).
    weak var draggedPresentation: PresentationController?
    /// A press that presented content took (an editor's caret), while its drag may still turn
    /// into a drag of the presentation: the controller, where and when it was pressed.
    var contentPress: (controller: PresentationController, point: Point, time: Double)?

    /// At most this many presentations show on one edge of one context; older ones collapse
    /// into a "+N more" line until room frees.
    public var maximumStackedPresentations = 3 {
        didSet { if maximumStackedPresentations != oldValue { setNeedsLayout() } }
    }
    /// Pending timers, in the order they were scheduled.
    var timers: [SceneTimer] = []

    /// Debug builds only: compose every frame that reuses kept cells again from scratch and stop
    /// if they differ. On by default (see ``_checksKeptCells``).
    var checksKeptCells = true
    /// When set, runs each phase of ``renderFrame()`` (see ``_phaseTimer``).
    var phaseTimer: ((RenderPhase, () -> Void) -> Void)?

    /// A scene showing `root` on a screen of `size` cells. An ``App`` makes its own; make one
    /// directly to drive a scene without the run loop.
    ///
    /// - Parameters:
    ///   - root: the view that covers the screen; it becomes a presentation context.
    ///   - size: the screen size in cells.
    ///   - clock: what times animations and timers: a ``SystemClock`` or a ``ManualClock``.
    ///   - motion: reduce motion and animation speed; normal by default.
    public init(root: View, size: Size, clock: AnimationClock, motion: MotionSettings = MotionSettings()) {
        self.root = root
        self.size = size
        self.clock = clock
        self.motion = motion
        self.screen = CellBuffer(size: .zero)
        root.definesPresentationContext = true
        root.scene = self
        root.propagateScene()
    }

    // MARK: - Invalidation

    /// Lays out and redraws everything on the next frame.
    public func setNeedsLayout() { needsLayout = true; needsDisplay = true; generation &+= 1; onChange?() }

    /// Redraws everything on the next frame. A view whose own content changed calls
    /// ``View/setNeedsDisplay()`` instead, which redraws only its tree.
    public func setNeedsDisplay() { needsDisplay = true; generation &+= 1; onChange?() }

    /// Schedules a frame after a view invalidated its own tree.
    func setNeedsFrame(layout: Bool = false) {
        needsDisplay = true
        if layout { needsLayout = true }
        onChange?()
    }

    /// True while the screen is smaller than ``minimumSize``.
    public var isBelowMinimumSize: Bool {
        guard let minimumSize else { return false }
        return size.width < minimumSize.width || size.height < minimumSize.height
    }

    // MARK: - Presenting

    /// The presentation whose content holds `view`, if any.
    public func presentation(containing view: View) -> PresentationController? {
        presentations.last { $0.presentedView.isAncestor(of: view) }
    }

    /// True when `view` belongs to the root's tree or to a presentation that is not leaving.
    public func isOnScreen(_ view: View) -> Bool {
        if root.isAncestor(of: view) { return true }
        return presentations.contains { $0.state != .dismissing && $0.presentedView.isAncestor(of: view) }
    }

    /// Presents `controller`'s content in the presentation context of `view`: the nearest view
    /// from `view` up that defines one, finally the root. Presenting a controller that is being
    /// dismissed cancels the dismissal and slides it back in from where it is.
    public func present(_ controller: PresentationController, from view: View, animated: Bool = true) {
        presentNow(controller, from: view, animated: animated)
    }

    /// What ``present(_:from:animated:)`` does; the awaiting form calls it too.
    func presentNow(_ controller: PresentationController, from view: View, animated: Bool) {
        let motion = animated ? self.motion : MotionSettings(reduceMotion: true)
        if controller.state == .dismissing, presentations.contains(where: { $0 === controller }) {
            controller.dismissalTransitionDidEnd(false)
            controller.beginPresentation(at: clock.now, motion: motion)
        } else if controller.state == .dismissed {
            controller.scene = self
            controller.presentingView = view
            controller.contextView = controller.usesScreenContext ? root : (view.presentationContext ?? root)
            controller.presentedView.scene = self
            controller.presentedView.propagateScene()
            controller.focusToRestore = focusedView
            presentations.append(controller)
            sortPresentations()
            controller.layout(motion: self.motion, now: clock.now)
            controller.beginPresentation(at: clock.now, motion: motion)
        }
        if controller.takesFocus {
            if let target = firstFocusable(in: controller.presentedView) {
                focus(target)
            } else if controller.takesKeysWhenContentCannotFocus {
                holdKeys(for: controller)
            }
        }
        controller.tasks.setLive(true)
        setNeedsLayout()
    }

    /// Slides `controller` out and removes its dim when the slide ends. Focus inside it returns
    /// to where it was before it was presented (or to the view it was presented from). When it
    /// is gone, its ``PresentationController/onDismiss`` hears `reason`.
    public func dismiss(_ controller: PresentationController, animated: Bool = true,
                        reason: DismissalReason = .programmatic) {
        guard controller.state == .presenting || controller.state == .presented else { return }
        controller.dismissalReason = reason
        controller.tasks.setLive(false)
        let motion = animated ? self.motion : MotionSettings(reduceMotion: true)
        controller.beginDismissal(at: clock.now, motion: motion)
        if let focused = focusedView, controller.presentedView.isAncestor(of: focused) {
            restoreFocus(from: controller)
        } else if keyHolder === controller {
            keyHolder = nil
            if focusedView == nil { restoreFocus(from: controller) }
        }
        if let captured = mouseCapture, controller.presentedView.isAncestor(of: captured) { mouseCapture = nil }
        if draggedPresentation === controller { draggedPresentation = nil }
        if contentPress?.controller === controller { contentPress = nil }
        setNeedsDisplay()
    }

    /// Screen contexts draw above pane contexts; within a context, later presentations on top.
    private func sortPresentations() {
        let order = presentations.enumerated().map { (index, p) -> (Int, Int, PresentationController) in
            (p.contextView === root ? 1 : 0, index, p)
        }
        presentations = order.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    // MARK: - Frames

    /// When the scene next needs ``renderFrame()``: about 60 times a second while something
    /// moves, at a timer's or a toast's auto-dismiss time, or `nil` when nothing is scheduled
    /// (sleep until input).
    public var nextFrameTime: Double? { nextFrameTime(leavingOutRepeatingTimers: false) }

    /// ``nextFrameTime``, without the ticks of repeating timers when asked: when a run that
    /// shows only its last frame must still wake. Such a timer loses nothing when the clock
    /// jumps past its ticks (it fires once when late and keeps its rhythm, see ``SceneTimer``);
    /// an auto-dismissal or a one-shot timer jumped past happens late, and every later frame
    /// shows it late (a notification due at 4 s still up at 10 s).
    package func nextFrameTime(leavingOutRepeatingTimers: Bool) -> Double? {
        let timed = leavingOutRepeatingTimers ? timers.filter { $0.interval == nil } : timers
        let deadline = (presentations.compactMap { autoDismissDeadline(of: $0) } + timed.compactMap(\.nextFireTime)).min()
        return FramePacing.nextFrame(after: clock.now, isAnimating: isAnimating, deadline: deadline)
    }

    /// Whether a view changed or asked for layout since the last frame (not a presentation's
    /// motion alone).
    var hasChangesToDraw: Bool { needsDisplay || (!isBelowMinimumSize && needsLayout) }

    /// True while a presentation moves or a frame is pending: what ``nextFrameTime`` asks 60
    /// frames a second for. Timers alone do not count.
    public var isAnimating: Bool {
        needsDisplay || (!isBelowMinimumSize && (needsLayout || presentations.contains(where: \.isAnimating)))
    }

    private func autoDismissDeadline(of controller: PresentationController) -> Double? {
        guard controller.state == .presented, let delay = controller.autoDismissDelay else { return nil }
        // Collapsed into its stack's "+N more" line it cannot be read: its time waits, and
        // starts again when it is shown (``stackPresentations(now:)``).
        if controller.stackVisibility.target == 0 { return nil }
        if let focused = focusedView, controller.presentedView.isAncestor(of: focused) { return nil }
        if isHovered(controller) { return nil }
        return controller.autoDismissReference + motion.readingTime(delay)
    }

    /// Fires due timers, advances animations to the clock's now, lays out if needed and
    /// composes. Returns the new screen, or `nil` when it would look exactly like the last one
    /// (no frame is produced).
    @discardableResult
    public func renderFrame() -> CellBuffer? {
        timed(.layoutAndAnimation) { advance() }
        var produced: CellBuffer?
        timed(.composition) {
            needsDisplay = false
            let composed = isBelowMinimumSize ? composeTooSmall() : compose()
            if composed != screen {
                screen = composed
                produced = composed
            }
        }
        return produced
    }

    private func timed(_ phase: RenderPhase, _ body: () -> Void) {
        if let phaseTimer { phaseTimer(phase, body) } else { body() }
    }

    /// Fires due timers, dismisses what is due, lays out if needed and moves every animation
    /// to the clock's now.
    private func advance() {
        let now = clock.now
        fireDueTimers(at: now)
        for controller in presentations {
            if let deadline = autoDismissDeadline(of: controller), now >= deadline { dismiss(controller, reason: .timedOut) }
        }
        // A presentation someone awaits goes with the view it was presented from: nobody is
        // left to answer it for.
        for controller in presentations where controller.dismissal != nil {
            if let view = controller.presentingView, isOnScreen(view) { continue }
            dismiss(controller, reason: .cancelled)
        }
        beforeEachFrame?()
        if needsLayout, !isBelowMinimumSize { layout() }
        if startFocusPending, !isBelowMinimumSize { takeStartFocus() }
        var removed = false
        for controller in presentations {
            if controller.advance(to: now) == .dismissed { removed = true }
        }
        stackPresentations(now: now)
        updateObscuredInsets()
        if removed {
            let gone = presentations.filter { $0.state == .dismissed }
            presentations.removeAll { $0.state == .dismissed }
            for controller in gone {
                controller.dismissalTransitionDidEnd(true)
                controller.presentedView.scene = nil
                controller.presentedView.propagateScene()
                controller.scene = nil
                controller.onDismiss?(controller.dismissalReason ?? .programmatic)
                controller.resumeDismissalWaiters(controller.dismissalReason ?? .programmatic)
            }
        }
    }

    /// Lays out the tree and recomputes and stores every presented frame.
    public func layout() {
        needsLayout = false
        let before = root.frames
        root.frame = Rect(origin: .zero, size: size)
        root.layoutHierarchy()
        if root.frames != before { root.contentGeneration &+= 1 }
        for controller in presentations {
            controller.layout(motion: motion, now: clock.now)
        }
        stackPresentations(now: clock.now)
        for controller in presentations {
            controller.presentedView.frame = controller.displayedFrame
            controller.presentedView.layoutFrame = controller.contentLayoutFrame
            controller.presentedView.layoutHierarchy()
        }
    }

    /// Whether the pointer rests on `controller`'s content and that pauses its auto-dismissal.
    func isHovered(_ controller: PresentationController) -> Bool {
        guard controller.pausesWhileHovered, let pointer = pointerLocation else { return false }
        return controller.displayedFrame.contains(pointer)
    }

    // MARK: - Hit testing

    /// The view under a screen cell: presented content first (top-most first, except what is
    /// leaving), then the tree.
    public func hitTest(_ point: Point) -> View? {
        for controller in presentations.reversed() where controller.state != .dismissing {
            if let hit = hitTest(point, in: controller) { return hit }
        }
        return root.hitTest(point)
    }

    /// The view of `controller`'s content under `point`, where the content is visible.
    func hitTest(_ point: Point, in controller: PresentationController) -> View? {
        guard let context = controller.contextView,
              controller.displayedFrame.intersection(controller.clipRect(in: context)).contains(point) else { return nil }
        return controller.presentedView.hitTest(point)
    }
}

/// Phases of ``Scene/renderFrame()`` reported to its phase timer (the benchmark times them).
package enum RenderPhase: Sendable { case layoutAndAnimation, composition }
