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
/// The groups are kept in memory allocated once, so the signal handler reads them without
/// allocating or locking (async-signal-safe).
public enum ChildProcessGroups {
    /// At most this many groups are tracked at once; more are ignored.
    public static let capacity = 256

    nonisolated(unsafe) private static let groups: UnsafeMutablePointer<pid_t> = {
        let pointer = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
        pointer.initialize(repeating: 0, count: capacity)
        return pointer
    }()
    private static let lock = Mutex(())
    /// Set once a group was added: before that, the handler must not touch ``groups`` (its
    /// first use would initialise it, which is not safe in a signal handler).
    nonisolated(unsafe) private static var used: sig_atomic_t = 0

    /// Tracks `group` (a process group id) until ``remove(_:)``.
    public static func add(_ group: pid_t) {
        guard group > 1 else { return }
        lock.withLock { _ in
            if let free = (0..<capacity).first(where: { groups[$0] == 0 }) { groups[free] = group }
            used = 1
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
        guard used != 0 else { return }
        for index in 0..<capacity {
            let group = groups[index]
            guard group > 1 else { continue }
            _ = kill(-group, SIGHUP)
            _ = kill(-group, SIGTERM)
            _ = kill(-group, SIGCONT)
        }
    }
}
