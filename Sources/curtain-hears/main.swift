// curtain-hears: one label that work from outside the loop changes, each way a Swift program
// reaches the main actor. The end-to-end tests run it in tmux, one way at a time, and wait for
// the label to change with no key pressed: what a Pilot test passes must show in a terminal.
//
//   curtain-hears task | detached | dispatch | stream | post | child | pager | stderr | run COMMAND | nothing
import Curtain
import CurtainProcess
import CurtainTerminal
import Dispatch
import CurtainPlatform

@MainActor
func makeApp(way: String) -> App {
    let label = Label("waiting for \(way)")
    let pane = PaneView(title: "curtain-hears")
    pane.setContentView(label)
    let app = App(root: pane)
    app.scene.bind(.character("q")) { app.quit() }
    // Where heard() writes: the label, which the run mode moves to a status line above a log.
    let heard: @MainActor (String) -> Void = { text in label.text = "heard: \(text)" }
    switch way {
    case "task":
        Task { @MainActor in
            try? await Task.sleep(for: .milliseconds(300))
            heard("a main-actor task")
        }
    case "detached":
        Task.detached {
            try? await Task.sleep(for: .milliseconds(300))
            await MainActor.run { heard("MainActor.run from a detached task") }
        }
    case "dispatch":
        DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
            DispatchQueue.main.async { MainActor.assumeIsolated { heard("DispatchQueue.main.async") } }
        }
    case "stream":
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        Task.detached {
            for n in 1...3 {
                try? await Task.sleep(for: .milliseconds(100))
                continuation.yield("line \(n) of an AsyncStream")
            }
            continuation.finish()
        }
        label.task { for await line in stream { heard(line) } }
    case "post":
        let poster = app.poster
        Task.detached {
            try? await Task.sleep(for: .milliseconds(300))
            poster.post { _ in heard("a post from another thread") }
        }
    case "child":
        label.task {
            guard let child = try? ChildProcess(shell: "sleep 0.3; echo from the child") else {
                return heard("no child could be started")
            }
            for await batch in child.output {
                if let line = batch.lines.last { heard(line) }
            }
        }
    case "pager":
        // p: a pager in the foreground and back; m: a program that does not exist; x: a child that
        // leaves the terminal odd; k counts.
        // The file is there while less shows it, and removed when less is done (it was left in
        // /tmp by every run).
        let path = "/tmp/curtain-hears-\(getpid()).txt"
        var keys = 0
        heard("p pager · m missing · k count")
        app.scene.bind(.character("p")) {
            Task {
                let file = fopen(path, "w")
                fputs((1...100).map { "pager line \($0)" }.joined(separator: "\n") + "\n", file)
                fclose(file)
                defer { unlink(path) }
                let status = try await app.runInForeground(["less", path])
                heard("back from less, status \(status)")
            }
        }
        app.scene.bind(.character("m")) {
            Task {
                do {
                    try await app.runInForeground(["no-such-program-curtain"])
                } catch {
                    heard("\(error)")
                }
            }
        }
        app.scene.bind(.character("x")) {
            // A child that leaves the terminal odd: the alternate screen, mouse reports, no echo.
            Task {
                let status = try await app.runInForeground(["sh", "-c", "printf '\\033[?1049h\\033[?1000h'; stty -echo; exit 3"])
                heard("back from a rude child, status \(status)")
            }
        }
        app.scene.bind(.character("k")) {
            keys += 1
            heard("k pressed \(keys) times")
        }
    case "stderr":
        // Writes to stderr while the UI runs; c crashes with a fatalError message.
        let line = Array("a line to stderr while the screen is ours\n".utf8)
        _ = write(2, line, line.count)
        heard("c crashes")
        app.scene.bind(.character("c")) { fatalError("the upload failed: disk full") }
    case "run":
        // The output of a shell command, live, in a log (the benchmark's program); k counts keys.
        let command = CommandLine.arguments.dropFirst(2).first ?? "true"
        let log = Log(maximumLineCount: 10_000)
        label.text = ""
        pane.setContentView(nil) // the label leaves the pane before the stack takes it
        pane.setContentView(StackView(.vertical, [.fixed(label, 1), .flexible(log)]))
        var keys = 0
        heard("running")
        app.scene.bind(.character("k")) {
            keys += 1
            heard("k pressed \(keys) times")
        }
        log.task {
            guard let child = try? ChildProcess(shell: command) else { return heard("the command could not start") }
            await log.follow(child)
            heard("the command ended")
        }
    case "nothing":
        heard("nothing scheduled")
    default:
        heard("nothing: unknown way '\(way)'")
    }
    return app
}

// An async main, as in every Curtain program: Swift's main executor serves the main actor (on
// Linux from a worker thread once the main thread exits), and the loop runs there.
let way = CommandLine.arguments.dropFirst().first ?? "task"
await makeApp(way: way).run(programName: "curtain-hears")
