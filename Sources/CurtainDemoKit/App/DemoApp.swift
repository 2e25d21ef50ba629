import Curtain
import CurtainLayout
import CurtainScreen

/// The interactive demo: a 2×2 grid of panes above a help bar, built on Curtain's ``App``.
/// The library runs it — its loop, key routing, focus traversal and timers — on a terminal, a
/// script or a test pilot; this type only builds the views and says what the demo's keys do.
@MainActor
package final class DemoApp {
    /// Smallest pane, border included: a content area of 5 rows × 16 columns, so a toast with
    /// one line always fits.
    package static let minimumPaneSize = Size(width: 18, height: 7)
    /// Smallest terminal the demo lays out: two panes each way plus the help bar.
    package static let minimumSize = Size(width: 36, height: 15)

    package let app: App
    package var scene: Scene { app.scene }
    package var clock: AnimationClock { app.clock }

    let root: DemoRootView
    let grid: GridView
    let elapsed = ElapsedTimeView()
    private var paneToasts: [ObjectIdentifier: (controller: ToastPresentationController, view: TextToastView)] = [:]
    private var screenToast: (controller: ToastPresentationController, view: TextToastView)?
    private var modal: FullScreenPresentationController?

    package init(clock: AnimationClock, motion: MotionSettings = MotionSettings()) {
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
        app = App(root: root, clock: clock, motion: motion)

        scene.minimumSize = DemoApp.minimumSize
        scene.tooSmallView.hint = "q quits"
        scene.tooSmallView.titleStyle = DemoPalette.warning
        scene.tooSmallView.textStyle = DemoPalette.text
        scene.focus(panes[0])
        root.onKey = { [unowned self] key in handleKey(key) }
        scene.beforeEachFrame = { [unowned self] in updateHelp() }
        let start = clock.now
        scene.scheduleTimer(after: 1, repeatingEvery: 1) { [elapsed] in
            // Whole seconds since the start (a hair of slack so start + n never reads n − 1).
            elapsed.seconds = Int((clock.now - start + 1e-9).rounded(.down))
        }
    }

    // MARK: - Keys

    /// The demo's keys, reached when the focused view and its presentation left them: t, T and
    /// m present, q quits, Esc closes the toast up in the focused pane, the arrows move the
    /// splits. While the terminal is too small only q works (and Ctrl-C, the app's default).
    private func handleKey(_ key: Key) -> Bool {
        if scene.isBelowMinimumSize {
            if key == .character("q") { app.quit() }
            return key == .character("q")
        }
        switch key {
        case .left: grid.moveVerticalSplit(by: -1)
        case .right: grid.moveVerticalSplit(by: 1)
        case .up: grid.moveHorizontalSplit(by: -1)
        case .down: grid.moveHorizontalSplit(by: 1)
        case .character("t"): presentPaneToast()
        case .character("T"): presentScreenToast()
        case .character("m"): presentModal()
        case .character("q"): app.quit()
        case .escape:
            guard let toast = toastToCloseWithEscape else { return false }
            scene.dismiss(toast)
        default:
            return false
        }
        return true
    }

    private var focusedPane: PaneView? {
        guard let focused = scene.focusedView else { return nil }
        return grid.panes.first { $0.isAncestor(of: focused) }
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
        // Once it has slid away it is forgotten, and its text (megabytes, after a paste) with it.
        toast.0.onDismiss = { [weak self, unowned controller = toast.0] _ in
            guard let self, paneToasts[id]?.controller === controller else { return }
            paneToasts[id] = nil
            releaseMemoryOnNextFrame()
        }
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
        toast.0.onDismiss = { [weak self, unowned controller = toast.0] _ in
            guard let self, screenToast?.controller === controller else { return }
            screenToast = nil
            releaseMemoryOnNextFrame()
        }
        scene.present(toast.0, from: root)
    }

    /// Once the dismissed toast is gone (the scene lets go of it after this frame), its memory
    /// goes back to the system, not only to the heap.
    private func releaseMemoryOnNextFrame() {
        scene.scheduleTimer(after: 0) { FreedMemory.giveBack() }
    }

    private func presentModal() {
        if let modal, modal.state != .dismissed { return }
        let controller = FullScreenPresentationController(presentedView: ModalView())
        modal = controller
        scene.present(controller, from: scene.focusedView ?? root)
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

    // MARK: - Help bar

    /// The help bar lists the keys that work where the focus is; run before every frame.
    private func updateHelp() {
        typealias Item = DemoRootView.HelpItem
        if scene.focusedView is ModalView {
            root.helpItems = [Item(key: "Esc", action: "close modal", rank: 1), Item(key: "^C", action: "quit", rank: 0)]
        } else if scene.focusedView is TextToastView {
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
}
