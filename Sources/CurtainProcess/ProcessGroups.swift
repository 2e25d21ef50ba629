import CurtainPlatform

/// The process groups of the program's children: tracked while they run (by the system
/// layer's one tracker, ``ChildProcessGroups``, which the signal path and the watchdog both
/// read), looked at, and stopped — the one place that stops a group.
enum ProcessGroups {
    /// Tracks `group` until ``remove(_:)``.
    static func add(_ group: Int32) { ChildProcessGroups.add(group) }

    /// Stops tracking `group`: nothing of it runs any more.
    static func remove(_ group: Int32) { ChildProcessGroups.remove(group) }

    /// True while a process of `group` runs. Zombies do not count: the orphans of a stopped
    /// group are reaped by PID 1, late under load (or never, in a container whose PID 1 does
    /// not reap), and a stop waited its whole bound for them. Where `/proc` cannot tell
    /// (another system, a hidden process), what `kill` finds counts, zombies included.
    static func isAlive(_ group: Int32) -> Bool {
        func exists() -> Bool { kill(-group, 0) == 0 || errno == EPERM }
        guard exists() else { return false }
        return LinuxProcFiles.processGroupRuns(group) ?? exists()
    }

    /// SIGTERM and SIGCONT to `group`, SIGKILL after `grace` to what is left; returns when it
    /// is gone, re-checking every few milliseconds.
    static func stop(_ group: Int32, grace: Duration) async {
        guard isAlive(group) else { return }
        _ = kill(-group, SIGTERM)
        _ = kill(-group, SIGCONT)
        let clock = ContinuousClock()
        let deadline = clock.now + grace
        var pause = Duration.milliseconds(2)
        while isAlive(group), clock.now < deadline {
            try? await Task.sleep(for: min(pause, deadline - clock.now))
            pause = min(pause * 2, .milliseconds(50))
        }
        guard isAlive(group) else { return }
        _ = kill(-group, SIGKILL)
        // SIGKILL cannot be caught: the group goes as soon as the kernel has torn it down
        // (and the child is reaped). A bound all the same, never a hang.
        let end = clock.now + .seconds(5)
        while isAlive(group), clock.now < end { try? await Task.sleep(for: .milliseconds(5)) }
    }
}
