/// Words for `errno` values in messages: one wording for every module (scripts, recordings,
/// fonts, standard streams).
package enum ErrnoText {
    /// A short lower-case reason, like "no such file or directory", for use after a colon.
    package static func describe(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "no such file or directory"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory"
        case ENOTDIR: return "a component of the path is not a directory"
        case EEXIST: return "file exists"
        case ENOSPC: return "no space left on device"
        case EROFS: return "read-only file system"
        default:
            guard let text = strerror(code) else { return "error \(code)" }
            let message = String(cString: text)
            guard let first = message.first else { return "error \(code)" }
            return first.lowercased() + message.dropFirst()
        }
    }
}
