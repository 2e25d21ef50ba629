import Foundation

/// Drives a real terminal for end-to-end tests: a detached tmux session on its own server
/// socket, keys sent with `send-keys`, the screen read with `capture-pane -e`.
final class Tmux {
    let socket: String
    let session: String
    /// Holds the server's configuration and the commands' output files.
    let directory: String

    /// Starts a tmux server running a plain shell at `columns × rows`; `name` starts the
    /// session's and the server socket's names.
    init(columns: Int, rows: Int, name: String = "curtain") throws {
        session = name
        socket = "\(name)-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        directory = FileManager.default.temporaryDirectory.appendingPathComponent(socket).path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        // Status line off from the start, so the pane is the whole window before anything runs.
        try Data("set -g status off\nset -g aggressive-resize on\n".utf8)
            .write(to: URL(fileURLWithPath: directory + "/tmux.conf"))
        try run(["new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)",
                 "env -i PATH=/usr/bin:/bin HOME=/tmp TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' \(Self.waitVariable)bash --norc --noprofile"])
        _ = try waitFor { $0.contains("$") }
    }

    deinit {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// `CURTAIN_WAIT=…` for the shell, so the programs it starts wait the way the test run
    /// asks: `CURTAIN_E2E_WAIT` (for these programs only), else the run's own `CURTAIN_WAIT`
    /// (`select` runs the select wait on Linux). Empty when neither is set; only letters pass.
    static var waitVariable: String {
        let environment = ProcessInfo.processInfo.environment
        guard let wait = environment["CURTAIN_E2E_WAIT"] ?? environment["CURTAIN_WAIT"], !wait.isEmpty,
              wait.allSatisfy({ $0.isASCII && $0.isLetter }) else { return "" }
        return "CURTAIN_WAIT=\(wait) "
    }

    static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux")
    }

    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        try runTmux(["-L", socket, "-f", directory + "/tmux.conf"] + arguments, outputDirectory: directory)
    }

    /// Types a shell command line and presses Enter.
    func shell(_ command: String) throws {
        try run(["send-keys", "-t", session, "-l", command])
        try run(["send-keys", "-t", session, "Enter"])
    }

    /// Appends everything the pane's program writes from now on to the file at `path`
    /// (`pipe-pane`): the bytes a terminal received, escape sequences included.
    func recordOutput(to path: String) throws {
        try run(["pipe-pane", "-t", session, "cat >> '\(path)'"])
    }

    /// Sends tmux key names (`t`, `Enter`, `Escape`, `Tab`, `BTab`, `Left`, `C-c`, …).
    func keys(_ names: String...) throws {
        for name in names { try run(["send-keys", "-t", session, name]) }
    }

    /// Sends literal text.
    func type(_ text: String) throws {
        try run(["send-keys", "-t", session, "-l", text])
    }

    /// Pastes `text` as a bracketed paste (when the application asked for it).
    func paste(_ text: String) throws {
        try run(["set-buffer", "-b", "e2e", text])
        try run(["paste-buffer", "-p", "-b", "e2e", "-t", session])
    }

    func resize(columns: Int, rows: Int) throws {
        try run(["resize-window", "-t", session, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The visible screen with colours and attributes as SGR sequences.
    func capture() throws -> String {
        try run(["capture-pane", "-p", "-e", "-N", "-t", session])
    }

    /// The screen and up to 2 000 lines scrolled off above it, as plain text, lines the pane
    /// wrapped joined.
    func captureHistory() throws -> String {
        // -J: a line the pane wrapped is one line again, so a message is found whatever the
        // pane's width (a longer line number once wrapped "disk full" as "disk ful", "l").
        try run(["capture-pane", "-p", "-J", "-S", "-2000", "-t", session])
    }

    /// The visible screen as plain text.
    func captureText() throws -> String {
        try run(["capture-pane", "-p", "-t", session])
    }

    /// The newest child process of the pane's shell (the program it is running), if any.
    func foregroundChildPID() throws -> Int32? {
        let shell = try panePID()
        guard shell > 0 else { return nil }
        let path = "/proc/\(shell)/task/\(shell)/children"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        return text.split(separator: " ").compactMap { Int32($0) }.max()
    }

    /// The screen, parsed.
    func screen() throws -> CapturedScreen { CapturedScreen(try capture()) }

    /// Polls until the screen (seen through `key`, e.g. with a clock masked out) has changed
    /// from `previous` (when given), satisfies `condition`, and then stays the same for
    /// `stablePolls` polls in a row — so an animation has finished. No fixed sleeps: only the
    /// timeout is a time, and it only decides when to give up.
    func settle(changedFrom previous: CapturedScreen? = nil,
                timeout: Double = 15, stablePolls: Int = 7,
                key: (CapturedScreen) -> CapturedScreen = { $0 },
                until condition: (CapturedScreen) -> Bool = { _ in true }) throws -> CapturedScreen {
        let deadline = Date().addingTimeInterval(timeout)
        let previousKey = previous.map(key)
        var changed = previous == nil
        var last: CapturedScreen?
        var stable = 0
        while Date() < deadline {
            let screen = try screen()
            let seen = key(screen)
            if !changed, seen != previousKey { changed = true }
            if changed, condition(screen) {
                stable = seen == last.map(key) ? stable + 1 : 0
                if stable >= stablePolls { return screen }
            } else {
                stable = 0
            }
            last = screen
            usleep(50_000)
        }
        throw TmuxError(message: "screen never settled (changed: \(changed)); last screen:\n\(last.map(\.description) ?? "")")
    }

    /// tmux's view of the pane's terminal modes (`alternate_on`, `cursor_flag`,
    /// `mouse_any_flag`, `mouse_button_flag`, `mouse_sgr_flag`, …), by name: what the program
    /// running in it asked for, or left behind.
    func paneFlags(_ names: [String]) throws -> [String: String] {
        let format = names.map { "#{\($0)}" }.joined(separator: " ")
        let values = try run(["display-message", "-p", "-t", session, format])
            .trimmingCharacters(in: .whitespacesAndNewlines).split(separator: " ").map(String.init)
        return Dictionary(uniqueKeysWithValues: zip(names, values))
    }

    func panePID() throws -> Int32 {
        Int32(try run(["display-message", "-p", "-t", session, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// Polls the screen until `condition` holds and the screen stays the same for a few polls.
    /// Not timing-sensitive: it only gives up after `timeout` seconds.
    func waitFor(timeout: Double = 20, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        var stableCount = 0
        while Date() < deadline {
            let screen = try capture()
            if condition(screen) {
                stableCount = screen == last ? stableCount + 1 : 0
                if stableCount >= 3 { return screen }
            } else {
                stableCount = 0
            }
            last = screen
            usleep(60_000)
        }
        throw TmuxError(message: "timed out waiting for the screen; last screen:\n\(plain(last))")
    }

    /// The first screen that meets `condition`, changing or not (a spinner never holds still).
    func waitUntil(timeout: Double = 20, _ condition: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try captureText()
            if condition(last) { return last }
            usleep(40_000)
        }
        throw TmuxError(message: "timed out waiting for the screen; last screen:\n\(last)")
    }

    /// Waits until the screen stops changing for a while (animations finished). The elapsed-time
    /// pane changes once a second, so "still" means unchanged for 0.4 s apart from that.
    func waitStill(timeout: Double = 20, ignoring ignored: (String) -> String = { $0 }) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        var stable = 0
        while Date() < deadline {
            let screen = ignored(try capture())
            stable = screen == last ? stable + 1 : 0
            if stable >= 6 { return try capture() }
            last = screen
            usleep(70_000)
        }
        throw TmuxError(message: "screen never settled; last screen:\n\(plain(last))")
    }
}

struct TmuxError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// Strips SGR sequences.
func plain(_ screen: String) -> String {
    parseScreen(screen).map { row in row.map(\.text).joined() }.joined(separator: "\n")
}
