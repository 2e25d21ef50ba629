import CurtainLayout
import CurtainScreen

/// Work under way, on one row: a spinner while nobody knows how long it takes, a bar filling
/// up when someone does (UIKit's `UIActivityIndicatorView` and `UIProgressView` in one view).
///
/// ```swift
/// let progress = ProgressView(label: "Restarting web…", role: \.toast)
/// scene.present(ToastPresentationController(presentedView: progress, dimming: .none), from: pane)
/// progress.fraction = 0.4        // now a bar: ████▌      40%
/// ```
///
/// **The spinner animates only while it is drawn.** Each frame that draws it asks the scene's
/// clock for one tick at its next step (``spinnerInterval``), and the tick only asks for the next
/// frame. A spinner that is not drawn — removed, in a dismissed presentation, with an empty
/// frame, clipped away — asks for nothing more after the tick already due (at most one, within
/// ``spinnerInterval``), so an idle program that shows none has no timer and no wake-up. In a
/// test with a ``ManualClock``, every ``spinnerInterval`` advanced shows the next step.
///
/// **The bar** fills ``fraction`` of its width, in eighths of a cell (`▏▎▍▌▋▊▉█`) where the
/// terminal shows Unicode and in `#` on a `-` track where it does not; the spinner is `⠋⠙⠹…`
/// or `|/-\`. Both are drawn in the theme's ``Theme/accent`` colour on the view's background,
/// followed by the ``label`` and, for the bar, the percentage.
///
/// In a row of a list: `StackView(.horizontal, [.fixed(Label(name), 12), .flexible(progress)])`.
@MainActor
open class ProgressView: View {
    /// How far the work is, 0 … 1, shown as a bar; nil (the default) for a spinner.
    public var fraction: Double? {
        didSet {
            if let value = fraction { fraction = value.isNaN ? 0 : min(1, max(0, value)) }
            if (fraction == nil) != (oldValue == nil) { tick?.cancel() }
            if fraction != oldValue { setNeedsDisplay() }
        }
    }

    /// Text after the spinner or before the bar: what is under way.
    public var label: String { didSet { if label != oldValue { setNeedsDisplay() } } }

    /// The style of the label and the area behind it; nil uses the theme's ``role``.
    public var style: Style? { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// The theme's role the view is drawn in when ``style`` is nil: ``Theme/text`` unless told
    /// otherwise (`\.toast` inside a toast).
    public var role: KeyPath<Theme, Style> { didSet { if role != oldValue { setNeedsDisplay() } } }

    /// Seconds between two steps of the spinner.
    public static let spinnerInterval = 0.1

    /// The spinner's steps where the terminal shows Unicode, and where it does not.
    public static let unicodeSpinner = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    public static let asciiSpinner = ["|", "/", "-", "\\"]

    /// The tick that asks for the spinner's next step; nil or inactive when none is due.
    private var tick: SceneTimer?
    /// The spinner's step shown (counting since the clock's zero, so spinners turn together).
    private var step = 0
    /// The scene whose clock ``step`` counts on.
    private weak var tickScene: Scene?

    /// A spinner (`fraction` nil) or a bar.
    ///
    /// - Parameters:
    ///   - fraction: how far the work is (0 … 1) for a bar; nil (the default) for a spinner.
    ///   - label: what is under way, shown beside it.
    ///   - style: the label's style and the background; nil follows the theme's `role`.
    ///   - role: the theme's role when `style` is nil; ``Theme/text`` by default.
    public init(fraction: Double? = nil, label: String = "", style: Style? = nil, role: KeyPath<Theme, Style> = \.text) {
        self.fraction = fraction.map { $0.isNaN ? 0 : min(1, max(0, $0)) }
        self.label = label
        self.style = style
        self.role = role
    }

    /// True while a tick for the spinner's next step is scheduled: a test hook. Not API.
    package var _isTicking: Bool { tick?.isActive == true }

    /// One row.
    open override func fittingSize(width: Int) -> Size { Size(width: max(0, width), height: 1) }

    /// A spinner: the spinner, a space and the label. A bar takes all of `maximum`.
    open override func fittingWidth(maximum: Int) -> Int {
        guard fraction == nil else { return max(0, maximum) }
        let labelWidth = label.isEmpty ? 0 : 1 + TextWidth.of(theme.displayable(label))
        return max(0, min(maximum, 1 + labelWidth))
    }

    /// The spinner or bar, the label, and for a bar the percentage, on the first row.
    open override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let base = style ?? theme[keyPath: role]
        let area = frame.intersection(clip)
        buffer.fill(area, with: .blank(base))
        guard !area.isEmpty else { return }
        let tint = Style(foreground: theme.accent.foreground, background: base.background, attributes: base.attributes)
        let unicode = theme.supportsUnicode
        let origin = Point(x: frame.minX, y: frame.minY)
        let text = theme.displayable(label)
        if let fraction {
            let percent = " \(Int((fraction * 100).rounded(.down)))%"
            var x = origin.x
            if !text.isEmpty { x += buffer.draw(TextWidth.truncated(text + " ", toWidth: frame.width / 2), at: origin, style: base, clip: area) }
            let barWidth = max(0, frame.maxX - x - TextWidth.of(percent))
            x += buffer.draw(Self.bar(fraction, width: barWidth, unicode: unicode), at: Point(x: x, y: origin.y), style: tint, clip: area)
            buffer.draw(percent, at: Point(x: x, y: origin.y), style: base, clip: area)
        } else {
            // First, as it sets the step the first time the spinner is drawn in a scene: drawn
            // after it, that first frame showed step 0 and a second composition the clock's.
            scheduleTick()
            let steps = unicode ? Self.unicodeSpinner : Self.asciiSpinner
            buffer.draw(steps[step % steps.count], at: origin, style: tint, clip: area)
            if !text.isEmpty { buffer.draw(" " + text, at: Point(x: origin.x + 1, y: origin.y), style: base, clip: area) }
        }
    }

    /// `width` cells of a bar filled to `fraction`: whole cells, one partial cell in eighths,
    /// the rest blank (Unicode); `#` on `-` (ASCII).
    static func bar(_ fraction: Double, width: Int, unicode: Bool) -> String {
        guard width > 0 else { return "" }
        if !unicode {
            let filled = Int((fraction * Double(width)).rounded(.down))
            return String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        }
        let eighths = Int((fraction * Double(width * 8)).rounded(.down))
        var bar = String(repeating: "█", count: eighths / 8)
        let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"][eighths % 8]
        bar += partial
        return bar + String(repeating: " ", count: width - eighths / 8 - (partial.isEmpty ? 0 : 1))
    }

    /// One tick at the spinner's next step, unless one is due already: the tick moves the
    /// step and asks for a frame, and that frame (if it draws the spinner) for the next tick.
    /// The step is state, not read from the clock while drawing, so cells the scene kept and a
    /// fresh composition always agree.
    private func scheduleTick() {
        guard let scene, tick?.isActive != true else { return }
        let now = scene.clock.now
        if tickScene !== scene {
            // Drawn in a scene for the first time (or a new one): start at the step of its clock.
            tickScene = scene
            step = Self.step(at: now)
        }
        // A hair early, so a clock moved to the step by adding intervals (0.1 × 6 = 0.6, not
        // 6 × 0.1 = 0.6000000000000001) finds it due.
        let due = Double(step + 1) * Self.spinnerInterval - 1e-7
        tick = scene.scheduleTimer(after: max(0.001, due - now)) { [weak self] in
            guard let self else { return }
            tick = nil
            // Gone from the scene since (removed, its presentation dismissed): nothing more.
            guard self.scene != nil else { return }
            // After a pause (the program was suspended), go on at the step of now.
            step = max(step + 1, Self.step(at: self.scene?.clock.now ?? now))
            setNeedsDisplay()
        }
    }

    /// The spinner's step at clock time `now`; a hair of slack, as a clock moved by 0.1 six
    /// times reads 0.59999…, which is step 6.
    static func step(at now: Double) -> Int {
        guard now.isFinite, now > 0 else { return 0 }
        return Int(min(1e15, (now / spinnerInterval + 1e-6).rounded(.down)))
    }


}
