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
    /// The tracked groups, 0 for a free slot: a table that grows (no limit on how many groups),
    /// read by the handler through one pointer kept in ``ProcessLifetimeStorage``. A full table
    /// is copied into one twice its size, which then replaces it; the old one is never freed, so
    /// a handler still reading it is safe.
    struct Table {
        var capacity: Int
        var slots: UnsafeMutablePointer<pid_t>
        /// The process that started the groups: a child forked from it (a test's, a crash
        /// reporter's) inherits this memory, and must not hang up its parent's children.
        var owner: pid_t = 0

        static func make(capacity: Int) -> UnsafeMutablePointer<Table> {
            let slots = UnsafeMutablePointer<pid_t>.allocate(capacity: capacity)
            slots.initialize(repeating: 0, count: capacity)
            let table = UnsafeMutablePointer<Table>.allocate(capacity: 1)
            table.initialize(to: Table(capacity: capacity, slots: slots))
            return table
        }
    }

    /// How many groups the first table holds.
    static let initialCapacity = 256

    /// The current table, in ``ProcessLifetimeStorage``.
    private static var table: UnsafeMutablePointer<Table> {
        get { ProcessLifetimeStorage.shared.groups.pointee }
        set { ProcessLifetimeStorage.shared.groups.pointee = newValue }
    }
    private static let lock = Mutex(())

    /// Tracks `group` (a process group id) until ``remove(_:)``.
    public static func add(_ group: pid_t) {
        guard group > 1 else { return }
        track(group)
    }

    /// Stops tracking `group` (it ended, or the program stopped it).
    public static func remove(_ group: pid_t) { untrack(group) }

    /// Tracks `process`, a child that runs in the program's own process group (a pager given
    /// the terminal, ``App/runInForeground(_:)``), until ``remove(process:)``: on the way out
    /// it gets the same signals, sent to it alone. (A SIGTERM to the program left the pager
    /// running, reading the shell's next keys.)
    static func add(process: pid_t) {
        guard process > 1 else { return }
        track(-process)
    }

    /// Stops tracking `process`.
    static func remove(process: pid_t) { untrack(-process) }

    /// A slot holds a group as its id and a process as its pid negated, so that `kill(-slot)`
    /// reaches either; 0 is free, and ±1 never appear (`kill(-1)` would reach every process).
    private static func track(_ slot: pid_t) {
        ProcessLifetimeStorage.prepare()
        lock.withLock { _ in
            table.pointee.owner = getpid()
            let current = table.pointee
            if let free = (0..<current.capacity).first(where: { current.slots[$0] == 0 }) {
                current.slots[free] = slot
            } else {
                let larger = Table.make(capacity: current.capacity * 2)
                larger.pointee.slots.update(from: current.slots, count: current.capacity)
                larger.pointee.slots[current.capacity] = slot
                larger.pointee.owner = current.owner
                table = larger
            }
        }
    }

    private static func untrack(_ slot: pid_t) {
        lock.withLock { _ in
            let current = table.pointee
            for index in 0..<current.capacity where current.slots[index] == slot { current.slots[index] = 0 }
        }
    }

    /// Sends SIGHUP, SIGTERM and SIGCONT to every tracked group and process. Async-signal-safe: the storage
    /// was allocated before any handler was armed.
    static func hangUpAll() {
        let current = table.pointee
        guard current.owner == getpid() else { return }
        for index in 0..<current.capacity {
            let slot = current.slots[index]
            guard slot > 1 || slot < -1 else { continue }
            _ = kill(-slot, SIGHUP)
            _ = kill(-slot, SIGTERM)
            _ = kill(-slot, SIGCONT)
        }
    }
}
