import CurtainLayout
import CurtainScreen

/// Rows of text with one selected row, which the user moves and activates: a file list, a
/// menu, search results (Textual's `ListView`, ratatui's `List`).
///
/// ```swift
/// let list = ListView(items: ["Inbox", "Drafts", "Sent"])
/// let preview = Label("")
/// list.onSelect = { index in preview.text = "\(list.items[index]): 3 messages" }
/// list.onActivate = { index in scene.notify("Opened \(list.items[index])") }
/// pane.setContentView(list)
/// ```
///
/// Named `ListView`, not `List`, so it neither shadows SwiftUI's `List` for a reader who knows
/// it nor clashes with a program's own `List` model type.
///
/// **Keys** (while it has focus): Up and Down move the selection one row, PageUp and PageDown a
/// page (its height less one row: from the top row PageDown first goes to the bottom row),
/// Home and End to the first and last row; Enter activates the selected row. Every other key
/// goes on along the responder chain, and so does every key while the list is empty.
///
/// **Mouse**: a press on a row selects it; a press on the row that is already selected, while
/// the list shows its focus (the selection drawn in ``Theme/selection``), activates it — so
/// the first press into a list without focus only focuses it and selects. The wheel scrolls
/// three rows a step without moving the selection.
///
/// The list scrolls to keep the selected row in view whenever the selection moves or the list
/// changes size. Rows are one line each: text too wide for the list is cut with `…`; wide
/// characters take two cells and are never split; control characters show as control
/// pictures. The selected row is drawn across the whole width in ``Theme/selection`` while the
/// list (or a view inside it) has focus and in ``Theme/inactiveSelection`` otherwise.
@MainActor
open class ListView: View {
    /// The rows, top to bottom. When they change, the selection stays on the same text if it
    /// is still there (its occurrence nearest the old index), else at the same index clamped
    /// to the new rows; nil only when there are none.
    public var items: [String] {
        didSet {
            if items == oldValue { return }
            selectedIndex = Self.index(keeping: selectedIndex, of: oldValue, in: items)
            scrollToSelection()
            if items.count != oldValue.count { setNeedsLayout() } else { setNeedsDisplay() }
        }
    }

    /// The selected row; nil only when the list is empty. Setting it (clamped to the rows; nil
    /// selects the first row of a list that has rows) scrolls it into view and does not call
    /// ``onSelect``, which reports the user's choices.
    public var selectedIndex: Int? {
        didSet {
            // Assigning inside didSet does not call it again.
            selectedIndex = items.isEmpty ? nil : min(max(0, selectedIndex ?? 0), items.count - 1)
            if selectedIndex != oldValue {
                scrollToSelection()
                setNeedsDisplay()
            }
        }
    }

    /// The text of the selected row.
    public var selectedItem: String? { selectedIndex.map { items[$0] } }

    /// Called with the new index after the user moved the selection (keys, a press).
    public var onSelect: (@MainActor (Int) -> Void)?

    /// Called with the index of the row the user activated (Enter, a press on the selected row).
    public var onActivate: (@MainActor (Int) -> Void)?

    /// The style of the rows and the area behind them; the theme's ``Theme/text`` when nil.
    public var style: Style? { didSet { if style != oldValue { setNeedsDisplay() } } }
    /// The style of one row while it is not selected, asked with its index and text each time
    /// the row is drawn, over ``style`` (its default colours are the list's); nil, or a nil
    /// answer, for ``style`` alone. A failed test in red, a finished job faint:
    ///
    /// ```swift
    /// list.rowStyle = { _, item in item.hasPrefix("✗") ? Style(foreground: .red) : nil }
    /// ```
    ///
    /// Set it again (or call `setNeedsDisplay()`) when what it answers changes.
    public var rowStyle: (@MainActor (_ index: Int, _ item: String) -> Style?)? { didSet { setNeedsDisplay() } }
    /// The selected row while the list has focus; the theme's ``Theme/selection`` when nil.
    public var selectionStyle: Style? { didSet { if selectionStyle != oldValue { setNeedsDisplay() } } }
    /// The selected row while the list does not have focus; the theme's
    /// ``Theme/inactiveSelection`` when nil.
    public var inactiveSelectionStyle: Style? {
        didSet { if inactiveSelectionStyle != oldValue { setNeedsDisplay() } }
    }

    /// Drawn at the start of the selected row, and as as many blank columns at the start of
    /// every other row: `"› "`, say, so the selection shows on a terminal without colours.
    /// None by default.
    public var selectionMarker: String? {
        didSet { if selectionMarker != oldValue { setNeedsDisplay() } }
    }

    /// Whether the list takes keyboard focus (a press on it, Tab). True by default.
    public var isFocusable: Bool

    /// The first row in view.
    public private(set) var scrollOffset = 0

    /// The rows of the wheel's one step.
    public static let wheelStep = 3

    /// Whether the last frame showed the list with focus: a press on the selected row
    /// activates it only then (see the type's description).
    private var showedFocus = false
    /// The height last laid out, to keep the selection in view when it changes.
    private var laidOutHeight = 0

    /// A list of `items`, scrolled to the top.
    ///
    /// - Parameters:
    ///   - items: the rows, top to bottom.
    ///   - selectedIndex: the row selected at first (clamped; the first row by default).
    ///   - isFocusable: whether the list takes focus and then handles its keys.
    public init(items: [String] = [], selectedIndex: Int = 0, isFocusable: Bool = true) {
        self.items = items
        self.selectedIndex = items.isEmpty ? nil : min(max(0, selectedIndex), items.count - 1)
        self.isFocusable = isFocusable
    }

    /// ``isFocusable``: a list that only shows rows can stay out of the Tab order.
    open override var canBecomeFocused: Bool { isFocusable }

    /// True while the list, or a view inside it, holds focus.
    public var containsFocus: Bool {
        guard let focused = scene?.focusedView else { return false }
        return isAncestor(of: focused)
    }

    /// Where the selection goes when the rows change from `old` to `new`.
    static func index(keeping selected: Int?, of old: [String], in new: [String]) -> Int? {
        guard !new.isEmpty else { return nil }
        guard let selected, old.indices.contains(selected) else { return 0 }
        let text = old[selected]
        let matches = new.indices.filter { new[$0] == text }
        if let nearest = matches.min(by: { abs($0 - selected) < abs($1 - selected) }) { return nearest }
        return min(selected, new.count - 1)
    }

    // MARK: - Scrolling

    /// Rows in view.
    private var pageHeight: Int { max(0, layoutFrame.height) }

    /// The largest useful ``scrollOffset``: the last row at the bottom.
    private var maximumOffset: Int { max(0, items.count - pageHeight) }

    /// Scrolls as little as needed to show the selected row.
    private func scrollToSelection() {
        guard let selected = selectedIndex, pageHeight > 0 else { return }
        var offset = min(scrollOffset, maximumOffset)
        if selected < offset { offset = selected }
        if selected >= offset + pageHeight { offset = selected - pageHeight + 1 }
        setScrollOffset(offset)
    }

    private func setScrollOffset(_ offset: Int) {
        let offset = min(max(0, offset), maximumOffset)
        guard offset != scrollOffset else { return }
        scrollOffset = offset
        setNeedsDisplay()
    }

    /// Selects `index` (clamped) as the user's choice: scrolls it into view and calls
    /// ``onSelect`` when the selection moved.
    private func userSelect(_ index: Int) {
        guard !items.isEmpty else { return }
        let index = min(max(0, index), items.count - 1)
        let moved = index != selectedIndex
        selectedIndex = index
        scrollToSelection()  // also when the wheel scrolled it out of view and it did not move
        if moved { onSelect?(index) }
    }

    private func activateSelection() {
        guard let selected = selectedIndex else { return }
        onActivate?(selected)
    }

    // MARK: - View

    /// One row per item.
    open override func fittingSize(width: Int) -> Size { Size(width: max(0, width), height: items.count) }

    /// When the height changed, scrolls as little as needed to keep the selected row in view.
    open override func layoutSubviews() {
        guard layoutFrame.height != laidOutHeight else { return }
        laidOutHeight = layoutFrame.height
        scrollToSelection()
    }

    /// The rows in view, each cut with `…` to the width; the selected row across the whole
    /// width in the selection style, after the ``selectionMarker``. Rows and marker are the
    /// theme's ASCII stand-ins where the terminal does not show Unicode (``Theme/displayable(_:)``).
    open override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let base = style ?? theme.text
        let area = clip.intersection(frame)
        buffer.fill(area, with: .blank(base))
        let focused = containsFocus
        showedFocus = focused
        let width = layoutFrame.width
        guard width > 0, !items.isEmpty else { return }
        let marker = selectionMarker.map { TextWidth.truncated(theme.displayable($0), toWidth: width) } ?? ""
        let markerWidth = TextWidth.of(marker)
        let offset = min(scrollOffset, maximumOffset)
        let rows = min(pageHeight, items.count - offset)
        for row in 0..<max(0, rows) {
            let index = offset + row
            let y = frame.minY + row
            var rowStyle = self.rowStyle?(index, items[index])?.inheritingDefaults(from: base) ?? base
            if index == selectedIndex {
                rowStyle = focused ? selectionStyle ?? theme.selection : inactiveSelectionStyle ?? theme.inactiveSelection
                buffer.fill(Rect(x: frame.minX, y: y, width: width, height: 1), with: .blank(rowStyle), clip: area)
                buffer.draw(marker, at: Point(x: frame.minX, y: y), style: rowStyle, clip: area)
            }
            let text = TextWidth.truncated(theme.displayable(items[index]), toWidth: width - markerWidth)
            buffer.draw(text, at: Point(x: frame.minX + markerWidth, y: y), style: rowStyle, clip: area)
        }
    }

    // MARK: - Events

    /// Moves the selection and activates it (see the type's description); other keys, and
    /// every key while the list is empty, go on along the responder chain.
    open override func handleKey(_ key: Key) -> Bool {
        guard let selected = selectedIndex else { return false }
        let page = max(1, pageHeight - 1)
        switch key {
        case .up: userSelect(selected - 1)
        case .down: userSelect(selected + 1)
        case .pageUp: userSelect(selected - page)
        case .pageDown: userSelect(selected + page)
        case .home: userSelect(0)
        case .end: userSelect(items.count - 1)
        case .enter: activateSelection()
        default: return false
        }
        return true
    }

    /// A press on a row selects it, or activates it (see the type's description); the wheel
    /// scrolls.
    open override func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .press:
            guard event.button == .left else { return false }
            let index = min(scrollOffset, maximumOffset) + event.location.y - frame.minY
            guard items.indices.contains(index), frame.contains(event.location) else { return false }
            if index == selectedIndex && showedFocus {
                activateSelection()
            } else {
                userSelect(index)
            }
        case .scrollUp: setScrollOffset(scrollOffset - Self.wheelStep)
        case .scrollDown: setScrollOffset(scrollOffset + Self.wheelStep)
        default: return false
        }
        return true
    }
}
