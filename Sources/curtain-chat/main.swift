// curtain-chat: a chat pane built on Curtain's stock views.
// A log of messages above a status line. c composes a message in a toast at the bottom of the
// log (Enter sends, Alt-Enter or Ctrl-J starts a new line, Esc discards); every 5 seconds a
// made-up message comes in and is announced; x asks before clearing the log; q quits.
import Curtain
import CurtainTerminal
import Foundation

@MainActor
final class Chat {
    let app: App
    let log = Log()
    let logPane = PaneView(title: "#general")
    let status = Label("", role: \.helpBar, lineBreak: .truncate)
    private var compose: ToastPresentationController?
    private var received = 0
    private var sent = 0
    /// The messages the log shows (one may take several lines): what a clear removes.
    private var messagesShown = 0

    static let people = ["ada", "grace", "linus", "margaret", "ken"]
    static let lines = [
        "has anyone tried the new build?", "lunch at noon 🍜", "the tests are green again",
        "日本語のメッセージも大丈夫", "pushed a fix for the resize bug", "who broke main? 🙃",
    ]

    init(clock: AnimationClock = SystemClock()) {
        logPane.setContentView(log)
        app = App(root: StackView(.vertical, [.flexible(logPane), .fixed(status, 1)]), clock: clock)
        app.scene.minimumSize = Size(width: 30, height: 8)
        app.scene.tooSmallView.hint = "q quits"
        app.scene.bind(.character("c")) { [unowned self] in startComposing() }
        app.scene.bind(.character("x")) { [unowned self] in askToClear() }
        app.scene.bind(.character("q")) { [unowned self] in app.quit() }
        app.scene.scheduleTimer(after: 5, repeatingEvery: 5) { [unowned self] in receive() }
        app.scene.focus(log)
        log.append("Welcome to #general. Press c to write.", style: app.scene.theme.secondaryText)
        updateStatus()
    }

    func startComposing() {
        if let compose, compose.state != .dismissed { return }
        let box = TextToastView(hint: "Enter send · Alt-Enter new line · Esc discard")
        let toast = ToastPresentationController(presentedView: box)
        box.onChange = { [weak toast] in toast?.updatePresentationLayout(animated: true) }
        box.editor.onSubmit = { [unowned self, weak toast, unowned box] in
            let text = box.text.string
            if text.contains(where: { !$0.isWhitespace }) {
                for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    appendMessageLine(line, from: "you", first: index == 0)
                }
                sent += 1
                messagesShown += 1
                updateStatus()
            }
            if let toast { app.scene.dismiss(toast) }
        }
        compose = toast
        app.scene.present(toast, from: log)
    }

    func receive() {
        received += 1
        let who = Self.people[received % Self.people.count]
        let line = Self.lines[received % Self.lines.count]
        appendMessageLine(line[...], from: who, first: true)
        messagesShown += 1
        app.scene.notify("\(who): \(line)", title: "new message", duration: 3, in: logPane)
        updateStatus()
    }

    /// One line of a message in the log: the first after its sender's name, the others under
    /// it; wrapped, every row lines up with the text, not with the name, as chat clients show a
    /// message.
    func appendMessageLine(_ line: Substring, from sender: String, first: Bool) {
        let name = sender + ": "
        let indent = TextWidth.of(name)
        log.append((first ? name : String(repeating: " ", count: indent)) + line, hangingIndent: indent)
    }

    func askToClear() {
        let alert = AlertController(title: "Clear", message: messagesShown == 1 ? "Clear the message in the log?" : "Clear all \(messagesShown) messages of the log?", actions: [
            AlertAction("Yes, clear", shortcut: "y", role: .destructive) { [unowned self] in
                log.clear()
                messagesShown = 0
                updateStatus()
            },
            AlertAction("No", shortcut: "n", role: .cancel),
        ])
        app.scene.present(alert, from: log)
    }

    func updateStatus() {
        status.text = " \(sent) sent · \(received) received   c write · x clear · q quit"
    }
}

// No arguments: `--help` says what it does, anything else is a mistake said in one line.
switch CommandLine.arguments.dropFirst().first {
case nil:
    let chat = Chat()   // kept alive while the app runs
    await chat.app.run(programName: "curtain-chat")
case "--help", "-h":
    print("""
        usage: curtain-chat
        A chat in a pane: c writes a message in a toast that grows with it (Enter sends,
        Alt-Enter or Ctrl-J starts a new line, Esc discards), x clears the log, q quits.
        """)
default:
    _ = Array("curtain-chat: takes no arguments; usage: curtain-chat\n".utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
