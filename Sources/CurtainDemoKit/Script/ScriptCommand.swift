import Curtain
import CurtainLayout

/// One line of a script, parsed.
enum ScriptCommand: Equatable, Sendable {
    /// `key NAME`: press one key.
    case key(Key)
    /// `type TEXT`: type the text one character at a time. Never empty; may hold any
    /// character, control characters included (they are typed as text, not interpreted).
    case type(String)
    /// `wait DURATION`: let time pass, in whole milliseconds (0 or more).
    case wait(milliseconds: Int)
    /// `resize COLSxROWS`: the terminal changes size.
    case resize(columns: Int, rows: Int)
    /// `wait settled`: let time pass until no animation runs.
    case waitSettled
    /// `mouse down|drag|up COL ROW`: a press, a move with the button held, or a release of the
    /// left button at a cell (0-based).
    case mouse(MouseEvent.Kind, column: Int, row: Int)
    /// `drag COL ROW to COL ROW over DURATION`: a press, moves evenly spaced along a straight
    /// line (one a frame), and a release.
    case drag(from: Point, to: Point, milliseconds: Int)
    /// `end`: the script stops here; nothing after this line is read.
    case end
}
