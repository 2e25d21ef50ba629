/// One input a script player feeds to the app at a given moment.
public enum ScriptEvent: Equatable, Sendable {
    /// A key press from `key NAME`.
    case key(ScriptKey)
    /// One character of `type` text, exactly as written: control characters included (the
    /// app shows them as control pictures; they are never interpreted as keys).
    case text(Character)
    /// The terminal changes size.
    case resize(columns: Int, rows: Int)
    /// The script is over: from `end`, or after its last line.
    case end
}
