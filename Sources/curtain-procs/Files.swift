import CurtainPlatform

/// The two files curtain-procs touches — the Procfile it reads and the log it hands the pager —
/// and the environment, with the POSIX calls glibc and Darwin share (`open`, `read`, `write`,
/// `getenv`), so the program needs no Foundation: a static release build stays small (docs/PERFORMANCE.md, "curtain-procs'
/// memory").
enum Files {
    /// Why a file could not be read, in words for the user.
    enum ReadFailure: Error, Equatable {
        case missing, directory, permissionDenied
        case failed(String)
    }

    /// The bytes of the file at `path`.
    static func contents(of path: String) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            switch errno {
            case ENOENT, ENOTDIR: return .failure(.missing)
            case EACCES: return .failure(.permissionDenied)
            case let error: return .failure(.failed(String(cString: strerror(error))))
            }
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var block = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = block.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                bytes += block[..<count]
            } else if count == 0 {
                return .success(bytes)
            } else if errno != EINTR {
                // A directory opens, and its first read says what it is (both systems).
                return .failure(errno == EISDIR ? .directory : .failed(String(cString: strerror(errno))))
            }
        }
    }

    /// Writes `bytes` to a new file at `path`, readable by its owner alone; false when it
    /// cannot (the path taken, the folder not writable, the disk full).
    static func create(_ path: String, with bytes: [UInt8]) -> Bool {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                written += count
            } else if count < 0, errno == EINTR {
                continue
            } else {
                unlink(path)
                return false
            }
        }
        return true
    }

    /// The environment variable `name` (libc's `getenv`), nil when unset.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The folder for a temporary file: `$TMPDIR`, else `/tmp`.
    static var temporaryFolder: String {
        let folder = Files.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return folder.hasSuffix("/") ? String(folder.dropLast()) : folder
    }
}
