import CurtainPlatform

/// Why ``App/runInForeground(_:)`` could not run a program.
public struct ForegroundProcessError: Error, CustomStringConvertible, Sendable {
    /// One line that names the program and the reason: `less: command not found`.
    public let message: String

    public var description: String { message }

    /// The executable `name` names: itself when it has a slash, else the first match in `PATH`.
    static func executablePath(for name: String) throws -> String {
        let shown = TerminalRequirements.printable(name)
        if name.contains("/") {
            guard access(name, X_OK) == 0 else {
                throw ForegroundProcessError(message: "\(shown): \(String(cString: strerror(errno)))")
            }
            return name
        }
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":", omittingEmptySubsequences: false) {
            let candidate = (directory.isEmpty ? "." : String(directory)) + "/" + name
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 {
                return candidate
            }
        }
        throw ForegroundProcessError(message: "\(shown): command not found")
    }
}
