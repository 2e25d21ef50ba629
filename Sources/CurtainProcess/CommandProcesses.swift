import CurtainPlatform
import Dispatch

/// Every process of one command: the session it leads on its terminal (which holds any group
/// it made: `timeout`, a shell's job control), or the process group it leads on pipes. Tracked
/// while it runs (by the system layer's one tracker, ``ChildProcessGroups``, which the signal
/// path and the watchdog both read), looked at, and stopped — the one place that stops a
/// command.
struct CommandProcesses: Sendable {
    /// The leader: the child's pid, which is also its group's and (on a terminal) its
    /// session's id.
    let leader: pid_t
    /// The terminal's path (the session's controlling terminal), nil on pipes: then only the
    /// leader's group is the command's (it is in the program's session).
    let terminal: String?

    private var isSession: Bool { terminal != nil }

    /// Tracks them until ``untrack()``.
    func track() {
        if let terminal { ChildProcessGroups.add(session: leader, terminal: terminal) } else { ChildProcessGroups.add(leader) }
    }

    /// Stops tracking them: nothing of them runs any more.
    func untrack() {
        if let terminal { ChildProcessGroups.remove(session: leader, terminal: terminal) } else { ChildProcessGroups.remove(leader) }
    }

    /// True while one of them runs. Zombies do not count where the system can tell (`/proc`):
    /// the orphans of a stopped command are reaped by PID 1, late under load (or never, in a
    /// container whose PID 1 does not reap), and a stop waited its whole bound for them.
    /// Elsewhere what `kill` finds counts, zombies included.
    var areRunning: Bool { running(fresh: false) }

    /// ``areRunning`` from a look at every process made now, not one of the last 20 ms (see
    /// ``ProcessTable/members(ofSession:fresh:)``).
    var areRunningNow: Bool { running(fresh: true) }

    private func running(fresh: Bool) -> Bool {
        if groupExists, LinuxProcFiles.processGroupRuns(leader) ?? true { return true }
        return isSession && !ProcessTable.members(ofSession: leader, fresh: fresh).isEmpty
    }

    private var groupExists: Bool { kill(-leader, 0) == 0 || errno == EPERM }

    /// Sends `signal` to the leader's group and, for a session, to every other process in it.
    func send(_ signal: Int32) {
        _ = kill(-leader, signal)
        guard isSession else { return }
        for member in ProcessTable.members(ofSession: leader) where member != leader {
            _ = kill(member, signal)
        }
    }

    /// What holds the command's terminal besides its session (`setsid cmd &`): looked for once
    /// a stop (a look at every descriptor of every process).
    private func terminalHolders() -> [pid_t] {
        terminal.map { ProcessTable.holders(of: $0) } ?? []
    }

    /// How long what holds the command's terminal gets between the hang-up and SIGKILL, when
    /// the command ended by itself: the watchdog's grace (``ChildProcessGroups``).
    static let holderGrace = DispatchTimeInterval.milliseconds(ChildProcessGroups.graceMilliseconds)

    /// Where the holders that outlived their hang-up are ended: a timer of libdispatch's rather
    /// than a sleeping task, so that a cooperative pool kept busy (a test run's threads all
    /// blocked) cannot put the SIGKILL off.
    private static let holderQueue = DispatchQueue(label: "curtain.process.terminal-holders", qos: .utility)

    /// SIGHUP, SIGTERM and SIGCONT to the processes that still hold the command's terminal once
    /// nothing of its session runs: what it started and sent off on its own (`setsid cmd &`),
    /// which the end of its terminal would otherwise leave running; SIGKILL after
    /// ``holderGrace`` to those that ignored all three (`trap '' TERM HUP`), as a stop ends
    /// them. Linux only (``ProcessTable``). Returns at once.
    func hangUpTerminalHolders() {
        let holders = terminalHolders()
        guard !holders.isEmpty else { return }
        for holder in holders {
            _ = kill(holder, SIGHUP)
            _ = kill(holder, SIGTERM)
            _ = kill(holder, SIGCONT)
        }
        Self.holderQueue.asyncAfter(deadline: .now() + Self.holderGrace) {
            for holder in holders where ProcessTable.runs(holder) { _ = kill(holder, SIGKILL) }
        }
    }

    /// SIGTERM and SIGCONT to all of them, SIGKILL after `grace` to what is left; returns when
    /// they are gone, re-checking every few milliseconds.
    func stop(grace: Duration) async {
        guard areRunning else { return }
        let holders = terminalHolders()
        send(SIGTERM)
        send(SIGCONT)
        for holder in holders {
            _ = kill(holder, SIGTERM)
            _ = kill(holder, SIGCONT)
        }
        // What holds the terminal is waited for too: one that ignores SIGTERM (and the hang-up
        // it would get when the terminal closes) is ended by SIGKILL after the grace, as the
        // session is (before, the stop ended with the session and left it running).
        func anyRuns() -> Bool { areRunning || holders.contains(where: ProcessTable.runs) }
        let clock = ContinuousClock()
        let deadline = clock.now + grace
        var pause = Duration.milliseconds(2)
        while anyRuns(), clock.now < deadline {
            try? await Task.sleep(for: min(pause, deadline - clock.now))
            pause = min(pause * 2, .milliseconds(50))
        }
        // Looked for again: a holder may have started one more since (a shell its sleep).
        let left = holders.contains(where: ProcessTable.runs) ? Set(holders + terminalHolders()) : []
        for holder in left { _ = kill(holder, SIGKILL) }
        // SIGKILL cannot be caught, but the kernel takes a moment to tear a process down: the
        // stop returns once they are gone (a bound all the same, never a hang).
        let killed = clock.now + .seconds(5)
        while left.contains(where: ProcessTable.runs), clock.now < killed {
            try? await Task.sleep(for: .milliseconds(5))
        }
        guard areRunning else { return }
        send(SIGKILL)
        // SIGKILL cannot be caught: they go as soon as the kernel has torn them down (and the
        // leader is reaped). A bound all the same, never a hang.
        let end = clock.now + .seconds(5)
        while areRunning, clock.now < end {
            send(SIGKILL)
            try? await Task.sleep(for: .milliseconds(5))
        }
    }
}
