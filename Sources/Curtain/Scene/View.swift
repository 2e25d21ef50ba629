import CurtainLayout
import CurtainScreen

/// A rectangle of the screen that draws itself into a `CellBuffer`: the terminal form of `UIView`.
///
/// Views form a tree. The ``Scene`` owns the root, lays the tree out and composes every frame
/// by asking each view to draw, back to front. Views live on the main actor: all of Curtain's UI
/// state does, so a program needs no locks and the compiler checks it.
@MainActor
open class View {
    /// Where the view sits, in screen cells. Set by its parent's ``layoutSubviews()``.
    /// Setting it also sets ``layoutFrame``.
    public var frame: Rect = .zero {
        didSet { layoutFrame = frame }
    }

    /// Whether the view is hidden: neither it nor its subviews draw, take a click or take
    /// focus (Tab passes them by, and a hidden view that held focus, or held the focused view,
    /// gives it to the next view in reading order). A ``StackView`` gives a hidden item no
    /// room (its neighbours close up, as in UIKit's `UIStackView`); any other parent leaves
    /// its frame where it was, empty. False by default.
    ///
    /// ```swift
    /// let details = Label("3 files, 12 KB")
    /// let stack = StackView(.vertical, [.flexible(list), .fixed(details, 1)])
    /// details.isHidden = true                 // the stack gives the list its room
    /// ```
    public var isHidden = false {
        didSet {
            guard isHidden != oldValue else { return }
            (superview ?? self).setNeedsLayout()
            if isHidden { scene?.viewWasHidden(self) }
        }
    }

    /// Whether this view or one of its superviews is hidden.
    var isHiddenInTree: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden { return true }
            view = current.superview
        }
        return false
    }

    /// The frame the content is laid out for. Equal to ``frame`` except for presented content
    /// whose frame is animating: then it has the target size, moving with the slide
    /// (``PresentationController/contentLayoutFrame``), so the content is laid out at its
    /// final size and clipped by the moving ``frame`` (no half-wrapped text, no jitter). Lay
    /// subviews out in it.
    public internal(set) var layoutFrame: Rect = .zero

    /// The views inside this one, back to front: later ones draw over earlier ones.
    public var subviews: [View] {
        if vacatedSlots > 0 { compactSubviews() }
        return subviewSlots
    }

    /// The subviews in order, with ``vacancy`` where views were removed since the last
    /// compaction: removing a view only marks its slot, so removing many siblings one by one
    /// costs each removal the same, however many siblings there are.
    private var subviewSlots: [View] = []
    /// How many of ``subviewSlots`` hold ``vacancy``.
    private var vacatedSlots = 0
    /// Where this view sits in its superview's ``subviewSlots`` (meaningless without one).
    private var slotInSuperview = 0
    /// The view this one is inside; nil for the root, the content of a presentation, and a
    /// view not yet added.
    public private(set) weak var superview: View?

    /// When true, presentations started from this view or its descendants are confined to its
    /// frame, and their dimming covers only this view (UIKit's `definesPresentationContext`).
    public var definesPresentationContext = false

    /// What the view reserves at its edges: its border, a title line, a help bar. A presentation
    /// in this context is placed inside `frame` minus these insets.
    open var safeAreaInsets: EdgeInsets { .zero }

    /// The part of the view a presentation in this context dims. The whole frame by default;
    /// the screen's root leaves out its help bar.
    open var dimmingRect: Rect { frame }

    /// Whether keyboard focus may rest on this view: it then receives keys first, and Tab
    /// and Shift-Tab stop on it (see ``Scene/focusNext()``).
    open var canBecomeFocused: Bool { false }

    /// Set by the scene: true while this view holds keyboard focus.
    public internal(set) var isFocused = false

    /// The scene this view belongs to, if any. Entering one starts the view's tasks
    /// (``task(_:)``); leaving it cancels them.
    public internal(set) weak var scene: Scene? {
        didSet { if (scene == nil) != (oldValue == nil) { tasks.setLive(scene != nil) } }
    }

    /// The tasks tied to this view (``task(_:)``, ``task(id:_:)``).
    var tasks = AttachedTasks()

    /// Whether the view keeps its content clear of presentations in its context, as UIKit's
    /// safe area does: the scene tells it, every frame, how many of its rows the presentations
    /// at its context's top and bottom edges cover (``obscuredInsets``), and the view draws
    /// what matters outside them — a ``Log`` that follows its newest line keeps it just above a
    /// toast, moving with the toast's slide. False by default.
    public var keepsClearOfPresentations = false {
        didSet { if keepsClearOfPresentations != oldValue { scene?.setNeedsLayout() } }
    }

    /// The rows at this view's top and bottom that presentations in its context cover now,
    /// while ``keepsClearOfPresentations`` is on (zero otherwise). Changes redraw the view.
    public internal(set) var obscuredInsets = EdgeInsets() {
        didSet { if obscuredInsets != oldValue { setNeedsDisplay() } }
    }

    /// The colours to draw with: the scene's ``Scene/theme`` (``Theme/dark`` before the view
    /// is in a scene).
    public var theme: Theme { scene?.theme ?? .dark }

    /// An empty view with a zero frame; its parent's ``layoutSubviews()`` places it.
    public init() {}

    /// Adds `view` on top of the other subviews, taking it from its old superview if it had
    /// one, and asks for a layout pass.
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        view.slotInSuperview = subviewSlots.count
        subviewSlots.append(view)
        view.superview = self
        view.scene = scene
        view.propagateScene()
        scene?.setNeedsLayout()
    }

    /// Takes the view out of its superview (nothing happens when it has none) and asks for a
    /// layout pass.
    public func removeFromSuperview() {
        guard let parent = superview else { return }
        parent.vacateSlot(slotInSuperview)
        superview = nil
        let oldScene = scene
        scene = nil
        propagateScene()
        // Out of the scene nothing covers it. The scene updates the insets only of the views in
        // its tree, and not at all while nothing is presented: a log taken out under a
        // notification kept its rows covered when it came back after the notification had gone.
        clearObscuredInsets()
        oldScene?.setNeedsLayout()
    }

    private func clearObscuredInsets() {
        obscuredInsets = EdgeInsets()
        for child in subviews { child.clearObscuredInsets() }
    }

    /// Marks a removed subview's slot empty, and compacts once at least half the slots are
    /// empty, so the slots never outgrow twice the subviews and each removal costs O(1)
    /// amortised (a compaction of n slots follows n/2 removals).
    private func vacateSlot(_ slot: Int) {
        subviewSlots[slot] = View.vacancy
        vacatedSlots += 1
        if vacatedSlots * 2 >= subviewSlots.count { compactSubviews() }
    }

    /// Drops the empty slots, keeping the order of the subviews, and tells each where it now sits.
    private func compactSubviews() {
        let vacancy = View.vacancy
        var kept = 0
        for slot in subviewSlots.indices where subviewSlots[slot] !== vacancy {
            let view = subviewSlots[slot]
            view.slotInSuperview = kept
            subviewSlots[kept] = view
            kept += 1
        }
        subviewSlots.removeLast(subviewSlots.count - kept)
        vacatedSlots = 0
    }

    /// What fills the slot of a removed subview until the next compaction: it holds no view
    /// alive and is never shown, as ``subviews`` compacts before it answers.
    private static let vacancy = View()

    func propagateScene() {
        for child in subviews {
            child.scene = scene
            child.propagateScene()
        }
    }

    /// Places the subviews inside ``View/frame``. Called by the scene in every layout pass, parents
    /// before children.
    open func layoutSubviews() {}

    /// Draws the view itself (not its subviews) into `buffer`, never outside `clip`.
    open func draw(into buffer: inout CellBuffer, clip: Rect) {}

    /// The size this view needs at `width` columns, height free: the terminal form of
    /// `systemLayoutSizeFitting(_:withHorizontalFittingPriority: .required, verticalFittingPriority: .fittingSizeLevel)`.
    open func fittingSize(width: Int) -> Size { Size(width: width, height: 0) }

    /// The width this view takes when it may take up to `maximum` columns: the other half of
    /// fitting, for presentations sized to their content both ways
    /// (``ToastPresentationController/Width/fitting(maximum:)``). By default all of
    /// `maximum` (a view fills what it is given); a ``Label`` takes its widest line with its
    /// box and padding, a ``ProgressView`` its spinner and label.
    open func fittingWidth(maximum: Int) -> Int { max(0, maximum) }

    /// Asks the scene for a new frame because what this view draws changed. Call it whenever
    /// state that ``draw(into:clip:)`` reads changes: the scene keeps the composed cells of
    /// trees whose views did not ask, and draws them again only when one did.
    public func setNeedsDisplay() {
        treeTop.contentGeneration &+= 1
        scene?.setNeedsFrame()
    }

    /// Asks the scene for a layout pass (sizes or content that affects sizes changed). Implies
    /// ``setNeedsDisplay()``.
    public func setNeedsLayout() {
        treeTop.contentGeneration &+= 1
        scene?.setNeedsFrame(layout: true)
    }

    /// Counts the changes to what this tree draws; kept on the top of a tree (the root, or the
    /// content of a presentation), where the scene reads it to know whether cells it composed
    /// earlier are still good.
    var contentGeneration = 0

    /// The top-most ancestor: the root, or the view a presentation shows.
    var treeTop: View {
        var view = self
        while let parent = view.superview { view = parent }
        return view
    }

    /// The nearest view, starting with this one, that defines a presentation context.
    public var presentationContext: View? {
        var view: View? = self
        while let candidate = view {
            if candidate.definesPresentationContext { return candidate }
            view = candidate.superview
        }
        return nil
    }

    /// True when `other` is this view or one of its descendants.
    public func isAncestor(of other: View) -> Bool {
        var view: View? = other
        while let candidate = view {
            if candidate === self { return true }
            view = candidate.superview
        }
        return false
    }

    // MARK: - Events

    /// Handles a key while this view, or a view inside it, has focus. Return true when the key
    /// was handled; false passes it on along the responder chain: to the superview, from the top
    /// of presented content to its presentation controller and then to the view it was presented
    /// from, finally to the scene's key bindings and defaults (``Scene/handle(_:)``).
    open func handleKey(_ key: Key) -> Bool { false }

    /// Handles pasted text, which takes the same path as a key. Return true when handled.
    open func handlePaste(_ text: String) -> Bool { false }

    /// Handles a mouse event. A press or a wheel turn comes to the top-most view under the
    /// pointer and then to its superviews until one returns true; the view that handled a press
    /// also receives the drags and the release that follow, wherever the pointer goes.
    /// Locations are screen cells (compare them with ``frame``).
    open func handleMouse(_ event: MouseEvent) -> Bool { false }

    /// Draws this view and its subviews, back to front.
    func drawHierarchy(into buffer: inout CellBuffer, clip: Rect) {
        guard !isHidden else { return }
        let visible = clip.intersection(frame)
        guard !visible.isEmpty else { return }
        draw(into: &buffer, clip: visible)
        for child in subviews { child.drawHierarchy(into: &buffer, clip: visible) }
    }

    func layoutHierarchy() {
        layoutSubviews()
        for child in subviews { child.layoutHierarchy() }
    }

    /// The deepest view under a screen cell, for mouse clicks.
    func hitTest(_ point: Point) -> View? {
        guard !isHidden, frame.contains(point) else { return nil }
        for child in subviews.reversed() {
            if let hit = child.hitTest(point) { return hit }
        }
        return self
    }
}
