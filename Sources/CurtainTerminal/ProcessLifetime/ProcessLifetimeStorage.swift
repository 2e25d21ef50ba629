import CurtainPlatform
import Synchronization

/// Every piece of memory the session's signal handlers read or write, allocated in one go
/// the first time any of it is needed — which is before any handler is armed, because each
/// arming (``EmergencyRestore/arm(fileDescriptor:resetBytes:)``, ``SignalWakeup/install()``,
/// ``StderrCapture/start(headLimit:tailLimit:)``) calls ``prepare()`` first (which prepares the
/// system layer's table of child groups too) — and never freed, since a handler may run at any moment of the
/// process's life.
///
/// A handler must never be the first to touch a lazily initialised global: the initialiser
/// allocates, and `malloc` is not async-signal-safe (the interrupted code may hold its lock).
/// When each part kept its own global, the emergency restore was armed before the stderr
/// capture's state existed, and a fatal signal in between initialised it inside the handler.
/// Here there is one initialiser for all of it.
struct ProcessLifetimeStorage: @unchecked Sendable {
    let restore: UnsafeMutablePointer<EmergencyRestore.State>
    let capture: UnsafeMutablePointer<StderrCapture.State>
    let wakeup: UnsafeMutablePointer<SignalWakeup.State>
    /// The stderr replay's copy buffer.
    let copyBuffer: UnsafeMutableRawBufferPointer
    /// Who may read the captured stderr pipe right now (see ``StderrCapture/PipeOwner``).
    let capturePipeOwner: UnsafeMutablePointer<Atomic<Int>>

    static let copyBufferSize = 64 * 1024

    static let shared = ProcessLifetimeStorage()

    private init() {
        restore = .allocate(capacity: 1)
        restore.initialize(to: EmergencyRestore.State())
        capture = .allocate(capacity: 1)
        capture.initialize(to: StderrCapture.State())
        wakeup = .allocate(capacity: 1)
        wakeup.initialize(to: SignalWakeup.State())
        copyBuffer = .allocate(byteCount: Self.copyBufferSize, alignment: 16)
        capturePipeOwner = .allocate(capacity: 1)
        capturePipeOwner.initialize(to: Atomic(StderrCapture.PipeOwner.nobody))
    }

    /// Allocates everything, if not done yet — the child process groups' table too, which
    /// the system layer keeps (``ChildProcessGroups``) and the emergency restore reads. Call
    /// before installing any handler.
    static func prepare() {
        _ = shared
        ChildProcessGroups.prepare()
    }
}
