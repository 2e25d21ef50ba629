// What the preview pane shows for a file. Only regular files are read: opening a named pipe
// waits for a writer for ever, and reading a terminal (a link to /dev/tty, /proc/self/fd/0)
// takes the keys meant for the browser. Even a regular file is opened non-blocking and read at
// most 4 KiB, so a preview never holds up the loop for long.
import Foundation
import CurtainPlatform

enum FilePreview {
    static let limit = 4096

    /// The first lines of a regular file, "binary file", what the file is ("named pipe"), or
    /// where a link that leads nowhere points; why not when it cannot be looked at.
    static func text(of path: RawPath) -> Result<String, SystemError> {
        let info: stat
        switch path.status() {
        case .success(let found): info = found
        case .failure(let error):
            // A link whose target is missing is not an error of the browser's: it is what the
            // entry is. The preview says so and where it points (it was empty, the reason only
            // in a notification that went away).
            if let target = path.linkTarget() { return .success(brokenLink(to: target, error)) }
            return .failure(error)
        }
        if let kind = kind(info.st_mode) { return .success(described(kind, path: path)) }
        let descriptor = path.withCString { open($0, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) }
        guard descriptor >= 0 else { return .failure(SystemError(errno)) }
        defer { close(descriptor) }
        // Replaced between the look and the open: look again at what was opened.
        var opened = stat()
        guard fstat(descriptor, &opened) == 0 else { return .failure(SystemError(errno)) }
        if let kind = kind(opened.st_mode) { return .success(described(kind, path: path)) }
        var bytes = [UInt8](repeating: 0, count: limit)
        var count = 0
        while count < limit {
            let got = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + count, limit - count) }
            if got < 0, errno == EINTR { continue }
            if got < 0 { return .failure(SystemError(errno)) }
            if got == 0 { break }
            count += got
        }
        let data = Data(bytes[..<count])
        // Text is UTF-8 with no NUL. When the read stopped at the limit, its last character may
        // be cut (up to 3 bytes of it); a file read whole has no such excuse, and an invalid
        // byte at its end makes it binary like one anywhere else.
        let cuttable = count == limit ? 3 : 0
        let text = (0...cuttable).lazy.compactMap { String(data: data.dropLast($0), encoding: .utf8) }.first
        return .success(text.flatMap { $0.contains("\0") ? nil : $0 } ?? "binary file")
    }

    /// The name of a kind of file that is not read, nil for a regular file.
    static func kind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFIFO: "named pipe"
        case S_IFCHR: "character device"
        case S_IFBLK: "block device"
        case S_IFSOCK: "socket"
        case S_IFDIR: "directory"
        default: "special file"
        }
    }

    /// "broken link → /nonexistent": the target as its bytes are, escaped as names are (it
    /// may hold any byte but NUL, an escape sequence among them); for any other reason than a
    /// missing target (a loop, a folder on the way that cannot be searched), the system's words.
    static func brokenLink(to target: [UInt8], _ error: SystemError) -> String {
        let shown = RawPath.shown(target)
        if error.number == ENOENT || error.number == ENOTDIR { return "broken link → \(shown)" }
        return "link → \(shown): \(error)"
    }

    private static func described(_ kind: String, path: RawPath) -> String {
        (path.isLink ? "link to a \(kind)" : kind) + " (not read)"
    }
}
