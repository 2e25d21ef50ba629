/// A child process that could not be started: what failed, said so that a person can act on
/// it (`no-such-tool: No such file or directory`).
public struct ChildProcessError: Error, Sendable, CustomStringConvertible {
    /// What failed and why.
    public let message: String

    public var description: String { message }

    init(_ message: String) { self.message = message }
}
