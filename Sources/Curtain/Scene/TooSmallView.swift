import CurtainLayout
import CurtainScreen

/// What a ``Scene`` shows while the screen is smaller than its ``Scene/minimumSize``: the words
/// "Terminal too small", the size it is and the size it needs, and an optional hint.
///
/// ```
/// Terminal too small
/// 30×10, needs 36×15
///      q quits
/// ```
@MainActor
public final class TooSmallView: View {
    /// A third line, such as how to quit.
    public var hint: String? { didSet { setNeedsDisplay() } }
    /// The style of "Terminal too small"; nil uses the theme's ``Theme/warning``, in bold.
    public var titleStyle: Style?
    /// The style of the other lines; nil uses the theme's ``Theme/text``.
    public var textStyle: Style?

    /// The size needed; set by the scene.
    var required: Size = .zero

    /// The lines, each centred, the block centred vertically (`30x10` where the terminal does
    /// not show Unicode).
    public override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let size = frame.size
        let lines = (["Terminal too small", "\(size.width)×\(size.height), needs \(required.width)×\(required.height)"]
            + (hint.map { [$0] } ?? [])).map(theme.displayable)
        let top = frame.minY + max(0, (size.height - lines.count) / 2)
        // Bold only where it cannot turn the text bright: xterm draws bold in colours 0–7 in
        // their bright forms, and bold black on yellow is then grey on yellow (below 4.5:1).
        let basic = theme.warning.foreground.index.map { $0 < 8 } ?? false
        let title = titleStyle ?? (basic ? theme.warning : theme.warning.adding(.bold))
        for (i, line) in lines.enumerated() {
            let x = frame.minX + max(0, (size.width - TextWidth.of(line)) / 2)
            buffer.draw(line, at: Point(x: x, y: top + i), style: i == 0 ? title : (textStyle ?? theme.text), clip: clip)
        }
    }
}
