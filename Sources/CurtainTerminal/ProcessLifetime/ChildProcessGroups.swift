import CurtainPlatform
import Synchronization

/// Process groups the program started and must not leave behind: when it ends by a signal
/// (SIGTERM, a crash, the terminal hanging up) or `exit` while they run, each gets SIGHUP,
/// SIGTERM and SIGCONT — what a terminal's hang-up would have sent them, had they not been in
/// groups of their own.
///
/// A program that runs children in their own process groups (so that a stop request reaches
/// every process a command forked) registers each group while it runs, and stops them itself
/// on a normal quit; this covers every other way out.
///
/// ```swift
/// ChildProcessGroups.add(pid)        // the child's pid is its group's id (setpgid(0, 0))
/// …                                  // the child ends
/// ChildProcessGroups.remove(pid)
/// ```
///
/// The groups are kept in ``ProcessLifetimeStorage``, allocated before any handler is armed, so
/// the signal handler reads them without allocating or locking (async-signal-safe).
public enum ChildProcessGroups {
    /// At most this many groups are tracked at once; more are ignored.
    public static let capacity = 256

    /// In ``ProcessLifetimeStorage``.
    private static var groups: UnsafeMutablePointer<pid_t> { ProcessLifetimeStorage.shared.groups }
    private static let lock = Mutex(())

    /// Tracks `group` (a process group id) until ``remove(_:)``.
    public static func add(_ group: pid_t) {
        guard group > 1 else { return }
        ProcessLifetimeStorage.prepare()
        lock.withLock { _ in
            if let free = (0..<capacity).first(where: { groups[$0] == 0 }) { groups[free] = group }
        }
    }

    /// Stops tracking `group` (it ended, or the program stopped it).
    public static func remove(_ group: pid_t) {
        lock.withLock { _ in
            for index in 0..<capacity where groups[index] == group { groups[index] = 0 }
        }
    }

    /// Sends SIGHUP, SIGTERM and SIGCONT to every tracked group. Async-signal-safe.
    static func hangUpAll() {
        for index in 0..<capacity {
            let group = groups[index]
            guard group > 1 else { continue }
            _ = kill(-group, SIGHUP)
            _ = kill(-group, SIGTERM)
            _ = kill(-group, SIGCONT)
        }
    }
}
