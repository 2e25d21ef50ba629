import Curtain
import CurtainProcess
import CurtainPlatform

/// One command: its state, its output, the child running it.
@MainActor
final class Proc {
    enum State: Equatable {
        /// `stopped`: it ended after the user asked it to stop (x, X, a restart, the quit),
        /// however it ended — what was asked for, not a failure.
        case idle, running, exited(Int32), killed(Int32), stopped, failed(String)
    }

    let name: String
    let command: String
    let log: Log
    private(set) var state = State.idle
    private(set) var started: Double?
    private(set) var duration: Double?
    /// The child while it runs.
    private(set) var child: ChildProcess?
    private var run: Task<Void, Never>?
    /// Set when the user asked it to stop: what is left of its group is then not news.
    private var stopping = false
    /// Told when the state changes (the list redraws; an exit notifies).
    var onChange: (@MainActor (Proc) -> Void)?

    init(name: String, command: String, scrollback: Int) {
        self.name = name
        self.command = command
        log = Log(maximumLineCount: scrollback)
        log.keepsClearOfPresentations = true // the newest output reads on above a notification
    }

    var isRunning: Bool { state == .running }

    /// The command, after its name when it has one of its own (a Procfile's).
    var title: String { name == CommandList.shortened(command) ? command : "\(name) (\(command))" }

    /// Starts the command in a shell on a terminal of its own (colours, output line by line)
    /// of `size` (the output pane's inside, where the log shows it; the log resizes it when it
    /// is shown at another), in a process group of its own, its output followed by the log.
    func start(clock: AnimationClock, size: Size) {
        guard !isRunning else { return }
        state = .running
        started = clock.now
        duration = nil
        stopping = false
        log.append("$ \(command)", style: nil)
        let child: ChildProcess
        do {
            // Keys are the program's own: a command's input is at end of file, so one that reads
            // (read, cat) goes on instead of waiting for keys no one can send it.
            child = try ChildProcess(shell: command, connection: .outputTerminal(columns: max(20, size.width), rows: max(5, size.height)),
                                     environment: Self.pagerEnvironment())
        } catch {
            finish(.failed(error.message), clock: clock)
            return
        }
        self.child = child
        onChange?(self)
        run = Task { @MainActor in
            let reading = Task { @MainActor in await self.log.follow(child) }
            let ended = await child.termination
            if !stopping, await leftoversRunning(child) {
                // Processes the command started and left behind (`cmd &`) end with it.
                await child.stop(grace: .seconds(3))
                log.append("(processes it started were still running: stopped)")
            }
            _ = await reading.value
            self.child = nil
            finish(stopping ? .stopped : ended.state, clock: clock)
        }
    }

    /// Whether the group still runs a moment after its leader ended: what the kernel's hang-up
    /// or the same signal is ending already is given a tenth of a second to go.
    private func leftoversRunning(_ child: ChildProcess) async -> Bool {
        for _ in 0..<20 where child.isGroupRunning { try? await Task.sleep(for: .milliseconds(5)) }
        return child.isGroupRunning
    }

    private func finish(_ outcome: State, clock: AnimationClock) {
        duration = started.map { clock.now - $0 }
        state = outcome
        onChange?(self)
    }

    /// `PAGER=cat` and `GIT_PAGER=cat` for a command, each unless the program's environment
    /// sets it: a command that starts a pager on its terminal (`git log`) would wait at the
    /// pager's prompt for ever, and no key reaches it. A command that sets its own
    /// (`PAGER=less git log`, in a Procfile too) keeps it.
    static func pagerEnvironment(_ lookUp: (String) -> String? = Files.environment) -> [String: String] {
        var added: [String: String] = [:]
        for name in ["PAGER", "GIT_PAGER"] where lookUp(name) == nil { added[name] = "cat" }
        return added
    }

    /// Stops the whole group: SIGTERM now, SIGKILL after 3 s to whatever is left.
    func stop() {
        guard isRunning, let child else { return }
        stopping = true
        Task { await child.stop(grace: .seconds(3)) }
    }

    /// Waits until the command is no longer running.
    func finished() async { await run?.value }

    /// The list's line: a state mark, the name, and how long it ran or runs. `unicode`: whether
    /// the terminal shows Unicode (``Theme/supportsUnicode``); without it the marks are ASCII,
    /// each its own (a terminal under `LANG=C` drew `✓ ✗ ☠` and the spinner as one placeholder).
    func summary(now: Double, spinner: String, unicode: Bool) -> String {
        let seconds = duration ?? started.map { now - $0 }
        let time = seconds.map { Self.tenths($0).leftPadded(to: 5) + "s" } ?? "      "
        let mark: String
        switch state {
        case .idle: mark = unicode ? "·" : "."
        case .running: mark = spinner
        case .exited(0): mark = unicode ? "✓" : "+"
        case .exited: mark = unicode ? "✗" : "x"
        case .killed: mark = unicode ? "☠" : "k"
        case .stopped: mark = unicode ? "■" : "s"
        case .failed: mark = "!"
        }
        return "\(mark) \(time) \(name)"
    }

    /// `seconds` to a tenth, as `%.1f` writes it (Foundation's `String(format:)` would bring ICU's
    /// megabytes into a static curtain-procs).
    static func tenths(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// How it ended, for the notification.
    var outcome: (text: String, failed: Bool) {
        // "2.8s", as the list shows it: with a space, a narrow notification wrapped the unit
        // onto a row of its own.
        let took = duration.map { " after \(Self.tenths($0))s" } ?? ""
        switch state {
        case .exited(0): return ("\(name) exited 0\(took)", false)
        case .exited(let code): return ("\(name) exited \(code)\(took)", true)
        case .killed(let signal): return ("\(name) killed by signal \(signal)\(took)", true)
        case .stopped: return ("\(name) stopped\(took)", false)
        case .failed(let why): return ("\(name) could not start: \(why)", true)
        case .idle, .running: return ("\(name) is \(state)", false)
        }
    }
}

extension Termination {
    var state: Proc.State {
        switch self {
        case .exited(let code): .exited(code)
        case .signaled(let signal): .killed(signal)
        }
    }
}

extension String {
    /// The string after spaces enough to make it `width` characters long.
    func leftPadded(to width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
