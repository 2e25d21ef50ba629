import CurtainPlatform

/// Keeps what the program writes to standard error while it owns the terminal — a `print` to
/// stderr, a log line, a Swift runtime error, a `fatalError` message — and writes it to the real
/// stderr once the terminal is restored, instead of letting it be drawn over the frame and
/// wiped with the alternate screen.
///
/// While the session runs, descriptor 2 is an unlinked temporary file. The real stderr is
/// kept on another descriptor. What the file holds is copied back on every way out: ``finish()``
/// at a normal stop, and from ``EmergencyRestore`` on every signal that ends the process (a
/// crash's SIGILL or SIGABRT included: the runtime's message is written before it traps) and at
/// `exit`. The copy only uses `dup2`, `lseek`, `read` and `write` on memory allocated before
/// anything is captured, so it is async-signal-safe. While the terminal is handed to a child
/// (``App/runInForeground(_:)``), the child gets the real stderr.
enum StderrCapture {
    struct State {
        /// The file standing in for stderr, or -1 when nothing is captured.
        var file: Int32 = -1
        /// The real stderr, or -1.
        var saved: Int32 = -1
        var buffer: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
                     UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    }

    nonisolated(unsafe) static let state: UnsafeMutablePointer<State> = {
        let pointer = UnsafeMutablePointer<State>.allocate(capacity: 1)
        pointer.initialize(to: State())
        return pointer
    }()

    /// Puts a temporary file on descriptor 2 and keeps the real stderr. Does nothing when
    /// already capturing, or when no file can be made (stderr is then left as it is).
    static func start() {
        let s = state
        guard s.pointee.file < 0 else { return }
        var template = Array("/tmp/curtain-stderr-XXXXXX".utf8CString)
        let file = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard file >= 0 else { return }
        _ = fcntl(file, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        let saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0, dup2(file, STDERR_FILENO) >= 0 else {
            close(file)
            if saved >= 0 { close(saved) }
            return
        }
        s.pointee.saved = saved
        s.pointee.file = file
    }

    /// The real stderr on descriptor 2 for a while (a child runs in the foreground).
    static func pause() {
        let s = state
        if s.pointee.file >= 0 { _ = dup2(s.pointee.saved, STDERR_FILENO) }
    }

    /// The capture file on descriptor 2 again.
    static func resume() {
        let s = state
        if s.pointee.file >= 0 { _ = dup2(s.pointee.file, STDERR_FILENO) }
    }

    /// Puts the real stderr back on descriptor 2 and writes to it what was captured, once.
    /// Async-signal-safe.
    static func finish() {
        let s = state
        let file = s.pointee.file
        let saved = s.pointee.saved
        guard file >= 0, saved >= 0 else { return }
        s.pointee.file = -1
        s.pointee.saved = -1
        _ = dup2(saved, STDERR_FILENO)
        _ = close(saved)
        _ = lseek(file, 0, SEEK_SET)
        withUnsafeMutableBytes(of: &s.pointee.buffer) { buffer in
            while true {
                let count = read(file, buffer.baseAddress, buffer.count)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { break }
                _ = writeAll(STDERR_FILENO, UnsafeRawPointer(buffer.baseAddress), count)
            }
        }
        _ = close(file)
    }
}
