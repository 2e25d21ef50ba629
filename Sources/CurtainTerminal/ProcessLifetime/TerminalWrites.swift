import CurtainPlatform
import Synchronization

/// The session's writes to the terminal — frames, mode switches, questions — and the emergency
/// restore's claim on it: once a restore has begun, nothing the session writes follows it onto
/// the shell's screen.
///
/// A signal that ends the program is handled on a thread that does not block it: under an async
/// `main`, the main thread parked in `dispatch_main`, while the main actor draws on a dispatch
/// thread. The frame being written meanwhile went on after the restore, and its bytes landed on
/// the shell's screen (a clock's digit and block beside "Terminated"). So a write first says
/// which thread is writing and then looks whether a restore has begun (writing nothing if so);
/// the restore first says it has begun and then waits, 100 ms at most, for a write in progress
/// on another thread to end (a terminal's kernel write keeps one `write(2)` whole anyway; the
/// wait covers one the system returns short and ``writeAll(_:_:)`` continues). Both
/// sequentially consistent: one side always sees the other.
enum TerminalWrites {
    /// The thread writing now (``currentThreadID()``), 0 when none.
    private static let writer = Atomic<UInt64>(0)
    private static let restoring = Atomic<Bool>(false)

    /// Touches the state, so that a signal handler is never the first to (a lazy global's
    /// initialisation is not async-signal-safe). ``EmergencyRestore/arm(fileDescriptor:resetBytes:)``
    /// calls it.
    static func prepare() {
        _ = writer.load(ordering: .relaxed)
        _ = restoring.load(ordering: .relaxed)
    }

    /// Writes `bytes` to the terminal at `descriptor` with ``writeAll(_:_:)`` — nothing once a
    /// restore has begun; returns 0 or the write's `errno`.
    @discardableResult
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
        guard !bytes.isEmpty else { return 0 }
        writer.store(currentThreadID(), ordering: .sequentiallyConsistent)
        defer { writer.store(0, ordering: .sequentiallyConsistent) }
        guard !restoring.load(ordering: .sequentiallyConsistent) else { return 0 }
        return writeAll(descriptor, bytes)
    }

    /// Claims the terminal for the restore: no session write starts after this, and one in
    /// progress on another thread is waited for (100 ms at most: a terminal that stopped
    /// reading must not keep the restore). Async-signal-safe: atomics and `nanosleep`, and the
    /// thread's id only when a write has asked for it before.
    static func beginRestore() {
        restoring.store(true, ordering: .sequentiallyConsistent)
        for _ in 0..<100 {
            let thread = writer.load(ordering: .sequentiallyConsistent)
            // The handler may run on the writing thread itself: that write waits for it.
            if thread == 0 || thread == currentThreadID() { return }
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            _ = nanosleep(&pause, nil)
        }
    }
}
