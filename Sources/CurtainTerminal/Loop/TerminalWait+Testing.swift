import CurtainPlatform
import Synchronization

extension TerminalWait {
    /// What a test can make fail when a wait is made.
    package enum _Part: Sendable { case pipe, thread }

    /// Failures the next waits made meet, as if the system refused (`EMFILE` for the pipe,
    /// `EAGAIN` for the thread): for the test that a session then refuses to start with a
    /// message, where it used to spin or hang. Not API.
    package static func _failNext(_ part: _Part) {
        injected.withLock { _ = $0.insert(part) }
    }

    private static let injected = Mutex<Set<_Part>>([])

    /// The error number of an injected failure of `part`, taken (each injection fails once).
    static func injectedFailure(_ part: _Part) -> Int32? {
        injected.withLock { $0.remove(part) }.map { $0 == .pipe ? EMFILE : EAGAIN }
    }
}
