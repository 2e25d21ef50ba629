/// A command together with the line it came from, so a player can say where it is.
public struct ScriptStep: Equatable, Sendable {
    public var command: ScriptCommand
    /// 1-based line number in the script file.
    public var line: Int

    public init(_ command: ScriptCommand, line: Int) {
        self.command = command
        self.line = line
    }
}
