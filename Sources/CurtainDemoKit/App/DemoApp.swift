import Curtain
import CurtainLayout
import CurtainScreen

/// The interactive demo, independent of where its input comes from and where its frames go:
/// the terminal, a script, a test. Feed it ``DemoEvent``s, ask it for frames when
/// ``nextWakeTime`` comes.
@MainActor
public final class DemoApp {
    /// Smallest pane, border included: a content area of 5 rows × 16 columns, so a toast with
    /// one line always fits.
    public static let minimumPaneSize = Size(width: 18, height: 7)
    /// Smallest terminal the demo lays out: two panes each way plus the help bar.
    public static let minimumSize = Size(width: 36, height: 15)

    public let clock: AnimationClock
    public let scene: Scene
    /// Set when the user asked to quit (q or Ctrl-C).
    public private(set) var quitRequested = false

    let root: DemoRootView
    let grid: GridView
    let elapsed = ElapsedTimeView()
    private let startTime: Double
    private var paneToasts: [ObjectIdentifier: (controller: ToastPresentationController, view: TextToastView)] = [:]
    private var screenToast: (controller: ToastPresentationController, view: TextToastView)?
    private var modal: FullScreenPresentationController?

    public init(size: Size, clock: AnimationClock, motion: MotionSettings = MotionSettings()) {
        self.clock = clock
        self.startTime = clock.now
        let panes = [
            PaneView(title: "Colours", borderStyle: DemoPalette.paneBorder, focusedBorderStyle: DemoPalette.focusedBorder),
            PaneView(title: "Unicode", borderStyle: DemoPalette.paneBorder, focusedBorderStyle: DemoPalette.focusedBorder),
            PaneView(title: "Clock", borderStyle: DemoPalette.paneBorder, focusedBorderStyle: DemoPalette.focusedBorder),
            PaneView(title: "About", borderStyle: DemoPalette.paneBorder, focusedBorderStyle: DemoPalette.focusedBorder),
        ]
        panes[0].setContentView(ColourBandsView())
        panes[1].setContentView(ParagraphView([
            ("日本語のテキスト、中文字符、한국어", Style(foreground: .indexed(218))),
            ("Emoji: 🎉 🚀 ✨ 🌏 — two cells each", Style(foreground: .indexed(229))),
            ("Café, naïve, Ångström", Style(foreground: .indexed(159))),
        ]))
        panes[2].setContentView(elapsed)
        panes[3].setContentView(ParagraphView([
            ("Curtain: UIKit-style presentations for the terminal.", DemoPalette.accent),
            ("Each pane is a presentation context: a toast presented here stays here and dims only this pane.", DemoPalette.text),
        ]))
        grid = GridView(columns: 2, rows: 2, panes: panes, minimumPaneSize: DemoApp.minimumPaneSize)
        root = DemoRootView(grid: grid)
        scene = Scene(root: root, size: size, clock: clock, motion: motion)
        scene.focus(panes[0])
        updateHelp()
    }

    /// True when the terminal is smaller than ``minimumSize``: frames show a message instead.
    public var isTooSmall: Bool {
        scene.size.width < DemoApp.minimumSize.width || scene.size.height < DemoApp.minimumSize.height
    }

    // MARK: - Input

    public func handle(_ event: DemoEvent) {
        switch event {
        case .resize(let size):
            scene.size = size
        case .paste(let text):
            if let toast = focusedToast { toast.insert(contentsOf: text) }
        case .click(let point):
            click(at: point)
        case .key(let key):
            handle(key)
        }
        updateHelp()
    }

    private var focusedPane: PaneView? {
        guard let focused = scene.focusedView else { return nil }
        return grid.panes.first { $0.isAncestor(of: focused) }
    }

    private var focusedToast: TextToastView? { scene.focusedView as? TextToastView }

    private var modalHasFocus: Bool { scene.focusedView is ModalView }

    private func handle(_ key: DemoKey) {
        if key == .controlC { quitRequested = true; return }
        if isTooSmall {
            if key == .character("q") { quitRequested = true }
            return
        }
        // Keys that work whatever holds focus (outside a modal): moving focus and the splits.
        if !modalHasFocus {
            switch key {
            case .tab: moveFocus(by: 1); return
            case .backTab: moveFocus(by: -1); return
            case .left: grid.moveVerticalSplit(by: -1); return
            case .right: grid.moveVerticalSplit(by: 1); return
            case .up: grid.moveHorizontalSplit(by: -1); return
            case .down: grid.moveHorizontalSplit(by: 1); return
            default: break
            }
        }
        if modalHasFocus {
            if key == .escape, let modal { scene.dismiss(modal) }
            return
        }
        if let toast = focusedToast {
            switch key {
            case .character(let c): toast.insert(c)
            case .enter: toast.insertNewline()
            case .backspace: toast.deleteBackward()
            case .escape: if let controller = scene.presentation(containing: toast) { scene.dismiss(controller) }
            default: break
            }
            return
        }
        switch key {
        case .character("t"): presentPaneToast()
        case .character("T"): presentScreenToast()
        case .character("m"): presentModal()
        case .character("q"): quitRequested = true
        case .escape: if let toast = toastToCloseWithEscape { scene.dismiss(toast) }
        default: break
        }
    }

    /// Tab / Shift-Tab: the next / previous pane after the one holding focus — or, when a
    /// toast holds it, after the pane the toast belongs to.
    private func moveFocus(by step: Int) {
        let panes = grid.panes
        var origin = focusedPane
        if origin == nil, let focused = scene.focusedView, let owner = scene.presentation(containing: focused) {
            // A pane toast was presented from its pane; the screen toast from the root, while
            // the pane it was opened in had focus.
            for candidate in [owner.presentingView, owner.focusToRestore].compactMap({ $0 }) where origin == nil {
                origin = panes.first { $0.isAncestor(of: candidate) }
            }
        }
        let current = origin.flatMap { pane in panes.firstIndex { $0 === pane } } ?? 0
        let next = (current + step % panes.count + panes.count) % panes.count
        scene.focus(panes[next])
    }

    private func makeToast() -> (ToastPresentationController, TextToastView) {
        let view = TextToastView(hint: "Esc close · Enter new line",
                                 borderStyle: DemoPalette.toastBorder, textStyle: DemoPalette.toastText,
                                 caretStyle: DemoPalette.toastCaret)
        let controller = ToastPresentationController(presentedView: view)
        view.onChange = { [unowned controller] in controller.updatePresentationLayout(animated: true) }
        return (controller, view)
    }

    private func presentPaneToast() {
        guard let pane = focusedPane else { return }
        let id = ObjectIdentifier(pane)
        if let existing = paneToasts[id], existing.controller.state != .dismissed {
            scene.present(existing.controller, from: pane)   // cancels a dismissal, or just refocuses
            scene.focus(existing.view)
            return
        }
        let toast = makeToast()
        paneToasts[id] = toast
        scene.present(toast.0, from: pane)
    }

    private func presentScreenToast() {
        if let existing = screenToast, existing.controller.state != .dismissed {
            scene.present(existing.controller, from: root)
            scene.focus(existing.view)
            return
        }
        let toast = makeToast()
        screenToast = toast
        scene.present(toast.0, from: root)
    }

    private func presentModal() {
        if let modal, modal.state != .dismissed { return }
        let controller = FullScreenPresentationController(presentedView: ModalView())
        modal = controller
        scene.present(controller, from: scene.focusedView ?? root)
    }

    private func click(at point: Point) {
        guard !isTooSmall else { return }
        // A click on a context's dimmed area, outside its presentation, dismisses the top-most such presentation.
        for controller in scene.presentations.reversed() where controller.state == .presenting || controller.state == .presented {
            guard let context = controller.contextView else { continue }
            if controller.displayedFrame.contains(point) {
                if let target = scene.hitTest(point), target.canBecomeFocused { scene.focus(target) }
                return
            }
            if controller.dimmingRect(in: context).contains(point) {
                scene.dismiss(controller)
                return
            }
        }
        // Outside any context's presentation: clicks pass through and focus the pane.
        if let pane = grid.panes.first(where: { $0.frame.contains(point) }) { scene.focus(pane) }
    }

    private func updateHelp() {
        typealias Item = DemoRootView.HelpItem
        if modalHasFocus {
            root.helpItems = [Item(key: "Esc", action: "close modal", rank: 1), Item(key: "^C", action: "quit", rank: 0)]
        } else if focusedToast != nil {
            root.helpItems = [Item(key: "type", action: "text", rank: 5), Item(key: "Enter", action: "new line", rank: 2),
                              Item(key: "⌫", action: "delete", rank: 3), Item(key: "Esc", action: "close", rank: 1),
                              Item(key: "Tab", action: "other pane", rank: 4), Item(key: "←→↑↓", action: "resize", rank: 6),
                              Item(key: "^C", action: "quit", rank: 0)]
        } else {
            var items = [Item(key: "t", action: "toast", rank: 1), Item(key: "T", action: "screen toast", rank: 4),
                         Item(key: "m", action: "modal", rank: 3), Item(key: "Tab", action: "focus", rank: 5),
                         Item(key: "←→↑↓", action: "resize", rank: 6)]
            if toastToCloseWithEscape != nil { items.append(Item(key: "Esc", action: "close", rank: 2)) }
            root.helpItems = items + [Item(key: "q", action: "quit", rank: 0)]
        }
    }

    /// What Esc closes while a pane has the focus: the toast up in that pane, else the screen's.
    private var toastToCloseWithEscape: ToastPresentationController? {
        func shown(_ toast: (controller: ToastPresentationController, view: TextToastView)?) -> ToastPresentationController? {
            guard let controller = toast?.controller,
                  controller.state == .presenting || controller.state == .presented else { return nil }
            return controller
        }
        return shown(focusedPane.flatMap { paneToasts[ObjectIdentifier($0)] }) ?? shown(screenToast)
    }

    // MARK: - Frames

    /// The time of the next frame the demo needs: an animation frame, a toast's auto-dismiss,
    /// or the next whole second of the elapsed-time pane. Never `nil`: the clock always ticks.
    public var nextWakeTime: Double {
        let nextSecond = startTime + Double(elapsedSeconds + 1)
        if isTooSmall { return nextSecond }
        return min(scene.nextFrameTime ?? .infinity, nextSecond)
    }

    private var elapsedSeconds: Int {
        let value = clock.now - startTime
        return value.isFinite && value > 0 ? Int(value) : 0
    }

    /// Advances to the clock's now and composes. Returns the new screen, or `nil` when it would
    /// look exactly like the last one.
    public func renderFrame() -> CellBuffer? {
        elapsed.seconds = elapsedSeconds
        if isTooSmall { return renderTooSmall() }
        lastTooSmall = nil
        let frame = scene.renderFrame()
        if frame == nil, lastWasTooSmallScreen {
            lastWasTooSmallScreen = false
            return scene.screen
        }
        lastWasTooSmallScreen = false
        return frame
    }

    /// The last frame produced, whatever produced it.
    public var screen: CellBuffer { lastTooSmall ?? scene.screen }

    private var lastTooSmall: CellBuffer?
    private var lastWasTooSmallScreen = false

    private func renderTooSmall() -> CellBuffer? {
        let size = scene.size
        var buffer = CellBuffer(size: size)
        let lines = ["Terminal too small", "\(size.width)×\(size.height), needs \(DemoApp.minimumSize.width)×\(DemoApp.minimumSize.height)", "q quits"]
        let top = max(0, (size.height - lines.count) / 2)
        for (i, line) in lines.enumerated() {
            let width = TextWidth.of(line)
            let x = max(0, (size.width - width) / 2)
            buffer.draw(line, at: Point(x: x, y: top + i), style: i == 0 ? DemoPalette.warning : DemoPalette.text)
        }
        lastWasTooSmallScreen = true
        if buffer == lastTooSmall { return nil }
        lastTooSmall = buffer
        return buffer
    }
}
