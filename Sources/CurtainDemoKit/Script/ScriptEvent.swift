import Curtain
import CurtainLayout

/// One input a script player feeds to the app at a given moment.
enum ScriptEvent: Equatable, Sendable {
    /// A key press from `key NAME`.
    case key(Key)
    /// One character of `type` text, exactly as written: control characters included (the
    /// app shows them as control pictures; they are never interpreted as keys).
    case text(Character)
    /// The terminal changes size.
    case resize(columns: Int, rows: Int)
    /// A mouse event at a cell.
    case mouse(MouseEvent)
    /// `wait settled`: the player holds the rest of the script until no animation runs.
    case waitSettled
    /// The script is over: from `end`, or after its last line.
    case end
}

extension ScriptEvent {
    /// The input this is for the app: a key press (typed text as one key a character, control
    /// characters included — the app shows those as control pictures), or a resize; nil for
    /// the end.
    var event: Event? {
        switch self {
        case .key(let key): .key(key)
        case .text(let character): .key(.character(character))
        case .resize(let columns, let rows): .resize(Size(width: columns, height: rows))
        case .mouse(let mouse): .mouse(mouse)
        case .waitSettled, .end: nil
        }
    }
}
