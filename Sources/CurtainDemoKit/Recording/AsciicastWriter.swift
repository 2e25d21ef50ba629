import CurtainLayout
import CurtainTerminal
import CurtainPlatform

/// Writes an asciicast v2 recording to a file, one event at a time.
///
/// Each event is one complete line handed to `write(2)` at once, with no buffering in the
/// process: if the program is interrupted (Ctrl-C) or crashes, the file holds every event
/// written so far and plays. When a write fails part-way (disk full), the file is truncated
/// back to the end of the last complete line, so it still plays. The file is synced to disk
/// when closed; syncing after every event would cost a disk flush per frame, and only a power
/// loss could lose what the kernel already holds.
///
/// The closing output (for a terminal recording: reset the colours, show the cursor) is the
/// last event, written by ``close()``, and also after a failed write if it still fits, so
/// that a player leaves its terminal as it found it. With `closesOnSignal` it is also written
/// when a signal that ends the process (SIGTERM, SIGHUP, SIGINT, SIGQUIT, …) or a crash ends it
/// before ``close()``.
///
/// Times never go backwards: an event earlier than the previous one is written at the
/// previous one's time. Output bytes are expected to be UTF-8; a character split across two
/// `output` calls is joined, and anything not valid UTF-8 is written as U+FFFD, so the file
/// is always valid JSON lines.
///
/// The writer never replaces an existing file unless `force` is given. When the file cannot even
/// take the header (no space left, …), a file the writer created is removed again, so the next
/// run does not find an empty recording in its way.
final class AsciicastWriter {
    /// Where the recording goes.
    let path: String
    /// Set when a write failed (disk full, …). From then on events are dropped, and the file
    /// holds every complete line up to the failure. Check it after recording to tell the user.
    private(set) var failure: RecordingError?
    /// The output written as the last event when the recording ends.
    let closingOutput: [UInt8]
    /// Whether a signal that ends the process appends the closing output.
    let closesOnSignal: Bool

    /// The open file, or -1 once closed. Readable in the module so tests can make writes fail.
    private(set) var fd: Int32
    /// The length of the file's complete lines: where the file is cut back to after a write
    /// fails part-way.
    private var completeLength: off_t = 0
    /// `write(2)`, as the shared write loop (`writeAll`) calls it; tests replace it to fail the
    /// way a filling disk does.
    var writeSystemCall: (Int32, UnsafeRawPointer, Int) -> Int = { CurtainPlatform.write($0, $1, $2) }
    private var lastMicroseconds = 0
    /// Bytes of a UTF-8 character whose end has not arrived yet.
    private var pending: [UInt8] = []

    /// Creates the file and writes the header.
    ///
    /// - Parameters:
    ///   - width, height: the terminal size at the start, in cells.
    ///   - term: the `TERM` recorded in the header, usually `xterm-256color`.
    ///   - shell: the `SHELL` recorded in the header, or nil to leave it out.
    ///   - timestamp: the start time in Unix seconds, or nil to leave it out (headless runs
    ///     leave it out so that their recordings are byte-identical).
    ///   - force: replace the file if it exists. Without it an existing path is refused.
    ///   - closingOutput: output for the last event, written when the recording ends (see
    ///     ``close()``); nothing when empty.
    ///   - closesOnSignal: also write the closing output when a terminating signal or a crash
    ///     ends the process first. Signal handlers are process-wide: one such writer at a time.
    init(
        path: String, width: Int, height: Int, term: String = "xterm-256color", shell: String? = nil,
        timestamp: Int? = nil, force: Bool = false, closingOutput: [UInt8] = [], closesOnSignal: Bool = false
    ) throws(RecordingError) {
        self.path = path
        self.closingOutput = closingOutput
        self.closesOnSignal = closesOnSignal && !closingOutput.isEmpty
        guard !path.isEmpty else {
            throw RecordingError(path: path, reason: "no file name given")
        }
        // Created here (O_EXCL), or — with force — an existing file opened and emptied: only a
        // file this writer created is removed when the recording cannot even start.
        var created = true
        var descriptor = CurtainPlatform.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if descriptor < 0, errno == EEXIST, force {
            created = false
            descriptor = CurtainPlatform.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
        }
        guard descriptor >= 0 else {
            throw RecordingError(path: path, reason: RecordingFile.reason(creationFailed: errno, path: path))
        }
        fd = descriptor
        let header = AsciicastFormat.header(
            width: width, height: height, term: term, shell: shell, timestamp: timestamp)
        if let reason = writeLine(header) {
            _ = CurtainPlatform.close(fd)
            fd = -1
            // An empty file left behind would make the next run refuse without --force.
            if created { _ = unlink(path) }
            throw RecordingError(path: path, reason: reason)
        }
        armClosingLine()
    }

    deinit {
        close()
    }

    /// Records output: the bytes the terminal received at `time` seconds since the start.
    func output(_ bytes: [UInt8], at time: Double) {
        guard fd >= 0, failure == nil else { return }
        var data = pending
        data.append(contentsOf: bytes)
        let tail = AsciicastFormat.incompleteUTF8TailLength(data)
        pending = Array(data.suffix(tail))
        data.removeLast(tail)
        guard !data.isEmpty else { return }
        let line = AsciicastFormat.outputLine(time: nextTime(time), data: String(decoding: data, as: UTF8.self))
        armClosingLine()
        emit(line)
    }

    /// Records that the terminal became `columns` × `rows` at `time`.
    func resize(columns: Int, rows: Int, at time: Double) {
        guard fd >= 0, failure == nil else { return }
        let line = AsciicastFormat.resizeLine(time: nextTime(time), columns: columns, rows: rows)
        armClosingLine()
        emit(line)
    }

    /// Writes what is pending and the closing output (at `time`, or at the last event's time
    /// when nil), syncs and closes the file. Safe to call more than once; events after closing
    /// are ignored.
    func close(at time: Double? = nil) {
        guard fd >= 0 else { return }
        if let time { _ = nextTime(time) }
        if !pending.isEmpty, failure == nil {
            // The rest of the character never came: it is written as U+FFFD.
            let line = AsciicastFormat.outputLine(
                time: Double(lastMicroseconds) / 1_000_000, data: String(decoding: pending, as: UTF8.self))
            pending = []
            emit(line)
        }
        if failure == nil { emit(closingLine()) }
        // Only now: a signal before the line above still closes the recording (at worst twice).
        if closesOnSignal { ClosingLineOnSignal.disarm() }
        _ = fsync(fd)
        _ = CurtainPlatform.close(fd)
        fd = -1
    }

    // MARK: - Internals

    /// `time` clamped so that it is never before the previous event.
    private func nextTime(_ time: Double) -> Double {
        lastMicroseconds = max(lastMicroseconds, AsciicastFormat.microseconds(time))
        return Double(lastMicroseconds) / 1_000_000
    }

    private func emit(_ line: String?) {
        guard let line else { return }
        if let reason = writeLine(line) {
            failure = RecordingError(path: path, reason: reason, whileWriting: true)
            // The failed line was cut away, which may have freed the room the closing line
            // needs; if it fails too, it is cut away as well. Either way the recording is over.
            if let closing = closingLine() { _ = writeLine(closing) }
            if closesOnSignal { ClosingLineOnSignal.disarm() }
        }
    }

    /// Prepares the closing line at the time of the event about to be written, for a signal
    /// that ends the process before ``close()``. Prepared before the event is written, so it
    /// is never earlier than the last event in the file.
    private func armClosingLine() {
        guard closesOnSignal, let line = closingLine() else { return }
        ClosingLineOnSignal.arm(fileDescriptor: fd, line: Array(line.utf8) + [0x0A])
    }

    /// The closing output as an event at the last event's time, or nil when there is none.
    private func closingLine() -> String? {
        guard !closingOutput.isEmpty else { return nil }
        return AsciicastFormat.outputLine(
            time: Double(lastMicroseconds) / 1_000_000, data: String(decoding: closingOutput, as: UTF8.self))
    }

    /// Writes `line` and a newline with as few `write` calls as the kernel allows (one, for a
    /// regular file). On failure, cuts off what part of the line was written, so the file ends
    /// with a complete line, and returns the reason.
    private func writeLine(_ line: String) -> String? {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        let code = bytes.withUnsafeBytes { writeAll(fd, $0.baseAddress, $0.count, using: writeSystemCall) }
        guard code == 0 else {
            // Cut off what part of the line was written (nothing, if the first write failed).
            // ftruncate leaves the file offset where it was: move it back too, so a later write
            // does not leave a hole of zero bytes.
            _ = ftruncate(fd, completeLength)
            _ = lseek(fd, completeLength, SEEK_SET)
            return ErrnoText.describe(code)
        }
        completeLength += off_t(bytes.count)
        return nil
    }
}
