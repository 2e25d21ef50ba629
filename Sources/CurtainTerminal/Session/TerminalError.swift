/// Why the terminal cannot be used, in one line that names the fix, ready for stderr.
///
/// ```
/// curtain-demo needs an interactive terminal: stdout is not a terminal (run it directly in a
/// terminal, or use --headless)
/// ```
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The whole message, one line, no trailing newline.
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
