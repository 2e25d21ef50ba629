import Glibc

extension Script {
    /// Largest script file read: scripts are a few kilobytes, and a cap keeps a mistaken path
    /// (a device, a huge log) from being read forever.
    static let maxFileSize = 4 << 20

    /// Reads and parses the script at `path`. Errors name the path: a missing file, a
    /// directory, no permission, a file over 4 MiB, or the first parse error
    /// (`path:line:column: …`).
    static func load(path: String) throws(ScriptError) -> Script {
        let bytes = try readFile(path)
        return try parse(bytes, fileName: path)
    }

    private static func readFile(_ path: String) throws(ScriptError) -> [UInt8] {
        func failure(_ reason: String) -> ScriptError {
            ScriptError(file: path, line: nil, column: nil, message: "cannot read script \(MessageText.quoted(path)): \(reason)")
        }
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure(SystemError.describe(errno)) }
        defer { _ = Glibc.close(fd) }

        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw failure(SystemError.describe(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<count])
            if bytes.count > maxFileSize {
                throw failure("file is larger than \(maxFileSize >> 20) MiB; is this really a script?")
            }
        }
    }
}
