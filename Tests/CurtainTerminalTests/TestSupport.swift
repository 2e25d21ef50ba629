import CurtainLayout
import CurtainScreen

extension CellBuffer {
    /// Writes `text` from (x, y), wide characters followed by their continuation cell.
    mutating func put(_ text: String, x: Int, y: Int, style: Style = .plain) {
        var column = x
        for character in text {
            let display = DisplayCluster(character)
            set(Cell(grapheme: Grapheme(display.text), style: style), x: column, y: y)
            if display.width == 2 { set(Cell(grapheme: .continuation, style: style), x: column + 1, y: y) }
            column += max(display.width, 1)
        }
    }
}
