import Curtain
import CurtainTerminal
import Foundation
import Subprocess

/// One command: its state, its output, the child running it.
@MainActor
final class Proc {
    enum State: Equatable {
        case idle, running, exited(Int32), killed(Int32), failed(String)
    }

    let name: String
    let command: String
    let log: Log
    private(set) var state = State.idle
    private(set) var started: Double?
    private(set) var duration: Double?
    /// The child's process group while it runs (its pid: it leads a group of its own).
    private(set) var group: pid_t?
    private var run: Task<Void, Never>?
    private var killTimer: SceneTimer?
    /// Told when the state changes (the list redraws; an exit notifies).
    var onChange: (@MainActor (Proc) -> Void)?

    init(name: String, command: String, scrollback: Int) {
        self.name = name
        self.command = command
        log = Log(maximumLineCount: scrollback)
        log.keepsClearOfPresentations = true // the newest output reads on above a notification
    }

    var isRunning: Bool { state == .running }

    /// Starts the command in a shell, in a process group of its own, its output (stdout and
    /// stderr) streamed into the log line by line.
    func start(clock: AnimationClock) {
        guard !isRunning else { return }
        state = .running
        started = clock.now
        duration = nil
        log.append("$ \(command)", style: nil)
        onChange?(self)
        var options = PlatformOptions()
        options.processGroupID = 0
        run = Task { @MainActor in
            let outcome: State
            do {
                let result = try await Subprocess.run(
                    .path("/bin/sh"), arguments: ["-c", command], platformOptions: options,
                    input: .none, output: .sequence, error: .combinedWithOutput
                ) { execution in
                    let pid = execution.processIdentifier.value
                    self.group = pid
                    ChildProcessGroups.add(pid)
                    var splitter = LineSplitter()
                    for try await chunk in execution.standardOutput {
                        // Colours kept (test runners, ls --color); every other sequence dropped.
                        for line in chunk.withUnsafeBytes({ splitter.feed($0) }) { self.log.append(ansi: line) }
                    }
                }
                switch result.terminationStatus {
                case .exited(let code): outcome = .exited(code)
                case .signaled(let signal): outcome = .killed(signal)
                }
            } catch {
                outcome = .failed("\(error)")
            }
            if let group {
                // Processes the command started and left behind (`cmd &`) end with it: told,
                // then stopped like the command would have been.
                if kill(-group, 0) == 0 {
                    log.append("(processes it started were still running: stopped)")
                    kill(-group, SIGTERM)
                    kill(-group, SIGCONT)
                    try? await Task.sleep(for: .seconds(3))
                    kill(-group, SIGKILL)
                }
                ChildProcessGroups.remove(group)
            }
            group = nil
            killTimer?.cancel()
            duration = started.map { clock.now - $0 }
            state = outcome
            onChange?(self)
        }
    }

    /// SIGTERM to the whole group now, SIGKILL 3 s later if it still runs.
    func stop(in scene: Scene) {
        guard isRunning, let group else { return }
        kill(-group, SIGTERM)
        kill(-group, SIGCONT)
        killTimer?.cancel()
        killTimer = scene.scheduleTimer(after: 3) { [weak self] in
            guard let self, self.isRunning, self.group == group else { return }
            kill(-group, SIGKILL)
        }
    }

    /// Waits until the command is no longer running.
    func finished() async { await run?.value }

    /// The list's line: a state mark, the name, and how long it ran or runs.
    func summary(now: Double, spinner: String) -> String {
        let seconds = duration ?? started.map { now - $0 }
        let time = seconds.map { String(format: "%5.1fs", $0) } ?? "      "
        let mark: String
        switch state {
        case .idle: mark = "·"
        case .running: mark = spinner
        case .exited(0): mark = "✓"
        case .exited: mark = "✗"
        case .killed: mark = "☠"
        case .failed: mark = "!"
        }
        return "\(mark) \(time) \(name)"
    }

    /// How it ended, for the notification.
    var outcome: (text: String, failed: Bool) {
        let took = duration.map { String(format: " after %.1f s", $0) } ?? ""
        switch state {
        case .exited(0): return ("\(name) exited 0\(took)", false)
        case .exited(let code): return ("\(name) exited \(code)\(took)", true)
        case .killed(let signal): return ("\(name) killed by signal \(signal)\(took)", true)
        case .failed(let why): return ("\(name) could not start: \(why)", true)
        case .idle, .running: return ("\(name) is \(state)", false)
        }
    }
}
