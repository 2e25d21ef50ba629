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

    public func setNeedsLayout() { needsLayout = true; needsDisplay = true }
    public func setNeedsDisplay() { needsDisplay = true }

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
        needsDisplay = false
        let composed = compose()
        if composed == screen { return nil }
        screen = composed
        return composed
    }

    /// Lays out the tree and recomputes and stores every presented frame.
    public func layout() {
        needsLayout = false
        root.frame = Rect(origin: .zero, size: size)
        root.layoutHierarchy()
        for controller in presentations {
            controller.layout(motion: motion, now: clock.now)
            controller.presentedView.frame = controller.displayedFrame
            controller.presentedView.layoutFrame = controller.frameOfPresentedView
            controller.presentedView.layoutHierarchy()
        }
    }

    private func compose() -> CellBuffer {
        var buffer = CellBuffer(size: size)
        let bounds = buffer.bounds
        root.drawHierarchy(into: &buffer, clip: bounds)
        for controller in presentations {
            guard let context = controller.contextView else { continue }
            buffer.dim(controller.dimmingRect(in: context), strength: controller.displayedDim)
            let view = controller.presentedView
            if view.frame != controller.displayedFrame || view.layoutFrame != controller.frameOfPresentedView {
                view.frame = controller.displayedFrame
                view.layoutFrame = controller.frameOfPresentedView
                view.layoutHierarchy()
            }
            view.drawHierarchy(into: &buffer, clip: controller.clipRect(in: context).intersection(bounds))
        }
        return buffer
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
