/// A command together with the line it came from, so a player can say where it is.
struct ScriptStep: Equatable, Sendable {
    var command: ScriptCommand
    /// 1-based line number in the script file.
    var line: Int

    init(_ command: ScriptCommand, line: Int) {
        self.command = command
        self.line = line
    }
}
