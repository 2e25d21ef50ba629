import CurtainPlatform

/// Turns ncurses' writes for one frame into one `write(2)`.
///
/// ncurses 6.4 writes a frame in pieces: it flushes its output buffer after every cursor move
/// (`strace -e write`: one write per row changed, a three-row change in five), so a terminal
/// may show half a frame, and a status request or the synchronized-output brackets are writes
/// of their own. While ``capture(_:)`` runs its body (the frame's `doupdate`), the terminal's
/// descriptor number points at a file of the session's own (``AnonymousFile``: in memory on
/// Linux, no file in a directory); afterwards it points at
/// the terminal again and the file's bytes are returned, for the screen writer to send with
/// whatever goes with them in one write. A file, not a pipe: a frame of any size fits, and
/// nothing can block `doupdate` half way. The bytes are also what the frame cost, exactly
/// (see ``OutputPacing``).
///
/// Only `doupdate` writes while the descriptor is swapped; ncurses does not ask the terminal
/// anything during it (its typeahead check reads the input descriptor, never this one).
final class FrameCapture {
    /// The terminal's descriptor number, as ncurses writes to it.
    let descriptor: Int32
    private let file: Int32
    private var buffer: [UInt8] = []

    /// Nil when no file can be made, when input and output share the descriptor, or when the
    /// process may not write files of ``minimumFileSizeLimit`` (`ulimit -f`: a frame written
    /// past the limit would be lost, or end the program with SIGXFSZ) — then frames go out as
    /// ncurses writes them.
    init?(descriptor: Int32, inputDescriptor: Int32) {
        guard descriptor >= 0, descriptor != inputDescriptor, Self.fileSizeLimit() >= Self.minimumFileSizeLimit,
              let file = AnonymousFile.make(named: "curtain-frame")
        else { return nil }
        self.descriptor = descriptor
        self.file = file
    }

    deinit { close(file) }

    /// The file size limit a capture needs: far beyond any frame (a whole 300 × 100 screen in
    /// 24-bit colour is under a megabyte); the file is emptied after each frame.
    static let minimumFileSizeLimit: UInt64 = 64 << 20

    /// `RLIMIT_FSIZE`'s soft limit, in bytes (`UInt64.max`: none): the system layer's.
    static func fileSizeLimit() -> UInt64 { ResourceLimits.fileSizeLimit }

    /// The bytes `body` wrote to ``descriptor``; nil when the descriptor could not be swapped
    /// (then `body` ran writing to the terminal as usual).
    func capture(_ body: () -> Void) -> [UInt8]? {
        let saved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        guard saved >= 0 else { body(); return nil }
        defer { close(saved) }
        guard dup2(file, descriptor) >= 0 else { body(); return nil }
        body()
        _ = dup2(saved, descriptor)
        let length = Int(lseek(file, 0, SEEK_CUR))
        defer {
            _ = ftruncate(file, 0)
            _ = lseek(file, 0, SEEK_SET)
        }
        guard length > 0 else { return [] }
        if buffer.count < length { buffer = [UInt8](repeating: 0, count: length) }
        var done = 0
        while done < length {
            let read = buffer.withUnsafeMutableBytes {
                pread(file, $0.baseAddress! + done, length - done, off_t(done))
            }
            if read < 0, errno == EINTR { continue }
            guard read > 0 else { break }
            done += read
        }
        return Array(buffer[0..<done])
    }
}
