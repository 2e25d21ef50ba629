import CurtainLayout
import CurtainScreen

/// The editable toast: a bordered box around a ``TextEditor``, as tall as its wrapped lines
/// plus its border. The editor takes the focus and shows its caret; the box shows a hint in
/// its top border while the text is empty, and when the presentation caps its height (the
/// editor scrolls to keep the caret in sight) how many rows are out of sight above
/// (`↑ 3 rows above`).
///
/// The count is exact once the text above is measured at the box's width, which takes a few
/// frames after the width changes under megabytes of text (see
/// ``TextEditor/measuresRowsAbove``); until then the border says `↑ many rows above`.
@MainActor
public final class TextToastView: View {
    /// The editor inside the box: it holds the text and the focus.
    public let editor: TextEditor

    /// The text and its caret.
    public var text: EditableText { editor.text }

    /// The box's border line and the text in it (title, hint, rows above); nil uses the
    /// theme's ``Theme/toastBorder``.
    public var borderStyle: Style? { didSet { if borderStyle != oldValue { setNeedsDisplay() } } }
    /// The typed text and the inside of the box; the theme's ``Theme/toast`` when the editor
    /// has none of its own.
    public var textStyle: Style {
        get { editor.textStyle ?? theme.toast }
        set { editor.textStyle = newValue }
    }
    /// The caret cell's style. The default is dark on light, which a terminal without colours
    /// shows in reverse video, so the caret stays visible there.
    public var caretStyle: Style {
        get { editor.caretStyle ?? theme.caret }
        set { editor.caretStyle = newValue }
    }
    /// Shown in the top border line, instead of the title, while the text is empty.
    public var hint: String? { didSet { if hint != oldValue { setNeedsDisplay() } } }
    /// Shown in the top border line (while no rows are scrolled out of sight).
    public var title: String? { didSet { if title != oldValue { setNeedsDisplay() } } }

    /// Called after every edit, so the presenter can call ``PresentationController/updatePresentationLayout(animated:)``.
    public var onChange: (@MainActor () -> Void)? {
        get { editor.onChange }
        set { editor.onChange = newValue }
    }

    /// An empty editable toast; present it with a ``ToastPresentationController``.
    ///
    /// - Parameters:
    ///   - title: shown in the top border line; none by default.
    ///   - hint: shown in the top border line while the text is empty (`Esc close`); none by
    ///     default.
    ///   - borderStyle: the border line; the theme's ``Theme/toastBorder`` by default.
    ///   - textStyle: the text and the inside of the box; the theme's ``Theme/toast`` by default.
    ///   - caretStyle: the caret cell; the theme's ``Theme/caret`` by default.
    public init(title: String? = nil, hint: String? = nil, borderStyle: Style? = nil, textStyle: Style? = nil,
                caretStyle: Style? = nil) {
        self.title = title
        self.hint = hint
        self.borderStyle = borderStyle
        editor = TextEditor(textStyle: textStyle, caretStyle: caretStyle)
        editor.textRole = \.toast
        editor.measuresRowsAbove = true
        super.init()
        addSubview(editor)
    }

    /// Types `character` at the caret, as a key press would.
    public func insert(_ character: Character) { editor.insert(character) }
    /// Inserts `string` at the caret, as a paste would.
    public func insert(contentsOf string: some StringProtocol) { editor.insert(contentsOf: string) }
    /// Breaks the line at the caret.
    public func insertNewline() { editor.insertNewline() }
    /// Deletes the character before the caret, as Backspace does.
    public func deleteBackward() { editor.deleteBackward() }

    /// The editor fills the box inside its border.
    /// Columns between the border and the text on each side, so text never touches the line.
    public static let padding = 1

    public override func layoutSubviews() {
        // Laid out at the target frame, drawn in the (possibly animating) one: see View.layoutFrame.
        let inset = 1 + Self.padding
        editor.frame = frame.insetBy(dx: inset, dy: 1)
        editor.layoutFrame = layoutFrame.insetBy(dx: inset, dy: 1)
    }

    /// The editor's wrapped rows at `width` less the border and padding, plus the border's two
    /// rows; no height below 5 columns.
    public override func fittingSize(width: Int) -> Size {
        let inset = 2 * (1 + Self.padding)
        guard width > inset else { return Size(width: max(0, width), height: 0) }
        return Size(width: width, height: editor.fittingSize(width: width - inset).height + 2)
    }

    /// A press on the border focuses the editor and goes on (so the presentation can be
    /// dragged away by its border).
    public override func handleMouse(_ event: MouseEvent) -> Bool {
        guard event.kind == .press, let scene, scene.isOnScreen(editor) else { return false }
        scene.focus(editor)
        return false
    }

    /// The box and its top border line: the hint while the text is empty, else the count of
    /// rows out of sight above, else the title (with ASCII stand-ins where the terminal does not
    /// show Unicode: `^ 3 rows above`).
    public override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let box = frame
        guard box.width >= 3, box.height >= 1 else { return }
        buffer.fill(box.intersection(clip), with: .blank(textStyle))
        // The hint sits in the top border line while the text is empty, so the box's inside
        // shows only what was typed. Rows out of sight are counted at the target size (the
        // editor is laid out there), so the count does not flicker while the box grows.
        let heading: String?
        if editor.text.isEmpty {
            heading = hint ?? title
        } else if let hidden = editor.rowsAbove {
            heading = hidden > 0 ? "↑ \(hidden) row\(hidden == 1 ? "" : "s") above" : title
        } else {
            heading = "↑ many rows above"
        }
        buffer.drawBox(box, style: borderStyle ?? theme.toastBorder, title: heading.map(theme.displayable), clip: clip)
    }
}
