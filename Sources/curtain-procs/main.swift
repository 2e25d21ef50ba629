// curtain-procs: runs commands side by side, their output live (mprocs, overmind, concurrently).
//   curtain-procs 'make test' 'sleep 3; echo done' …     or     curtain-procs --file Procfile
// Left, the commands with their state and run time; right, the selected one's output. Enter
// starts or restarts, x stops (asking first), a starts all, X stops all, p pages the output in
// $PAGER (less -R) with its colours, q quits (asking while anything runs). Every child runs on
// a terminal of its own, in a process group of its own, and none outlives the program
// (CurtainProcess).
import Curtain
import CurtainLayout
import CurtainProcess
import CurtainTerminal
import CurtainPlatform

@MainActor
final class Procs {
    let app: App
    let procs: [Proc]
    let list = ListView()
    let listPane = PaneView(title: "Commands")
    let outputPane = PaneView(title: "")
    private var ticker: SceneTimer?
    /// Set as "Stop and quit" is chosen (not once the alert has slid out): no key but Ctrl-C
    /// acts while the children stop. (While an alert asks, the bindings are silent anyway.)
    private var quitting = false
    private var frame = 0
    /// Set once the commands were started at the first frame.
    private var startedAll = false
    /// Commands that ended and are not told yet, and the timer that tells them together.
    private var untold: [(index: Int, name: String, text: String, failed: Bool)] = []
    private var tellTimer: SceneTimer?
    private var firstUntoldTime = 0.0

    init(_ entries: [CommandList.Entry], clock: AnimationClock = SystemClock()) {
        procs = entries.map { Proc(name: $0.name, command: $0.command, scrollback: 10_000) }
        listPane.setContentView(list)
        let panes = GridView(columns: 2, rows: 1, panes: [listPane, outputPane], minimumPaneSize: Size(width: 20, height: 5))
        let keys = Label("Enter start · x stop · a all · X stop all · p pager · q quit", role: \.helpBar, lineBreak: .truncate)
        app = App(root: StackView(.vertical, [.flexible(panes), .fixed(keys, 1)]), clock: clock)
        app.scene.minimumSize = Size(width: 44, height: 8)
        app.scene.tooSmallView.hint = "q quits"
        list.onSelect = { [unowned self] _ in showSelected() }
        list.onActivate = { [unowned self] _ in if !quitting { restart(selected) } }
        app.scene.bind(.character("x")) { [unowned self] in if !quitting { Task { await askToStop(selected) } } }
        app.scene.bind(.character("a")) { [unowned self] in if !quitting { procs.filter { !$0.isRunning }.forEach(start) } }
        app.scene.bind(.character("X")) { [unowned self] in if !quitting { procs.forEach { $0.stop() } } }
        app.scene.bind(.character("p")) { [unowned self] in if !quitting { Task { await page(selected) } } }
        app.scene.bind(.character("q")) { [unowned self] in if !quitting { Task { await askToQuit() } } }
        for proc in procs { proc.onChange = { [unowned self] in changed($0) } }
        app.scene.focus(list)
        refreshList()
        showSelected()
    }

    var selected: Proc { procs[list.selectedIndex ?? 0] }

    func start(_ proc: Proc) { proc.start(clock: app.clock, size: outputSize) }

    /// The output pane's inside, where a command's log is shown: its terminal's size. Only the
    /// selected command's log is laid out, so this is read from whichever the pane shows.
    var outputSize: Size { outputPane.contentView?.layoutFrame.size ?? .zero }

    /// Starts every command when the first frame is shown: the output pane has its size then.
    /// (Started before the loop, each command's terminal was 20 × 5 until its log was shown:
    /// `ls` laid its names out for 20 columns.)
    func startAllAtTheFirstFrame() {
        app.addFrameObserver { [unowned self] _, _ in
            guard !startedAll else { return }
            startedAll = true
            procs.forEach(start)
        }
    }

    /// Starts `proc`, or stops it and starts it again once it ended (a spinner toast meanwhile).
    func restart(_ proc: Proc) {
        guard proc.isRunning else { return start(proc) }
        Task {
            await stopShowingProgress([proc], waiting("Restarting", proc.name))
            start(proc)
        }
    }

    func askToStop(_ proc: Proc) async {
        guard proc.isRunning else { return }
        let alert = AlertController(title: "Stop", message: "Stop \(proc.title)?", actions: [
            AlertAction("Stop", shortcut: "y", role: .destructive), AlertAction("Keep running", shortcut: "n", role: .cancel)])
        if case .chosen(let action) = await app.scene.confirm(alert, from: list), action.role == .destructive {
            await stopShowingProgress([proc], waiting("Stopping", proc.name))
        }
    }

    /// "Stopping web…", "Restarting web…": one ellipsis, also after a name shortened with one.
    func waiting(_ verb: String, _ name: String) -> String {
        verb + " " + name + (name.hasSuffix("…") ? "" : "…")
    }

    /// Stops `procs` under a spinner toast over the output, which stays up until each has
    /// ended: a command that ignores SIGTERM takes the whole grace, and the screen says so.
    /// The toast dims nothing: the live output beneath must stay readable.
    func stopShowingProgress(_ procs: [Proc], _ label: String) async {
        let toast = ToastPresentationController(presentedView: ProgressView(label: label), dimming: .none)
        app.scene.present(toast, from: outputPane)
        for proc in procs { proc.stop() }
        for proc in procs { await proc.finished() }
        app.scene.dismiss(toast)
    }

    func askToQuit() async {
        let running = procs.filter(\.isRunning)
        if !running.isEmpty {
            let alert = AlertController(title: "Quit", message: "\(running.count) still running: stop \(running.count == 1 ? "it" : "them") and quit?", actions: [
                // Set as the choice is made: keys typed while the alert slides out find it set.
                AlertAction("Stop and quit", shortcut: "y", role: .destructive) { [unowned self] in quitting = true },
                AlertAction("Cancel", shortcut: "n", role: .cancel)])
            guard case .chosen(let action) = await app.scene.confirm(alert, from: list), action.role == .destructive else { return }
            await stopShowingProgress(running, running.count == 1 ? waiting("Stopping", running[0].name) : "Stopping \(running.count) commands…")
        }
        app.quit()
    }

    /// The output in $PAGER (less -R by default), through the terminal hand-off, with its
    /// colours: the log's lines with their SGR sequences, and `LESS=R` when `LESS` is unset
    /// (as git sets it), so a plain `less` shows them too.
    func page(_ proc: Proc) async {
        let path = Files.temporaryFolder + "/curtain-procs-\(getpid())-\(procs.firstIndex { $0 === proc } ?? 0).log"
        defer { unlink(path) }
        guard Files.create(path, with: Array((proc.log.ansiTexts.joined(separator: "\n") + "\n").utf8)) else {
            app.scene.notify("cannot write \(path)", severity: .error, in: outputPane)
            return
        }
        let pager = Files.environment("PAGER").flatMap { $0.isEmpty ? nil : $0 } ?? "less -R"
        do {
            // 127: the shell did not find it (its message went to the shell's screen, gone now).
            // `exec`: the pager is the process the app tracks, which a SIGTERM to the app
            // ends too (through a shell waiting for it, the pager outlived the app). The shell
            // opens the file and removes it before the pager starts, which reads it from the
            // open descriptor: a program ended while the pager runs (a signal, a closed
            // terminal) leaves no file behind (the `defer` above never runs then).
            let command = ": \"${LESS=R}\"; export LESS; exec 3<\"$0\" && rm -f \"$0\" && exec \(pager) /dev/fd/3"
            switch try await app.runInForeground(["/bin/sh", "-c", command, path]) {
            case 0: break
            case 127: app.scene.notify("PAGER '\(pager)' was not found", title: "Pager", severity: .error, in: outputPane)
            case let status: app.scene.notify("PAGER '\(pager)' failed with status \(status)", title: "Pager", severity: .error, in: outputPane)
            }
        } catch {
            app.scene.notify("\(error)", title: "Pager", severity: .error, in: outputPane)
        }
    }

    func changed(_ proc: Proc) {
        refreshList()
        if !proc.isRunning, proc.state != .idle {
            // Told as it is now: by the time it is told, a restart may have started it again.
            let (text, failed) = proc.outcome
            untold.append((procs.firstIndex { $0 === proc } ?? 0, proc.name, text, failed))
            // Told 0.2 s after the last of them, or 1 s after the first while they keep coming.
            let now = app.clock.now
            if untold.count == 1 { firstUntoldTime = now }
            tellTimer?.cancel()
            tellTimer = app.scene.scheduleTimer(after: max(0, min(0.2, firstUntoldTime + 1 - now))) { [unowned self] in tellEndings() }
        }
        // The spinner and the times tick only while something runs: idle, nothing is scheduled.
        let anyRunning = procs.contains(where: \.isRunning)
        if anyRunning, ticker == nil {
            ticker = app.scene.scheduleTimer(after: 0.1, repeatingEvery: 0.1) { [unowned self] in
                frame += 1
                refreshList()
            }
        } else if !anyRunning {
            ticker?.cancel()
            ticker = nil
        }
    }

    /// Tells the endings of the last moments: each on its own when they are few, or as one
    /// notification, with the names of those that failed, when more ended together — forty
    /// commands ending at once made a queue of notifications that took a minute to drain, each
    /// telling what the list already showed.
    func tellEndings() {
        tellTimer = nil
        let ended = untold
        untold = []
        guard ended.count > 3 else {
            for ending in ended {
                app.scene.notify(ending.text, severity: ending.failed ? .error : .information, duration: 4, in: outputPane)
            }
            return
        }
        let failed = ended.filter(\.failed).sorted { $0.index < $1.index }.map(\.name)  // in the list's order
        let named = failed.prefix(5).joined(separator: ", ") + (failed.count > 5 ? " and \(failed.count - 5) more" : "")
        app.scene.notify(failed.isEmpty ? "all exited 0" : "\(failed.count) failed: \(named)", title: "\(ended.count) commands ended",
                         severity: failed.isEmpty ? .information : .error, duration: 4, in: outputPane)
    }

    func refreshList() {
        let unicode = app.scene.theme.supportsUnicode
        let steps = unicode ? ProgressView.unicodeSpinner : ProgressView.asciiSpinner
        let spinner = steps[frame % steps.count]
        list.items = procs.map { $0.summary(now: app.clock.now, spinner: spinner, unicode: unicode) }
    }

    func showSelected() {
        outputPane.title = selected.title
        outputPane.setContentView(selected.log)
    }

    /// After the loop: whatever still runs (Ctrl-C, the end of input) gets SIGTERM, then
    /// SIGKILL after the grace, every group at once.
    func stopEverything() async {
        let children = procs.compactMap(\.child)
        await withTaskGroup(of: Void.self) { group in
            for child in children { group.addTask { await child.stop(grace: .seconds(3)) } }
        }
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["--help"] || arguments == ["-h"] {
    print(CommandList.help)
    exit(0)
}
let entries: [CommandList.Entry]
do {
    entries = try CommandList.parse(arguments: arguments)
} catch {
    // Escaped: the message may quote a command or a file name, and no escape sequence in
    // either reaches the terminal.
    let line = Array((MessageText.escaping("curtain-procs: \(error.message)") + "\n").utf8)
    _ = line.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    exit(2)
}
let procs = Procs(entries)
procs.startAllAtTheFirstFrame()
await procs.app.run(programName: "curtain-procs")
await procs.stopEverything()
