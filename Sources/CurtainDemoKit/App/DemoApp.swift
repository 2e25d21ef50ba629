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
    /// The toasts up (or sliding in or out), until their dismissal ends: then the app lets go
    /// of them and of their text.
    private var paneToasts: [ObjectIdentifier: (controller: ToastPresentationController, view: TextToastView)] = [:]
    private var screenToast: (controller: ToastPresentationController, view: TextToastView)?
    private var modal: FullScreenPresentationController?
    private var notificationCount = 0

    package init(clock: AnimationClock, motion: MotionSettings = MotionSettings()) {
        let panes = [
            PaneView(title: "Colours"),
            PaneView(title: "Unicode"),
            PaneView(title: "Clock"),
            PaneView(title: "About"),
        ]
        panes[0].setContentView(ColourBandsView())
        panes[1].setContentView(ParagraphView([
            ("日本語のテキスト、中文字符、한국어", { DemoPalette.paragraphs($0)[0] }),
            ("Emoji: 🎉 🚀 ✨ 🌏 — two cells each", { DemoPalette.paragraphs($0)[1] }),
            ("Café, naïve, Ångström", { DemoPalette.paragraphs($0)[2] }),
        ]))
        panes[2].setContentView(elapsed)
        panes[3].setContentView(ParagraphView([
            ("Curtain: UIKit-style presentations for the terminal.", \.accent),
            ("Each pane is a presentation context: a toast presented here stays here and dims only this pane.", \.text),
        ]))
        grid = GridView(columns: 2, rows: 2, panes: panes, minimumPaneSize: DemoApp.minimumPaneSize)
        root = DemoRootView(grid: grid)
        app = App(root: root, clock: clock, motion: motion)

        scene.minimumSize = DemoApp.minimumSize
        scene.tooSmallView.hint = "q quits"
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

    /// The demo's keys, reached when the focused view and its presentation left them: t, T, m,
    /// n, N, s and c present, q quits, Esc closes what is up in the focused pane, the arrows move the
    /// splits (while a pane has the focus: a toast's editor keeps the arrows for its caret).
    /// While the terminal is too small only q works (and Ctrl-C, the app's default).
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
        case .character("n"): postNotification(in: focusedPane)
        case .character("N"): postNotification(in: nil)
        case .character("s"): presentSheet()
        case .character("c"): presentCard()
        case .character("q"): app.quit()
        case .escape:
            guard let shown = presentationToCloseWithEscape else { return false }
            scene.dismiss(shown, reason: .escapeKey)
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
        let view = TextToastView(hint: "Esc close · Enter new line")
        let controller = ToastPresentationController(presentedView: view)
        view.onChange = { [weak controller] in controller?.updatePresentationLayout(animated: true) }
        // Let go of it once it is gone: a toast can hold megabytes of pasted text.
        controller.onDismiss = { [unowned self, unowned view] _ in
            paneToasts = paneToasts.filter { $0.value.view !== view }
            if screenToast?.view === view { screenToast = nil }
        }
        return (controller, view)
    }

    private func presentPaneToast() {
        guard let pane = focusedPane else { return }
        let id = ObjectIdentifier(pane)
        if let existing = paneToasts[id], existing.controller.state != .dismissed {
            scene.present(existing.controller, from: pane)   // cancels a dismissal, or just refocuses
            scene.focus(existing.view.editor)
            return
        }
        let toast = makeToast()
        paneToasts[id] = toast
        // Once it has slid away it is forgotten, and its text (megabytes, after a paste) with it.
        toast.0.onDismiss = { [weak self, unowned controller = toast.0] _ in
            guard let self, paneToasts[id]?.controller === controller else { return }
            paneToasts[id] = nil   // the editor, going, gives a large text's memory back
        }
        scene.present(toast.0, from: pane)
    }

    private func presentScreenToast() {
        if let existing = screenToast, existing.controller.state != .dismissed {
            scene.present(existing.controller, from: root)
            scene.focus(existing.view.editor)
            return
        }
        let toast = makeToast()
        screenToast = toast
        toast.0.onDismiss = { [weak self, unowned controller = toast.0] _ in
            guard let self, screenToast?.controller === controller else { return }
            screenToast = nil
        }
        scene.present(toast.0, from: root)
    }

    private func presentModal() {
        if let modal, modal.state != .dismissed { return }
        let controller = FullScreenPresentationController(presentedView: ModalView())
        modal = controller
        scene.present(controller, from: scene.focusedView ?? root)
    }

    /// What Esc closes while a pane has the focus: the newest presentation up in that pane,
    /// else the newest over the whole screen.
    private var presentationToCloseWithEscape: PresentationController? {
        func newest(in context: View?) -> PresentationController? {
            scene.presentations.last { $0.contextView === context && ($0.state == .presenting || $0.state == .presented) }
        }
        return newest(in: focusedPane) ?? newest(in: root)
    }

    /// `n` and `N`: a short made-up message with a running number, stacking with the others,
    /// gone after 4 s.
    private func postNotification(in pane: PaneView?) {
        notificationCount += 1
        let messages = ["Build finished", "3 files saved", "New message from ada", "Upload complete", "Backup done"]
        let message = "\(messages[(notificationCount - 1) % messages.count]) · #\(notificationCount)"
        scene.notify(message, duration: 4, in: pane ?? root)
    }

    /// `s`: a sheet from the top of the focused pane; Esc or a drag upward takes it away.
    private func presentSheet() {
        guard let pane = focusedPane else { return }
        let sheet = Label("A sheet from the top edge.\nDrag it up or press Esc.", role: \.sheet, border: true,
                          borderRole: \.sheetBorder, title: "Sheet")
        scene.present(SheetPresentationController(presentedView: sheet), from: pane)
    }

    /// `c`: a card half as tall as the focused pane's content, from the bottom.
    private func presentCard() {
        guard let pane = focusedPane else { return }
        let card = Label("A card of fixed height: half the pane.\nDrag it down or press Esc.", role: \.sheet,
                         border: true, borderRole: \.sheetBorder, title: "Card")
        scene.present(CardPresentationController(presentedView: card, height: .fraction(0.5)), from: pane)
    }

    // MARK: - Help bar

    /// The help bar lists the keys that work where the focus is; run before every frame.
    private func updateHelp() {
        typealias Item = DemoRootView.HelpItem
        if scene.focusedView is ModalView {
            root.helpItems = [Item(key: "Esc", action: "close modal", rank: 1), Item(key: "^C", action: "quit", rank: 0)]
        } else if scene.focusedView is TextEditor {
            // Inside a toast the arrows move the caret; with a pane focused they resize.
            root.helpItems = [Item(key: "type", action: "text", rank: 5), Item(key: "Enter", action: "new line", rank: 2),
                              Item(key: "⌫", action: "delete", rank: 3), Item(key: "Esc", action: "close", rank: 1),
                              Item(key: "Tab", action: "other pane", rank: 4), Item(key: "←→↑↓", action: "move", rank: 6),
                              Item(key: "^C", action: "quit", rank: 0)]
        } else {
            var items = [Item(key: "t", action: "toast", rank: 1), Item(key: "T", action: "screen toast", rank: 4),
                         Item(key: "m", action: "modal", rank: 3), Item(key: "n", action: "notify", rank: 7),
                         Item(key: "s", action: "sheet", rank: 8), Item(key: "c", action: "card", rank: 9),
                         Item(key: "Tab", action: "focus", rank: 5), Item(key: "←→↑↓", action: "resize", rank: 6)]
            if presentationToCloseWithEscape != nil { items.append(Item(key: "Esc", action: "close", rank: 2)) }
            root.helpItems = items + [Item(key: "q", action: "quit", rank: 0)]
        }
    }
}
