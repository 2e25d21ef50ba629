import CurtainLayout
import CurtainScreen

/// Decides where presented content goes, how it enters and leaves, and what is dimmed behind it:
/// the terminal form of `UIPresentationController`.
///
/// Subclass it to make your own presentation; the built-in ``ToastPresentationController``,
/// ``SheetPresentationController`` and ``FullScreenPresentationController`` use only what is
/// public here. The lifecycle, as in UIKit:
///
/// - ``presentationTransitionWillBegin()`` → slide in → ``presentationTransitionDidEnd(_:)``
///   (`false` when a dismissal interrupted it);
/// - ``dismissalTransitionWillBegin()`` → slide out → ``dismissalTransitionDidEnd(_:)``
///   (`false` when presenting again cancelled the dismissal).
///
/// The frame is computed during every layout pass (``frameOfPresentedView(inContext:safeArea:)``)
/// and stored in ``frameOfPresentedView``; drawing only reads the stored frame. That is why a
/// presentation reappears at its own frame in the very first frame after something that covered
/// it goes away: nothing is recomputed late, and computing the frame never reads back what was drawn.
@MainActor
open class PresentationController {
    /// The content shown: its ``View/fittingSize(width:)`` decides the height.
    public let presentedView: View

    /// The view `present` was called from.
    public internal(set) weak var presentingView: View?

    /// The view whose frame confines this presentation (UIKit's container view): the nearest
    /// view that defines a presentation context, finally the scene's root.
    public internal(set) weak var contextView: View?

    /// Where the presentation is in its life: sliding in, on screen, sliding out, or gone.
    public internal(set) var state: PresentationState = .dismissed

    /// The target frame, stored by the last layout pass.
    public private(set) var frameOfPresentedView: Rect = .zero

    /// The frame drawn in the current animation frame: ``frameOfPresentedView`` moved by the slide
    /// and with its height following the spring, in whole cells.
    public internal(set) var displayedFrame: Rect = .zero

    /// The frame the content is laid out in during the current animation frame: the target
    /// size (``frameOfPresentedView``'s), moved with the slide and held against the edge the
    /// presentation grows from — so content with subviews moves with the presentation and is
    /// never laid out at an in-between size.
    public var contentLayoutFrame: Rect {
        var frame = frameOfPresentedView
        frame.origin.x = displayedFrame.minX
        let fromFarSide = (edge == .bottom) != isStackedAway
        frame.origin.y = fromFarSide ? displayedFrame.maxY - frame.height : displayedFrame.minY
        return frame
    }

    /// The dim strength drawn in the current animation frame (0 … ``dimmingStrength``).
    public private(set) var displayedDim: Double = 0

    /// Set by ``Scene``: the view that had focus when this was presented, given focus back on dismissal.
    public internal(set) var focusToRestore: View?

    /// The scene this is presented in, from ``Scene/present(_:from:animated:)`` until its
    /// dismissal ends.
    public internal(set) weak var scene: Scene?

    /// Why the current or last dismissal began; nil before any.
    public internal(set) var dismissalReason: DismissalReason?

    /// Called once the presentation is gone (its slide out ended), with the reason its
    /// dismissal began: how whoever presented it learns whether it timed out, was closed with
    /// Esc or a press outside, was replaced, or was dismissed by the program.
    public var onDismiss: (@MainActor (DismissalReason) -> Void)?

    /// The tasks tied to this presentation (``task(_:)``): live from `present` to the start of
    /// its dismissal.
    var tasks = AttachedTasks()
    /// The end of this presentation, while a task awaits it
    /// (``Scene/presentAndWait(_:from:animated:)``): fulfilled with the reason.
    var dismissal: Promise<DismissalReason>?

    /// 0 = off-screen, 1 = at its frame. Dim and slide follow it. Above 1 while dragged the
    /// wrong way (the rubber band).
    var progress: Double = 0
    var progressAnimation: TimedAnimation?
    /// After a drag released short of dismissing: the offset from the frame, in cells along the
    /// slide, springing back to 0 (``PresentationController+Dragging``).
    var offsetSpring: SpringAnimation?
    /// While the pointer holds it.
    var drag: DragState?
    /// The frame before stacking: where it would be alone in its context.
    var soloFrame: Rect = .zero
    /// How far in the others of its stack count it (0 … 1): its ``progress``, except while the
    /// pointer holds it or it springs back from a drag (1: the others stay where they are) and
    /// while it leaves after that (``stackingAnimation`` closes the gap once).
    var stackingProgress: Double = 0
    /// After a drag let go of it: ``stackingProgress`` going to 0, so the others close up in
    /// one movement instead of jumping to where the pointer left it.
    var stackingAnimation: TimedAnimation?
    /// ``soloFrame`` at ``stackingProgress``: the room it takes in its stack.
    var stackingFrame: Rect = .zero
    /// 1 while shown in its stack, 0 when collapsed into the stack's "+N more" line; animated.
    var stackVisibility = SpringAnimation(value: 1, spring: .critical)
    /// Set by the scene while a newer presentation sits between this one and the edge: its
    /// content then shows from its far side (the visible part of a stacked presentation).
    var isStackedAway = false
    /// The "+N more" line drawn after this presentation (the newest of a stack that hides some).
    var stackOverflowLine: (rect: Rect, hidden: Int)?
    private var height: SpringAnimation?
    private var animateNextLayout = true
    /// When the content was last interacted with or presented, for ``autoDismissDelay``.
    var autoDismissReference: Double = 0

    /// A controller for `presentedView`, not yet presented: pass it to
    /// ``Scene/present(_:from:animated:)``.
    ///
    /// - Parameter presentedView: the content to show; its ``View/fittingSize(width:)``
    ///   decides the height unless a subclass sizes it otherwise.
    public init(presentedView: View) {
        self.presentedView = presentedView
    }

    // MARK: - Override points

    /// The presented frame for a context rect and its safe-area insets. The default places the
    /// content against ``edge`` with ``insets``, sized by its fitting height.
    open func frameOfPresentedView(inContext context: Rect, safeArea: EdgeInsets) -> Rect {
        presentationFrame(context: context, safeArea: safeArea, edge: edge, insets: insets,
                          maximumHeight: maximumHeight, content: ViewFitting(view: presentedView))
    }

    /// The edge the content is placed against and slides in from.
    open var edge: PresentationEdge { .bottom }

    /// Distance from the edges of the context's content area.
    open var insets: EdgeInsets { EdgeInsets(top: 1, left: 2, bottom: 1, right: 2) }

    /// A cap on the height, beyond the room the context leaves.
    open var maximumHeight: Int? { nil }

    /// How dark the context gets behind the presentation (0 … 1). UIKit's dimming views use 0.5.
    open var dimmingStrength: Double { 0.5 }

    /// What is dimmed: by default the context's ``View/dimmingRect``.
    open func dimmingRect(in context: View) -> Rect { context.dimmingRect }

    /// Where the presented view may draw: by default the context's content area, so a sliding
    /// toast appears from under the context's border and never outside it.
    open func clipRect(in context: View) -> Rect { context.frame.inset(by: context.safeAreaInsets) }

    /// Length of the slide in and out, before ``MotionSettings`` scaling.
    open var transitionDuration: Double { 0.3 }

    /// The curve of the slide in and out: ease-out by default, so the first frame after the
    /// key already moves (UIKit's presentation animators start fast; an ease-in-out one sat
    /// still for a tenth of a second in whole cells, and read as a late pop).
    open var transitionCurve: TimingCurve { .easeOut }

    /// The spring that animates live height changes. Critically damped, 0.3 s, as in the seeds.
    open var resizeSpring: Spring { Spring(dampingRatio: 1.0, response: 0.3) }

    /// If set, the presentation dismisses itself this many seconds after it appeared, but never
    /// while its content holds focus (the delay restarts when focus leaves it).
    open var autoDismissDelay: Double? { nil }

    /// Whether ``autoDismissDelay`` waits while the pointer rests on the presented content (the
    /// delay starts again when it leaves). The terminal then reports pointer motion while this
    /// is on screen.
    open var pausesWhileHovered: Bool { false }

    /// When true the presentation ignores pane contexts and uses the whole screen (the scene's root).
    open var usesScreenContext: Bool { false }

    /// Whether presenting this moves keyboard focus into the presented content (to its first
    /// view that can take focus, if it has one; see also ``takesKeysWhenContentCannotFocus``).
    /// True by default; a notification that should not interrupt typing says false.
    open var takesFocus: Bool { true }

    /// Whether, when it takes focus and nothing in its content can, the presentation takes
    /// the keys itself: the view that had focus loses it, and keys go to the content and then
    /// to this controller (Esc dismisses) before the view it was presented from, until focus
    /// moves (Tab, a click) or it leaves — so the list under a sheet showing a `Label` no
    /// longer moves with ↑/↓ under the dim. True for a sheet and for whatever traps focus (an
    /// alert, a modal); false for a toast, which tells and leaves the keys where they were.
    open var takesKeysWhenContentCannotFocus: Bool { trapsFocus }

    /// Whether focus stays inside the presented content while it is up, as in a modal: Tab
    /// and Shift-Tab cycle inside it, and keys its content and this controller do not handle
    /// go to the scene's global bindings, not to the views beneath nor their bindings. A toast
    /// does not trap focus.
    open var trapsFocus: Bool { false }

    /// Whether Esc, when nothing in the presented content handled it, dismisses this.
    open var dismissesOnEscape: Bool { true }

    /// Whether the user may drag it away toward its edge with the mouse: it follows the
    /// pointer, resists the wrong way, and on release either leaves or springs back (seed 003's
    /// interactive dismissal). True by default; a full-screen modal says false.
    open var allowsInteractiveDismissal: Bool { true }

    /// Whether it stacks with the other presentations on the same edge of its context (newest
    /// nearest the edge, at most ``Scene/maximumStackedPresentations`` shown). True by default;
    /// presentations whose frame is not against an edge say false.
    open var stacksWithOthers: Bool { true }

    // MARK: - Events

    /// Handles a key the presented content did not handle (the controller is the next
    /// responder after the top of its content, as a view controller is in UIKit). The default
    /// dismisses on Esc when ``dismissesOnEscape``. Return true when handled.
    open func handleKey(_ key: Key) -> Bool {
        guard key == .escape, dismissesOnEscape, let scene, state == .presenting || state == .presented else { return false }
        scene.dismiss(self, reason: .escapeKey)
        return true
    }

    /// A press on the dimmed part of the context, outside the presented content (UIKit's
    /// background button). The default dismisses. Return false to let the press through to
    /// the views beneath.
    open func handlePressOnDimmedArea(at point: Point) -> Bool {
        scene?.dismiss(self, reason: .pressOutside)
        return true
    }

    /// Called as the slide in starts (also when presenting again reverses a slide out): the
    /// place to set up what the presentation needs, such as where focus goes. Does nothing by
    /// default.
    open func presentationTransitionWillBegin() {}

    /// Called when the slide in ends. Does nothing by default.
    ///
    /// - Parameter completed: true when the content arrived at its frame; false when a
    ///   dismissal began before it did.
    open func presentationTransitionDidEnd(_ completed: Bool) {}

    /// Called as the slide out starts; ``dismissalReason`` says why. Does nothing by default.
    open func dismissalTransitionWillBegin() {}

    /// Called when the slide out ends, or is cancelled. Does nothing by default.
    ///
    /// - Parameter completed: true when the presentation is gone (just before ``onDismiss``);
    ///   false when presenting it again cancelled the dismissal.
    open func dismissalTransitionDidEnd(_ completed: Bool) {}

    /// Called at the start of every layout pass that includes this presentation, before its frame
    /// is computed (UIKit's `containerViewWillLayoutSubviews`).
    open func containerViewWillLayoutSubviews() {}

    // MARK: - Live resize

    /// Tells the presentation its content changed size: the next layout pass re-measures it and,
    /// if `animated`, moves to the new height with ``resizeSpring``.
    public func updatePresentationLayout(animated: Bool = true) {
        animateNextLayout = animated
        presentedView.setNeedsLayout()
    }

    // MARK: - Driven by the scene

    /// Recomputes and stores the frame. Called by the scene's layout pass.
    func layout(motion: MotionSettings, now: Double) {
        guard let context = contextView else { return }
        containerViewWillLayoutSubviews()
        let frame = frameOfPresentedView(inContext: context.frame, safeArea: context.safeAreaInsets)
        frameOfPresentedView = frame
        let targetHeight = Double(frame.height)
        if var spring = height, animateNextLayout, !motion.reduceMotion, state != .dismissed {
            if spring.target != targetHeight { spring.retarget(targetHeight, at: now) }
            height = spring
        } else {
            var spring = SpringAnimation(value: targetHeight, spring: motion.spring(resizeSpring))
            spring.jump(to: targetHeight)
            height = spring
        }
        animateNextLayout = true
        updateDisplayedFrame()
    }

    /// Starts the slide in (or reverses a slide out) from wherever it is now.
    func beginPresentation(at now: Double, motion: MotionSettings) {
        stackingAnimation = nil
        state = .presenting
        presentationTransitionWillBegin()
        animateProgress(to: 1, at: now, motion: motion)
        autoDismissReference = now
    }

    func beginDismissal(at now: Double, motion: MotionSettings) {
        let wasHeld = drag != nil || offsetSpring != nil
        drag = nil
        offsetSpring = nil
        if state == .presenting { presentationTransitionDidEnd(false) }
        state = .dismissing
        dismissalTransitionWillBegin()
        animateProgress(to: 0, at: now, motion: motion)
        // The others of its stack stayed while it was held: they close up now, in one movement
        // as long as a whole slide out from where they are.
        let duration = motion.duration(transitionDuration) * min(1, max(0, stackingProgress))
        if wasHeld, duration > 0, stackingProgress > 0 {
            stackingAnimation = TimedAnimation(from: min(1, stackingProgress), to: 0, duration: duration,
                                               curve: transitionCurve, start: now)
        } else {
            stackingAnimation = nil
        }
    }

    func animateProgress(to target: Double, at now: Double, motion: MotionSettings) {
        let duration = motion.duration(transitionDuration) * min(1, abs(target - progress))
        if duration <= 0 {
            progress = target
            progressAnimation = nil
        } else {
            progressAnimation = TimedAnimation(from: progress, to: target, duration: duration,
                                               curve: transitionCurve, start: now)
        }
    }

    /// Advances the animations to `now`. Returns the lifecycle event that completed, if any.
    func advance(to now: Double) -> PresentationState? {
        if let animation = progressAnimation {
            progress = animation.value(at: now)
            if animation.isFinished(at: now) { progressAnimation = nil }
        }
        if var spring = offsetSpring {
            spring.step(to: now)
            progress = 1 - spring.value / max(1, Double(slideDistance))
            offsetSpring = spring.isSettled ? nil : spring
            if spring.isSettled { progress = 1 }
        }
        if let animation = stackingAnimation {
            stackingProgress = animation.value(at: now)
            if animation.isFinished(at: now) { stackingAnimation = nil }
        }
        height?.step(to: now)
        stackVisibility.step(to: now)
        updateDisplayedFrame()
        guard progressAnimation == nil, offsetSpring == nil, drag == nil, stackingAnimation == nil else { return nil }
        switch state {
        case .presenting where progress >= 1:
            state = .presented
            presentationTransitionDidEnd(true)
            return .presented
        case .dismissing where progress <= 0:
            state = .dismissed
            return .dismissed
        default:
            return nil
        }
    }

    /// The height spring (``PresentationController/_heightAnimation``, for tests).
    var heightAnimation: SpringAnimation? { height }

    /// True while something on screen still moves.
    var isAnimating: Bool {
        (progressAnimation != nil || state == .presenting || state == .dismissing || offsetSpring != nil
            || stackingAnimation != nil || !(height?.isSettled ?? true) || !stackVisibility.isSettled) && drag == nil
    }

    /// How far the content travels to leave, in cells: from its frame to beyond the edge of
    /// the area it is clipped to.
    var slideDistance: Int {
        guard let context = contextView else { return 0 }
        let area = clipRect(in: context)
        let frame = restingFrame(in: context)
        return edge == .bottom ? max(0, area.maxY - frame.minY) : max(0, frame.maxY - area.minY)
    }

    /// The frame at rest: the stored target with the height the spring shows now.
    private func restingFrame(in context: View) -> Rect {
        let target = frameOfPresentedView
        var frame = target
        frame.size.height = max(0, min(height?.cells ?? target.height, context.frame.height))
        if edge == .bottom { frame.origin.y = target.maxY - frame.height }
        return frame
    }

    /// How many visible steps the dim takes to its strength, by what the screen can show of
    /// them; each step repaints the whole dimmed area. In 24-bit colour three: each step of a
    /// half dim moves the colours by about five just-noticeable differences (OKLab ΔE 0.11
    /// median over the demo's Colours pane), a fade the eye still follows; a fourth step cost a
    /// toast a quarter of its bytes (ncurses sends both colours of every cell whose colours
    /// change, 24-bit SGRs of about 20 bytes each; docs/PERFORMANCE.md, "A toast in 24-bit colour").
    /// In the 256-colour palette two: a half dim of one of its 240 fixed colours passes
    /// through 2.8 distinct palette colours on average in four steps and 1.9 in two, while the
    /// bytes double (docs/PERFORMANCE.md has the figures). With 8 or 16 colours, or none, a dim is one step to
    /// darker palette colours or the faint attribute whatever its strength, so it takes one.
    var dimSteps: Int {
        switch scene?.theme.colorDepth ?? .trueColor {
        case .trueColor: 3
        case .indexed256: 2
        case .ansi16, .ansi8, .monochrome: 1
        }
    }

    func updateDisplayedFrame() {
        guard let context = contextView else { return }
        var frame = restingFrame(in: context)
        // Slide: from fully beyond the context's content edge (progress 0) to the frame (1).
        let offset = CellQuantizer.cells((1 - progress) * Double(slideDistance))
        if drag != nil || offsetSpring != nil {
            stackingProgress = 1
        } else if stackingAnimation == nil {
            stackingProgress = progress
        }
        let stackingOffset = CellQuantizer.cells((1 - min(1, stackingProgress)) * Double(slideDistance))
        stackingFrame = frame
        stackingFrame.origin.y += edge == .bottom ? stackingOffset : -stackingOffset
        frame.origin.y += edge == .bottom ? offset : -offset
        soloFrame = frame
        displayedFrame = frame
        isStackedAway = false
        stackOverflowLine = nil
        // The dim moves in a few visible steps (``dimSteps``): each step repaints the whole
        // dimmed area. It leaves at once when the dismissal begins: the content then slides away
        // over the undimmed screen, and each cell it uncovers is drawn once, not once per step
        // (a modal's dismissal at 80×24: 37 KB in five steps, 17 KB this way; Textual's 19 KB).
        let steps = Double(dimSteps)
        displayedDim = dimmingStrength * (min(1, progress) * steps).rounded(.up) / steps
        if progress <= 0 || state == .dismissing { displayedDim = 0 }
    }
}

/// Adapts a view to the layout core's ``FittingContent``.
struct ViewFitting: FittingContent {
    let view: View
    func fittingSize(width: Int) -> Size { MainActor.assumeIsolated { view.fittingSize(width: width) } }
}
