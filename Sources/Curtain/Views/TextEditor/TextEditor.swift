import CurtainLayout
import CurtainScreen

/// Multi-line text the user edits: the terminal form of `UITextView` (Textual's `TextArea`).
///
/// ```swift
/// let editor = TextEditor("Dear diary,\n")
/// let toast = ToastPresentationController(presentedView: editor)
/// editor.onChange = { [unowned toast] in toast.updatePresentationLayout(animated: true) }   // grows with its text
/// editor.onSubmit = { log.append(editor.text.string) }     // Enter sends; Alt-Enter, Ctrl-J: new line
/// ```
///
/// The text wraps to the editor's width (the layout core's `TextWrapper`), and
/// ``fittingSize(width:)`` is its height at a width, so a presentation sized by its content
/// grows and shrinks with it. When the frame is shorter than the text, the editor scrolls to
/// keep the caret in sight. Wide characters take two cells and the caret never lands inside
/// one; control characters show as control pictures. The caret cell is drawn only while the
/// editor has focus, in ``caretStyle`` (dark on light by default, which a terminal without
/// colours shows in reverse video).
///
/// Keys it uses (everything else goes on along the responder chain — Tab, Esc, Ctrl-C…):
///
/// | key | does |
/// |---|---|
/// | characters | insert at the caret |
/// | Enter | a new line; calls ``onSubmit`` instead when that is set |
/// | Alt-Enter, Ctrl-J | a new line |
/// | Backspace, Delete | delete before, after the caret (joining lines at their ends) |
/// | Left, Right | one character |
/// | Ctrl-Left/Right, Alt-Left/Right, Alt-b, Alt-f | one word |
/// | Up, Down, PageUp, PageDown | one wrapped row, one screen, keeping the column |
/// | Home, End | start, end of the line (the line between line breaks, not the wrapped row) |
/// | Ctrl-Home, Ctrl-End | start, end of the text |
/// | Ctrl-A, Ctrl-E, Ctrl-B, Ctrl-F | start, end of the line; one character left, right (a shell's keys) |
/// | Ctrl-W, Alt-Backspace | delete the word before the caret |
/// | Ctrl-U, Ctrl-K | delete to the start, to the end of the line (Ctrl-K at its end joins the next) |
///
/// A paste is one edit, its line breaks start lines. A mouse press puts the caret under the
/// pointer.
///
/// Large text: the editor wraps only the rows it shows and the rows between the caret and
/// them, so typing and drawing cost about as much in megabytes of text as in a few lines
/// (`docs/TEXT.md` has the figures, and the limits of a single very long line). Its fitting
/// height counts rows only up to the screen's height (no frame is taller), and the number of
/// rows scrolled out of sight above (``rowsAbove``) is known exactly once the text above is
/// measured at the current width — see ``measuresRowsAbove``.
@MainActor
open class TextEditor: View {
    /// The text and its caret. Setting it (a program changing the text) does not call
    /// ``onChange``.
    public var text: EditableText {
        get { model }
        set {
            model = newValue
            caretMoved()
        }
    }
    /// The text as edited in place (its layouts are caches that drawing fills).
    var model: EditableText

    /// The style of the text and the area behind it; the theme's ``Theme/text`` when nil.
    public var textStyle: Style? { didSet { if textStyle != oldValue { setNeedsDisplay() } } }
    /// The theme's role the text is drawn in when ``textStyle`` is nil: ``Theme/text``, or
    /// ``Theme/toast`` inside a toast.
    public var textRole: KeyPath<Theme, Style> = \.text { didSet { if textRole != oldValue { setNeedsDisplay() } } }
    /// The caret cell's style; the theme's ``Theme/caret`` when nil.
    public var caretStyle: Style? { didSet { if caretStyle != oldValue { setNeedsDisplay() } } }

    /// Called after every edit the user makes (typing, deleting, pasting), so a presenter can
    /// call ``PresentationController/updatePresentationLayout(animated:)``.
    public var onChange: (@MainActor () -> Void)?

    /// When set, Enter calls it instead of starting a new line (Alt-Enter and Ctrl-J still
    /// do): a chat's compose box sends with Enter.
    public var onSubmit: (@MainActor () -> Void)?

    /// When true, each layout pass measures up to ``measuringBudget`` bytes of the text not
    /// yet measured at the current width, and asks for another pass until all of it is, so
    /// ``rowsAbove`` becomes exact a few frames after a width change or a large paste. Off by
    /// default: a view that never shows the count need not measure megabytes.
    public var measuresRowsAbove = false {
        didSet { if measuresRowsAbove { setNeedsLayout() } }
    }

    /// How much text a layout pass measures when ``measuresRowsAbove`` is on, in bytes of
    /// ASCII (other characters count seven times a byte: they take that much longer to wrap),
    /// and at least one block of the text. The default is a few milliseconds of a release
    /// build's time.
    public var measuringBudget = 512 * 1024

    /// The first row shown.
    var scrollTop = RowPosition(line: 0, row: 0)

    /// An editor holding `string`, the caret at its end.
    ///
    /// - Parameters:
    ///   - string: the text to start with; empty by default.
    ///   - textStyle: the text and the area behind it; nil follows the theme's ``Theme/text``.
    ///   - caretStyle: the caret cell; nil follows the theme's ``Theme/caret``.
    public init(_ string: String = "", textStyle: Style? = nil, caretStyle: Style? = nil) {
        self.model = EditableText(string)
        self.textStyle = textStyle
        self.caretStyle = caretStyle
    }

    isolated deinit {
        // The text goes first, then a large one's memory back to the system (see FreedMemory).
        let large = model.utf8Count >= FreedMemory.threshold
        model = EditableText()
        if large { FreedMemory.giveBack() }
    }

    /// True: an editor takes focus to receive what is typed.
    open override var canBecomeFocused: Bool { true }

    // MARK: - Editing

    /// Inserts `character` at the caret, as typing it does.
    public func insert(_ character: Character) { edit { $0.insert(character) } }
    /// Inserts `string` at the caret as one edit, as pasting it does.
    public func insert(contentsOf string: some StringProtocol) { edit { $0.insert(contentsOf: string) } }
    /// Starts a new line at the caret.
    public func insertNewline() { edit { $0.insertNewline() } }
    /// Deletes the character before the caret (joins the line to the one above at its start).
    public func deleteBackward() { edit { $0.deleteBackward() } }
    /// Deletes the character after the caret (joins the next line at the line's end).
    public func deleteForward() { edit { $0.deleteForward() } }
    /// Deletes the word before the caret (Ctrl-W, Alt-Backspace).
    public func deleteWordBackward() { edit { $0.deleteWordBackward() } }
    /// Deletes from the start of the line to the caret (Ctrl-U).
    public func deleteToLineStart() { edit { $0.deleteToLineStart() } }
    /// Deletes from the caret to the end of the line, or joins the next line there (Ctrl-K).
    public func deleteToLineEnd() { edit { $0.deleteToLineEnd() } }

    private func edit(_ change: (inout EditableText) -> Void) {
        change(&model)
        caretMoved()
        onChange?()
    }

    private func move(_ change: (inout EditableText) -> Void) {
        change(&model)
        caretMoved()
    }

    /// After any change to the text or the caret: scroll it into view and lay out again (the
    /// caret's own row can change the height).
    private func caretMoved() {
        scrollToCaret()
        setNeedsLayout()
    }

    // MARK: - Events

    /// Types characters and handles the editing and caret keys listed above; returns false for
    /// every other key, so it goes on along the responder chain.
    open override func handleKey(_ key: Key) -> Bool {
        if let character = key.text {
            insert(character)
            return true
        }
        let width = max(1, layoutFrame.width)
        let page = max(1, layoutFrame.height - 1)
        switch (key.code, key.modifiers) {
        case (.enter, []):
            if let onSubmit { onSubmit() } else { insertNewline() }
        case (.enter, .alt), (.character("j"), .control): insertNewline()
        case (.backspace, []): deleteBackward()
        case (.delete, []): deleteForward()
        case (.left, []): move { $0.moveLeft() }
        case (.right, []): move { $0.moveRight() }
        case (.left, .control), (.left, .alt), (.character("b"), .alt): move { $0.moveWordLeft() }
        case (.right, .control), (.right, .alt), (.character("f"), .alt): move { $0.moveWordRight() }
        case (.up, []): move { $0.moveUp(width: width) }
        case (.down, []): move { $0.moveDown(width: width) }
        case (.pageUp, []): move { $0.moveVertically(by: -page, width: width) }
        case (.pageDown, []): move { $0.moveVertically(by: page, width: width) }
        case (.home, []): move { $0.moveToLineStart() }
        case (.end, []): move { $0.moveToLineEnd() }
        case (.home, .control): move { $0.moveToStart() }
        case (.end, .control): move { $0.moveToEnd() }
        // A shell's line-editing keys (readline's Emacs mode), which terminal users expect of
        // every text field. Ctrl-D is left to the app: many end on it.
        case (.character("a"), .control): move { $0.moveToLineStart() }
        case (.character("e"), .control): move { $0.moveToLineEnd() }
        case (.character("b"), .control): move { $0.moveLeft() }
        case (.character("f"), .control): move { $0.moveRight() }
        case (.character("w"), .control), (.backspace, .alt): deleteWordBackward()
        case (.character("u"), .control): deleteToLineStart()
        case (.character("k"), .control): deleteToLineEnd()
        default: return false
        }
        return true
    }

    /// Pasted text goes in at the caret as one edit.
    open override func handlePaste(_ string: String) -> Bool {
        insert(contentsOf: string)
        return true
    }

    /// A press (and a drag after it) puts the caret at the character under the pointer, or at
    /// the end of the row when the pointer is past it.
    open override func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press, .drag:
            let width = layoutFrame.width
            let height = layoutFrame.height
            guard width > 0, height > 0 else { return event.kind == .drag }
            let top = frame.maxY - height
            let rowIndex = min(max(0, event.location.y - top), height - 1)
            let column = min(max(0, event.location.x - frame.minX), width - 1)
            model.setWidth(width)
            let row = model.row(scrollTop, movedBy: rowIndex)
            move { $0.caret = $0.position(inRow: row, column: column) }
            return true
        case .release:
            return true
        case .scrollUp, .scrollDown, .move:
            return false
        }
    }

    // MARK: - Layout

    /// The rows the text takes at `width`, counted up to the screen's height: no frame is
    /// taller, and counting every row of a long text would take longer than a frame. At least
    /// one row (an empty text has its empty line), with the caret's own row when it has one.
    open override func fittingSize(width: Int) -> Size {
        guard width > 0 else { return Size(width: max(0, width), height: 0) }
        model.setWidth(width)
        let limit = max(1, scene?.size.height ?? 1_000)
        return Size(width: width, height: model.rowsToEnd(from: RowPosition(line: 0, row: 0), limit: limit))
    }

    /// Wraps the text at the width laid out for and scrolls the caret into sight; with
    /// ``measuresRowsAbove`` on, measures the next part of the text above.
    open override func layoutSubviews() {
        guard layoutFrame.width > 0, layoutFrame.height > 0 else { return }
        model.setWidth(layoutFrame.width)
        scrollToCaret()
        if measuresRowsAbove, model.storage.firstUnmeasuredBlock() != nil {
            // What the count above shows changes: draw again, and go on next frame if needed.
            if !model.measure(budget: measuringBudget) { setNeedsLayout() } else { setNeedsDisplay() }
        }
    }

    /// Rows scrolled out of sight above the first one shown, at the width laid out for: exact,
    /// or nil while the text above is not measured at that width yet (after a width change or
    /// a large paste, until ``measuresRowsAbove`` has measured it).
    public var rowsAbove: Int? {
        guard model.measuredWidth > 0 else { return nil }
        return model.rowsBefore(scrollTop)
    }

    /// Moves ``scrollTop`` so that the caret's row is in sight, and so that no row is left
    /// empty at the bottom while rows are out of sight above.
    private func scrollToCaret() {
        let width = layoutFrame.width
        let height = layoutFrame.height
        guard width > 0, height > 0 else { return }
        model.setWidth(width)
        var top = scrollTop
        top.line = min(top.line, model.lineCount - 1)
        top.row = min(top.row, model.rowCount(ofLine: top.line) - 1)
        let caretRow = model.caretPlacement().row
        if caretRow < top {
            top = caretRow
        } else if model.rows(from: top, to: caretRow, limit: height) == nil {
            top = model.row(caretRow, movedBy: -(height - 1))
        }
        let below = model.rowsToEnd(from: top, limit: height)
        if below < height { top = model.row(top, movedBy: below - height) }
        if top != scrollTop {
            scrollTop = top
            setNeedsDisplay()
        }
    }

    // MARK: - Drawing

    /// Draws the rows from the first one scrolled into sight, laid out at ``View/layoutFrame``,
    /// and the caret cell while the editor has focus. While the frame is shorter (a
    /// presentation growing toward its size), the bottom rows show: the caret's row, when the
    /// text grows at the end.
    open override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let style = textStyle ?? theme[keyPath: textRole]
        let area = frame.intersection(clip)
        buffer.fill(area, with: .blank(style))
        let width = layoutFrame.width
        let height = layoutFrame.height
        guard width > 0, height > 0, !area.isEmpty else { return }
        model.setWidth(width)
        let top = frame.maxY - height
        let caret = isFocused ? model.caretPlacement() : nil
        var position = scrollTop
        for index in 0..<height {
            let y = top + index
            if y >= area.minY, y < area.maxY {
                let range = model.contentRange(ofRow: position)
                let line = model.lineText(position.line)
                let content = utf8Slice(line, range.lowerBound, range.upperBound)
                // The cell buffer draws each cluster as DisplayCluster shows it; only a row one
                // cell wide needs the wrapper's "…" for a wide character.
                if width == 1 {
                    buffer.draw(TextWrapper.displayText(content, width: width), at: Point(x: frame.minX, y: y), style: style, clip: area)
                } else {
                    buffer.draw(content, at: Point(x: frame.minX, y: y), style: style, clip: area)
                }
                if let caret, caret.row == position {
                    // The caret cell shows what is drawn there (a wide character: both cells).
                    let under = TextEditor.cluster(in: content, atColumn: caret.column, width: width) ?? " "
                    buffer.draw(under, at: Point(x: frame.minX + caret.column, y: y), style: caretStyle ?? theme.caret, clip: area)
                }
            }
            let next = model.row(position, movedBy: 1)
            if next == position { break }
            position = next
        }
    }

    /// The display text of the cluster of `row` (a row's content) whose first cell is at
    /// `column`, nil when none starts there.
    static func cluster(in row: Substring, atColumn column: Int, width: Int) -> String? {
        var x = 0
        for character in row {
            let cluster = DisplayCluster(character)
            let cells = min(cluster.width, width)
            if x == column, cells > 0 { return cluster.width > width ? "\u{2026}" : cluster.text }
            x += cells
            if x > column { return nil }
        }
        return nil
    }
}
