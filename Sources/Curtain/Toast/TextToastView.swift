import CurtainLayout
import CurtainScreen

/// The editable toast: a bordered box holding ``EditableText``, as tall as its wrapped lines plus
/// its border. While focused it shows a caret cell where the next character goes. When the
/// presentation caps its height the text scrolls so the last line stays visible, and the top
/// border says how many rows are out of sight above (`↑ 3 rows above`).
@MainActor
public final class TextToastView: View {
    public private(set) var text = EditableText()

    public var borderStyle: Style
    public var textStyle: Style
    /// The caret cell's style. The default is dark on light, which a terminal without colours
    /// shows in reverse video, so the caret stays visible there.
    public var caretStyle: Style
    /// Shown in the top border line, instead of the title, while the text is empty.
    public var hint: String?
    /// Shown in the top border line (while no rows are scrolled out of sight).
    public var title: String?

    /// Called after every edit, so the presenter can call ``PresentationController/updatePresentationLayout(animated:)``.
    public var onChange: (@MainActor () -> Void)?

    public init(title: String? = nil, hint: String? = nil,
                borderStyle: Style = Style(foreground: .indexed(231), background: .indexed(24)),
                textStyle: Style = Style(foreground: .indexed(231), background: .indexed(24)),
                caretStyle: Style = Style(foreground: .indexed(24), background: .indexed(231))) {
        self.title = title
        self.hint = hint
        self.borderStyle = borderStyle
        self.textStyle = textStyle
        self.caretStyle = caretStyle
    }

    public override var canBecomeFocused: Bool { true }

    public func insert(_ character: Character) { text.insert(character); changed() }
    public func insert(contentsOf string: some StringProtocol) { text.insert(contentsOf: string); changed() }
    public func insertNewline() { text.insertNewline(); changed() }
    public func deleteBackward() { text.deleteBackward(); changed() }

    /// Typed characters go into the text, Enter starts a new line, Backspace (and Delete)
    /// deletes; every other key goes on along the responder chain (Esc reaches the
    /// presentation controller, which dismisses).
    public override func handleKey(_ key: Key) -> Bool {
        if let character = key.text {
            insert(character)
            return true
        }
        switch key {
        case .enter: insertNewline()
        case .backspace, .delete: deleteBackward()
        default: return false
        }
        return true
    }

    /// Pasted text goes into the text; its newlines start new lines.
    public override func handlePaste(_ text: String) -> Bool {
        insert(contentsOf: text)
        return true
    }

    private func changed() {
        onChange?()
        setNeedsLayout()
    }

    public override func fittingSize(width: Int) -> Size {
        guard width >= 3 else { return Size(width: width, height: 0) }
        return Size(width: width, height: text.rowCount(width: width - 2) + 2)
    }

    public override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let box = frame
        guard box.width >= 3, box.height >= 1 else { return }
        buffer.fill(box.intersection(clip), with: .blank(textStyle))
        let inner = box.insetBy(dx: 1, dy: 1)
        let width = max(0, layoutFrame.width - 2)
        // The hint sits in the top border line while the text is empty, so the box's inside
        // shows only what was typed. Rows out of sight are counted at the target size, so the
        // count does not flicker while the box grows toward it.
        let hidden = width > 0 ? text.rowCount(width: width) - max(0, layoutFrame.height - 2) : 0
        let heading = text.isEmpty ? (hint ?? title) : hidden > 0 ? "↑ \(hidden) row\(hidden == 1 ? "" : "s") above" : title
        buffer.drawBox(box, style: borderStyle, title: heading, clip: clip)
        // Laid out at the target width; the rows that fit the (possibly animating) box are the
        // last ones, so the line being typed stays visible.
        guard !inner.isEmpty, width > 0 else { return }
        let rows = text.lastRows(inner.height, width: width)
        let top = inner.maxY - rows.count
        let interior = clip.intersection(inner)
        for (offset, row) in rows.enumerated() {
            buffer.draw(row, at: Point(x: inner.minX, y: top + offset), style: textStyle, clip: interior)
        }
        if isFocused, !rows.isEmpty {
            // After the last character and any spaces typed after it (the wrapper drops them).
            let caret = Point(x: inner.minX + text.caretColumn(width: width), y: inner.maxY - 1)
            buffer.draw(" ", at: caret, style: caretStyle, clip: interior)
        }
    }
}
