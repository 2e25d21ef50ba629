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
    /// not show Unicode). Where they do not fit, shorter forms are taken — "Too small", the size
    /// needed alone — and rows are given up from the least needed: the current size, then the
    /// hint, so that "Too small" and how to quit are the last to go. What still does not fit
    /// ends in `…`.
    public override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let size = frame.size
        let lines = Self.lines(size: size, required: required, hint: hint,
                               displayable: theme.displayable)
        let top = frame.minY + max(0, (size.height - lines.count) / 2)
        // Bold only where it cannot turn the text bright: xterm draws bold in colours 0–7 in
        // their bright forms, and bold black on yellow is then grey on yellow (below 4.5:1).
        let basic = theme.warning.foreground.index.map { $0 < 8 } ?? false
        let title = titleStyle ?? (basic ? theme.warning : theme.warning.adding(.bold))
        for (i, line) in lines.enumerated() {
            let text = TextWidth.truncated(line.text, toWidth: size.width)
            let x = frame.minX + max(0, (size.width - TextWidth.of(text)) / 2)
            buffer.draw(text, at: Point(x: x, y: top + i), style: line.isTitle ? title : (textStyle ?? theme.text), clip: clip)
        }
    }

    /// The rows shown at `size`, top to bottom: for each, the longest of its forms that fits
    /// the width (the shortest when none does), and as many rows as fit the height, the least
    /// needed given up first.
    static func lines(size: Size, required: Size, hint: String?,
                      displayable: (String) -> String) -> [(text: String, isTitle: Bool)] {
        let needed = "\(required.width)×\(required.height)"
        // Each row's forms, longest first, and how much it is needed (a higher rank stays longer).
        var rows: [(forms: [String], isTitle: Bool, rank: Int)] = [
            (["Terminal too small", "Too small"], true, 3),
            (["\(size.width)×\(size.height), needs \(needed)", "needs \(needed)", needed], false, 1),
        ]
        if let hint, !hint.isEmpty { rows.append(([hint], false, 2)) }
        while rows.count > max(1, size.height), let least = rows.indices.min(by: { rows[$0].rank < rows[$1].rank }) {
            rows.remove(at: least)
        }
        return rows.map { row in
            let forms = row.forms.map(displayable)
            return (forms.first { TextWidth.of($0) <= size.width } ?? forms[forms.count - 1], row.isTitle)
        }
    }
}
