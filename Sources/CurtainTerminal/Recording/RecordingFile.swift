import CurtainLayout
import CurtainPlatform
import CurtainRecording
import Synchronization

/// The file a picture recording (SVG, GIF, PNG) is written to, through the package's one write
/// loop (``writeAll(_:_:_:)``). Writes come from the recorder's queue, one at a time.
package final class RecordingFile: Sendable {
    package let path: String
    /// The open file, or -1 once closed.
    private let descriptor: Mutex<Int32>

    /// Creates `path`; an existing file is refused unless `replacing`.
    package init(path: String, replacing: Bool) throws(RecordingSetupError) {
        self.path = path
        guard !path.isEmpty else { throw RecordingSetupError("cannot record: no file name given") }
        let flags = O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL)
        let fd = CurtainPlatform.open(path, flags, 0o644)
        guard fd >= 0 else {
            throw RecordingSetupError("cannot record to '\(path)': \(Self.reason(creationFailed: errno, path: path))")
        }
        descriptor = Mutex(fd)
    }

    deinit { close() }

    /// Whether `a` and `b` name the same file: their folders resolved (links, `.` and `..`),
    /// their last parts compared. Two recordings of one file would interleave their bytes.
    package static func path(_ a: String, namesTheSameFileAs b: String) -> Bool {
        func resolved(_ path: String) -> String {
            let (folder, name) = split(path)
            guard let real = realpath(folder, nil) else { return path }
            defer { free(real) }
            return String(cString: real) + "/" + name
        }
        return resolved(a) == resolved(b)
    }

    /// Why `path` could not be created (or replaced) now, or nil: checked before a program takes
    /// the terminal, so that it can refuse a recording it could not write. An existing file is
    /// opened for writing and left as it was; a new one is created and removed again (a folder
    /// can look writable and take no new files: /proc).
    ///
    /// - Parameter action: what the message says was not possible, "record to" or
    ///   "save a screenshot to".
    package static func problem(creating path: String, action: String = "record to") -> String? {
        guard !path.isEmpty else { return "cannot \(action) a file: no file name given" }
        let cannot = "cannot \(action) \(MessageText.quoted(path))"
        var info = stat()
        if stat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFDIR { return "\(cannot): is a directory" }
            let fd = CurtainPlatform.open(path, O_WRONLY | O_CLOEXEC | O_NONBLOCK, 0)
            guard fd >= 0 else { return "\(cannot): \(ErrnoText.describe(errno))" }
            _ = CurtainPlatform.close(fd)
            return nil
        }
        if path.hasSuffix("/") { return "\(cannot): \(reason(creationFailed: EISDIR, path: path))" }
        let directory = split(path).folder
        guard stat(directory, &info) == 0 else {
            return "\(cannot): directory \(MessageText.quoted(directory)) does not exist"
        }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            return "\(cannot): \(MessageText.quoted(directory)) is not a directory"
        }
        let fd = CurtainPlatform.open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return "\(cannot): \(reason(creationFailed: errno, path: path))" }
        _ = CurtainPlatform.close(fd)
        _ = unlink(path)
        return nil
    }

    /// Why creating `path` failed with `code`, in words: the one wording of every recording's
    /// file (the asciicast's too). The system's "no such file or directory" is about the new
    /// file and would read as its folder, so it is told by the folder: missing, or there but
    /// taking no new files (/proc, /sys).
    package static func reason(creationFailed code: Int32, path: String) -> String {
        var info = stat()
        // `x.gif/` names a folder: the system says "is a directory" though none is there.
        if path.hasSuffix("/"), stat(path, &info) != 0 { return "a name ending in '/' is a folder's, not a file's" }
        switch code {
        case EEXIST:
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return "is a directory" }
            return "file exists (use --force to overwrite)"
        case ENOENT:
            guard path.contains("/") else { return "the current directory no longer exists" }
            let directory = split(path).folder
            if stat(directory, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
                return "directory \(MessageText.quoted(directory)) exists but takes no new files"
            }
            return "directory \(MessageText.quoted(directory)) does not exist"
        default:
            return ErrnoText.describe(code)
        }
    }

    /// The folder `path` names a file in (`.` when it has no `/`) and the file's name.
    private static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        return (slash == path.startIndex ? "/" : String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// Appends `bytes`; nil, or the reason it failed.
    package func write(_ bytes: [UInt8]) -> String? {
        let code = descriptor.withLock { fd in
            fd < 0 ? EBADF : bytes.withUnsafeBytes { writeAll(fd, $0.baseAddress, $0.count) }
        }
        return code == 0 ? nil : "recording to '\(path)' stopped: \(ErrnoText.describe(code))"
    }

    /// Syncs and closes the file. Safe to call more than once.
    package func close() {
        descriptor.withLock { fd in
            guard fd >= 0 else { return }
            _ = fsync(fd)
            _ = CurtainPlatform.close(fd)
            fd = -1
        }
    }
}
