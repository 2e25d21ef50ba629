import CurtainLayout
import CurtainScreen

/// The whole screen: a tree of views, the presentations on top of it, keyboard focus, and the
/// clock that drives every animation. It composes frames into a ``CellBuffer``; a backend (the
/// ncurses terminal, a recording, a test) shows them.
///
/// A scene is driven from outside, which keeps it deterministic: feed it input, then call
/// ``renderFrame()`` when ``nextFrameTime`` comes. With a ``ManualClock`` a test steps an
/// animation frame by frame and reads the cells of each.
@MainActor
public final class Scene {
    /// The root view: it covers the screen and is the presentation context of last resort.
    public let root: View

    public let clock: AnimationClock

    /// Reduce motion and animation speed, applied to every transition and spring.
    public var motion: MotionSettings

    /// The screen size in cells. Setting it lays everything out again on the next frame.
    public var size: Size {
        didSet { if size != oldValue { setNeedsLayout() } }
    }

    /// Presentations on screen (including those sliding in or out), bottom to top.
    public private(set) var presentations: [PresentationController] = []

    /// The view holding keyboard focus.
    public private(set) var focusedView: View?

    /// The last composed frame.
    public private(set) var screen: CellBuffer

    private var needsLayout = true
    private var needsDisplay = true
    /// Bumped by every scene-wide invalidation; part of the underlay's key.
    private var generation = 0
    /// The cells beneath the top-most presented view, kept between frames (see ``compose()``).
    private var underlay: (key: UnderlayKey, cells: CellBuffer)?
    /// The root's tree as drawn, kept between frames; its key has no layers.
    private var rootLayer: (key: UnderlayKey, cells: CellBuffer)?

    /// Phases of ``renderFrame()`` reported to ``phaseTimer``.
    package enum RenderPhase: Sendable { case layoutAndAnimation, composition }

    /// Debug builds only: compose every frame that reuses kept cells again from scratch and stop
    /// if they differ. On by default; a test that counts draws turns it off.
    package var checksKeptCells = true

    /// When set, runs each phase of ``renderFrame()`` (the benchmark times them). Not for apps.
    package var phaseTimer: ((RenderPhase, () -> Void) -> Void)?

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
    public func setNeedsLayout() { needsLayout = true; needsDisplay = true; generation &+= 1 }

    /// Redraws everything on the next frame. A view whose own content changed calls
    /// ``View/setNeedsDisplay()`` instead, which redraws only its tree.
    public func setNeedsDisplay() { needsDisplay = true; generation &+= 1 }

    /// Schedules a frame after a view invalidated its own tree.
    func setNeedsFrame(layout: Bool = false) {
        needsDisplay = true
        if layout { needsLayout = true }
    }

    // MARK: - Focus

    /// Gives keyboard focus to `view` (if it can take it and is on screen). Exactly one view
    /// holds focus at a time.
    public func focus(_ view: View) {
        guard view.canBecomeFocused, isOnScreen(view) else { return }
        if focusedView === view { return }
        if let previous = focusedView {
            previous.isFocused = false
            if let owner = presentation(containing: previous) { owner.autoDismissReference = clock.now }
        }
        view.isFocused = true
        focusedView = view
        setNeedsDisplay()
    }

    /// The presentation whose content holds `view`, if any.
    public func presentation(containing view: View) -> PresentationController? {
        presentations.last { $0.presentedView.isAncestor(of: view) }
    }

    /// True when `view` belongs to the root's tree or to a presentation that is not leaving.
    public func isOnScreen(_ view: View) -> Bool {
        if root.isAncestor(of: view) { return true }
        return presentations.contains { $0.state != .dismissing && $0.presentedView.isAncestor(of: view) }
    }

    // MARK: - Presenting

    /// Presents `controller`'s content in the presentation context of `view`: the nearest view
    /// from `view` up that defines one, finally the root. Presenting a controller that is being
    /// dismissed cancels the dismissal and slides it back in from where it is.
    public func present(_ controller: PresentationController, from view: View, animated: Bool = true) {
        let motion = animated ? self.motion : MotionSettings(reduceMotion: true)
        if controller.state == .dismissing, presentations.contains(where: { $0 === controller }) {
            controller.dismissalTransitionDidEnd(false)
            controller.beginPresentation(at: clock.now, motion: motion)
        } else if controller.state == .dismissed {
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
        if controller.takesFocus, let target = firstFocusable(in: controller.presentedView) { focus(target) }
        setNeedsLayout()
    }

    /// Slides `controller` out and removes its dim when the slide ends. Focus inside it returns
    /// to where it was before it was presented (or to the view it was presented from).
    public func dismiss(_ controller: PresentationController, animated: Bool = true) {
        guard controller.state == .presenting || controller.state == .presented else { return }
        let motion = animated ? self.motion : MotionSettings(reduceMotion: true)
        controller.beginDismissal(at: clock.now, motion: motion)
        if let focused = focusedView, controller.presentedView.isAncestor(of: focused) {
            restoreFocus(from: controller)
        }
        setNeedsDisplay()
    }

    private func restoreFocus(from controller: PresentationController) {
        let candidates = [controller.focusToRestore, controller.presentingView].compactMap { $0 }
        for candidate in candidates where candidate.canBecomeFocused && isOnScreen(candidate)
            && !controller.presentedView.isAncestor(of: candidate) {
            focus(candidate)
            return
        }
        if let fallback = firstFocusable(in: root) { focus(fallback) }
    }

    /// Screen contexts draw above pane contexts; within a context, later presentations on top.
    private func sortPresentations() {
        let order = presentations.enumerated().map { (index, p) -> (Int, Int, PresentationController) in
            (p.contextView === root ? 1 : 0, index, p)
        }
        presentations = order.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    private func firstFocusable(in view: View) -> View? {
        if view.canBecomeFocused { return view }
        for child in view.subviews { if let found = firstFocusable(in: child) { return found } }
        return nil
    }

    // MARK: - Frames

    /// When the scene next needs ``renderFrame()``: about 60 times a second while something
    /// moves, at a toast's auto-dismiss time, or `nil` when nothing is scheduled (sleep until input).
    public var nextFrameTime: Double? {
        let now = clock.now
        if needsDisplay || needsLayout || presentations.contains(where: \.isAnimating) {
            return now + FramePacing.interval
        }
        let deadlines = presentations.compactMap { autoDismissDeadline(of: $0) }
        return deadlines.min()
    }

    private func autoDismissDeadline(of controller: PresentationController) -> Double? {
        guard controller.state == .presented, let delay = controller.autoDismissDelay else { return nil }
        if let focused = focusedView, controller.presentedView.isAncestor(of: focused) { return nil }
        return controller.autoDismissReference + motion.duration(delay) // speed scales delays too
    }

    /// Advances animations to the clock's now, lays out if needed and composes. Returns the new
    /// screen, or `nil` when it would look exactly like the last one (no frame is produced).
    @discardableResult
    public func renderFrame() -> CellBuffer? {
        timed(.layoutAndAnimation) { advance() }
        var produced: CellBuffer?
        timed(.composition) {
            needsDisplay = false
            let composed = compose()
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

    /// Dismisses what is due, lays out if needed and moves every animation to the clock's now.
    private func advance() {
        let now = clock.now
        for controller in presentations {
            if let deadline = autoDismissDeadline(of: controller), now >= deadline { dismiss(controller) }
        }
        if needsLayout { layout() }
        var removed = false
        for controller in presentations {
            if controller.advance(to: now) == .dismissed { removed = true }
        }
        if removed {
            let gone = presentations.filter { $0.state == .dismissed }
            presentations.removeAll { $0.state == .dismissed }
            for controller in gone {
                controller.dismissalTransitionDidEnd(true)
                controller.presentedView.scene = nil
                controller.presentedView.propagateScene()
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
            controller.presentedView.frame = controller.displayedFrame
            controller.presentedView.layoutFrame = controller.frameOfPresentedView
            controller.presentedView.layoutHierarchy()
        }
    }

    /// Draws the root's tree, then for each presentation (bottom to top) the dim over its
    /// context and its content.
    ///
    /// Two layers are kept between frames and reused while their keys are unchanged: the root's
    /// tree as drawn (a dim step or a toast sliding over steady panes blends kept cells instead
    /// of drawing every pane again), and everything beneath the top-most presented view (typing
    /// into a toast redraws the toast alone). The keys hold everything those cells are made of
    /// (see ``UnderlayKey``); views report their own changes with ``View/setNeedsDisplay()``.
    /// Debug builds compose every frame that reused a layer again from scratch and stop if the
    /// two differ, which is how a view that changes without saying so is caught.
    private func compose() -> CellBuffer {
        let layers = presentations.filter { $0.contextView != nil }
        let key = underlayKey(layers)
        var buffer: CellBuffer
        var reused = true
        if let kept = underlay, kept.key == key {
            buffer = kept.cells
        } else {
            let rootKey = UnderlayKey(size: key.size, generation: key.generation, rootContent: key.rootContent, layers: [])
            if let kept = rootLayer, kept.key == rootKey {
                buffer = kept.cells
            } else {
                buffer = CellBuffer(size: size)
                root.drawHierarchy(into: &buffer, clip: buffer.bounds)
                rootLayer = (rootKey, buffer)
                reused = false
            }
            drawPresentationsBeneathTheTop(layers, into: &buffer)
            // Kept even while a dim animates and every key is new: the copy this costs when the
            // top is drawn (copy-on-write) is a fraction of composing again, which a repeated
            // key would otherwise cost (measured with callgrind).
            underlay = (key, buffer)
        }
        if let top = layers.last { drawContent(of: top, into: &buffer) }
        #if DEBUG
        guard checksKeptCells, reused else { return buffer }
        var fresh = CellBuffer(size: size)
        root.drawHierarchy(into: &fresh, clip: fresh.bounds)
        drawPresentationsBeneathTheTop(layers, into: &fresh)
        if let top = layers.last { drawContent(of: top, into: &fresh) }
        if fresh != buffer {
            assertionFailure("Scene: the kept cells differ from a fresh composition; a view changed what it draws without calling setNeedsDisplay()")
        }
        #endif
        return buffer
    }

    /// Every presentation but the top-most, and the top-most one's dim.
    private func drawPresentationsBeneathTheTop(_ layers: [PresentationController], into buffer: inout CellBuffer) {
        for (index, controller) in layers.enumerated() {
            guard let context = controller.contextView else { continue }
            buffer.dim(controller.dimmingRect(in: context), strength: controller.displayedDim)
            if index < layers.count - 1 { drawContent(of: controller, into: &buffer) }
        }
    }

    private func drawContent(of controller: PresentationController, into buffer: inout CellBuffer) {
        guard let context = controller.contextView else { return }
        let view = controller.presentedView
        if view.frame != controller.displayedFrame || view.layoutFrame != controller.frameOfPresentedView {
            view.frame = controller.displayedFrame
            view.layoutFrame = controller.frameOfPresentedView
            view.layoutHierarchy()
        }
        view.drawHierarchy(into: &buffer, clip: controller.clipRect(in: context).intersection(buffer.bounds))
    }

    private func underlayKey(_ layers: [PresentationController]) -> UnderlayKey {
        UnderlayKey(
            size: size, generation: generation, rootContent: root.contentGeneration,
            layers: layers.enumerated().map { index, controller in
                let context = controller.contextView ?? root
                let isTop = index == layers.count - 1
                return UnderlayKey.Layer(
                    controller: ObjectIdentifier(controller),
                    dimmingRect: controller.dimmingRect(in: context),
                    dim: controller.displayedDim,
                    content: isTop ? nil : controller.presentedView.contentGeneration,
                    frame: isTop ? nil : controller.displayedFrame,
                    layoutFrame: isTop ? nil : controller.frameOfPresentedView,
                    clip: isTop ? nil : controller.clipRect(in: context))
            })
    }

    // MARK: - Hit testing

    /// The view under a screen cell: presented content first (top-most first), then the tree.
    public func hitTest(_ point: Point) -> View? {
        for controller in presentations.reversed() where controller.state != .dismissing {
            if controller.displayedFrame.contains(point), let hit = controller.presentedView.hitTest(point) {
                return hit
            }
        }
        return root.hitTest(point)
    }
}

/// What the cells beneath the top-most presented view are made of: equal keys, equal cells.
private struct UnderlayKey: Equatable {
    var size: Size
    /// Scene-wide invalidations (focus, presenting, dismissing, a new size).
    var generation: Int
    /// Changes the root's views reported, and layouts that moved one of them.
    var rootContent: Int
    var layers: [Layer]

    /// One presentation: its dim, and, below the top-most, its drawn content.
    struct Layer: Equatable {
        var controller: ObjectIdentifier
        var dimmingRect: Rect
        var dim: Double
        var content: Int?
        var frame: Rect?
        var layoutFrame: Rect?
        var clip: Rect?
    }
}

private extension View {
    /// Every frame and layout frame in the tree, parents first: a layout that changes none of
    /// them leaves every view where it drew before.
    var frames: [Rect] {
        var result: [Rect] = [frame, layoutFrame]
        for child in subviews { result += child.frames }
        return result
    }
}
