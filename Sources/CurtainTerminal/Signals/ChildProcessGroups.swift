import Glibc
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
    /// The tracked groups: a table that grows (no limit on how many groups), read by the
    /// handler through one pointer. A full table is copied into one twice its size, which
    /// then replaces it; the old one is never freed, so a handler still reading it is safe.
    private struct Table {
        var capacity: Int
        var slots: UnsafeMutablePointer<pid_t>

        static func make(capacity: Int) -> UnsafeMutablePointer<Table> {
            let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
            slots.initialize(repeating: 0, count: capacity)
            let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
            table.initialize(to: Table(capacity: capacity, slots: slots))
            return table
        }
    }

    nonisolated(unsafe) private static var table: UnsafeMutablePointer<Table> = Table.make(capacity: 256)
    private static let lock = Mutex(())
    /// Set once a group was added: before that, the handler must not touch ``table`` (its
    /// first use would initialise it, which is not safe in a signal handler).
    nonisolated(unsafe) private static var used: sig_atomic_t = 0

    /// Tracks `group` (a process group id) until ``remove(_:)``.
    public static func add(_ group: pid_t) {
        guard group > 1 else { return }
        lock.withLock { _ in
            var current = table.pointee
            if let free = (0..<current.capacity).first(where: { current.slots[$0] == 0 }) {
                current.slots[free] = group
            } else {
                let larger = Table.make(capacity: current.capacity * 2)
                larger.pointee.slots.update(from: current.slots, count: current.capacity)
                larger.pointee.slots[current.capacity] = group
                table = larger
                current = larger.pointee
            }
            used = 1
        }
    }

    /// Stops tracking `group` (it ended, or the program stopped it).
    public static func remove(_ group: pid_t) {
        lock.withLock { _ in
            let current = table.pointee
            for index in 0..<current.capacity where current.slots[index] == group { current.slots[index] = 0 }
        }
    }

    /// Sends SIGHUP, SIGTERM and SIGCONT to every tracked group. Async-signal-safe.
    static func hangUpAll() {
        guard used != 0 else { return }
        let current = table.pointee
        for index in 0..<current.capacity {
            let group = current.slots[index]
            guard group > 1 else { continue }
            _ = kill(-group, SIGHUP)
            _ = kill(-group, SIGTERM)
            _ = kill(-group, SIGCONT)
        }
    }
}
