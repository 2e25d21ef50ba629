import CurtainLayout
import CurtainPlatform

extension Script {
    /// Largest script file read: scripts are a few kilobytes, and a cap keeps a mistaken path
    /// (a device, a huge log) from being read forever.
    static let maxFileSize = 4 << 20

    /// Reads and parses the script at `path`, or standard input for `-`. Errors name the path:
    /// a missing file, a directory, anything else that is not a regular file (a FIFO with no
    /// writer would block for ever, a device never ends), no permission, a file over 4 MiB, or
    /// the first parse error (`path:line:column: …`).
    static func load(path: String) throws(ScriptError) -> Script {
        let bytes = try path == "-" ? readStandardInput() : readFile(path)
        return try parse(bytes, fileName: path)
    }

    private static func failure(_ path: String, _ reason: String) -> ScriptError {
        ScriptError(file: path, line: nil, column: nil, message: "cannot read script \(MessageText.quoted(path)): \(reason)")
    }

    private static func readFile(_ path: String) throws(ScriptError) -> [UInt8] {
        // Non-blocking, so opening a FIFO nobody writes to returns at once; then refused below.
        let fd = CurtainPlatform.open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw failure(path, ErrnoText.describe(errno)) }
        defer { _ = CurtainPlatform.close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure(path, ErrnoText.describe(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw failure(path, ErrnoText.describe(EISDIR))
        default: throw failure(path, "not a regular file (use a file, or - for standard input)")
        }
        return try readAll(fd, path: path)
    }

    private static func readStandardInput() throws(ScriptError) -> [UInt8] {
        try readAll(STDIN_FILENO, path: "-")
    }

    /// Reads `fd` to its end, at most ``maxFileSize`` bytes.
    private static func readAll(_ fd: Int32, path: String) throws(ScriptError) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { CurtainPlatform.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(path, ErrnoText.describe(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxFileSize {
                throw failure(path, "file is larger than \(maxFileSize >> 20) MiB; is this really a script?")
            }
        }
    }
}
