@testable import CurtainPlatform
import Testing

/// The watchdog, run on its own (its script and the lines the program tells it), as it runs
/// when the program has died.
@Suite struct WatchdogTests {
    /// Runs the watchdog script with `lines` as its input and waits for it to end; its exit
    /// status.
    func runWatchdog(telling lines: String) throws -> CurtainPlatform.ExitStatus? {
        let input = try DescriptorPair.pipe()
        var request = SpawnRequest(arguments: ["/bin/sh", "-c", Watchdog.script, "curtain-watchdog"])
        request.searchesPath = false
        request.streams = .input(from: input.read)
        request.group = .newGroup
        let pid = try Spawner.spawn(request)
        close(input.read)
        let bytes = Array(lines.utf8)
        _ = bytes.withUnsafeBytes { write(input.write, $0.baseAddress, $0.count) }
        close(input.write) // the program's end: the watchdog acts on what it was told
        return Reaper.wait(for: pid)
    }

    /// A child on a terminal of its own, sleeping; its pid and the terminal (kept open: the
    /// program's side).
    func sleeper(seconds: String) throws -> (pid: pid_t, terminal: PseudoTerminal) {
        let terminal = try PseudoTerminal.open(columns: 80, rows: 24)
        var request = SpawnRequest(arguments: ["sleep", seconds])
        request.streams = .terminal(path: terminal.path)
        request.group = .newSession
        return (try Spawner.spawn(request), terminal)
    }

    /// A session the program told it of is ended.
    @Test func aSessionItWasToldOfIsEnded() throws {
        let child = try sleeper(seconds: "1000.\(Int.random(in: 10_000...99_999))")
        defer { close(child.terminal.master) }
        #expect(try runWatchdog(telling: "+s\(child.pid)\n") == .exited(0))
        #expect(Reaper.wait(for: child.pid) == .signaled(SIGHUP), "hung up like a terminal's end")
    }

    /// What holds a terminal whose number the program's terminal had is not the watchdog's to
    /// end: once the program died, a new terminal can have the same number (the next program's,
    /// at once) — only `PATH (deleted)` was the program's. (A test harness's next program was
    /// hung up this way: its terminal had the number a dead program's command had had.)
    @Test func aLiveTerminalOfTheSameNumberIsLeftAlone() throws {
        let child = try sleeper(seconds: "1000.\(Int.random(in: 10_000...99_999))")
        defer {
            kill(child.pid, SIGKILL)
            _ = Reaper.wait(for: child.pid)
            close(child.terminal.master)
        }
        #expect(try runWatchdog(telling: "+t\(child.terminal.path)\n") == .exited(0))
        #expect(Reaper.reapIfEnded(child.pid) == nil, "still running")
    }
}
