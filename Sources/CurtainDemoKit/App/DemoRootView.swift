import Curtain
import CurtainLayout
import CurtainScreen

/// The demo's screen: a 2×2 grid of panes above a one-row help bar. The help bar is the
/// screen's safe-area inset, so a toast presented on the whole screen sits above it and its
/// dimming leaves it alone.
@MainActor
final class DemoRootView: View {
    let grid: GridView
    /// One key in the help bar. `rank` orders what a narrow bar keeps: 1 is kept longest.
    struct HelpItem: Equatable {
        var key: String
        var action: String
        var rank: Int
    }

    /// The demo's keys while a pane (or a toast that does not use the key) has focus: the root
    /// is the last view of the responder chain. Set by ``DemoApp``.
    var onKey: ((Key) -> Bool)?

    override func handleKey(_ key: Key) -> Bool { onKey?(key) ?? false }

    /// What the help bar lists, in display order: set by the app as focus moves.
    var helpItems: [HelpItem] = [] { didSet { if helpItems != oldValue { setNeedsDisplay() } } }

    init(grid: GridView) {
        self.grid = grid
        super.init()
        addSubview(grid)
    }

    override var safeAreaInsets: EdgeInsets { EdgeInsets(bottom: 1) }
    override var dimmingRect: Rect { frame.inset(by: safeAreaInsets) }

    override func layoutSubviews() {
        grid.frame = frame.inset(by: safeAreaInsets)
    }

    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let bar = Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1)
        buffer.fill(bar.intersection(clip), with: .blank(theme.helpBar))
        // As the terminal shows them (`<>^v`, `BS` where it has no Unicode): measured as drawn.
        let helpItems = self.helpItems.map {
            HelpItem(key: theme.displayable($0.key), action: theme.displayable($0.action), rank: $0.rank)
        }
        guard let last = helpItems.last else { return }
        // The last item is the way out (quit): it always shows, at the right end. The others
        // take what is left, whole items only, the best-ranked first, shown in their order — a
        // narrow terminal loses "resize" before it loses "close". The first item that does not
        // fit ends the list, so a wider bar always shows what a narrower one did and more.
        func width(_ item: HelpItem) -> Int { TextWidth.of(item.key) + 1 + TextWidth.of(item.action) }
        let lastX = bar.maxX - 1 - width(last)
        var room = lastX - 1 - (bar.minX + 1)
        var kept = Set<Int>()
        for index in helpItems.indices.dropLast().sorted(by: { (helpItems[$0].rank, $0) < (helpItems[$1].rank, $1) }) {
            let needed = width(helpItems[index]) + 2
            guard needed <= room else { break }
            room -= needed
            kept.insert(index)
        }
        var x = bar.minX + 1
        for index in helpItems.indices.dropLast() where kept.contains(index) {
            x += drawItem(helpItems[index], at: x, row: bar.minY, into: &buffer, clip: clip) + 2
        }
        _ = drawItem(last, at: max(bar.minX + 1, lastX), row: bar.minY, into: &buffer, clip: clip)
    }

    private func drawItem(_ item: HelpItem, at x: Int, row: Int,
                          into buffer: inout CellBuffer, clip: Rect) -> Int {
        let keyWidth = buffer.draw(item.key, at: Point(x: x, y: row), style: theme.helpKey, clip: clip)
        return keyWidth + buffer.draw(" " + item.action, at: Point(x: x + keyWidth, y: row), style: theme.helpBar, clip: clip)
    }
}

/// The box shown by `m`.
@MainActor
final class ModalView: View {
    override var canBecomeFocused: Bool { true }

    private static let paragraphs = [
        "This modal covers the whole screen and dims everything behind it.",
        "When it goes away, every toast is back at its own frame in the very first frame.",
        "Press Esc to dismiss.",
    ]
    /// Wrapped rows for the last width (blank rows between paragraphs), so a frame does not re-wrap.
    private var wrapped: (width: Int, rows: [String])?

    private func rows(width: Int) -> [String] {
        if let wrapped, wrapped.width == width { return wrapped.rows }
        var rows: [String] = []
        for paragraph in Self.paragraphs {
            if !rows.isEmpty { rows.append("") }
            rows += TextWrapper.wrap(paragraph, width: width)
        }
        wrapped = (width, rows)
        return rows
    }

    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        buffer.fill(frame.intersection(clip), with: .blank(theme.modal))
        buffer.drawBox(frame, style: theme.modalBorder, title: "Full-screen modal", clip: clip)
        let inner = frame.insetBy(dx: 3, dy: 2)
        for (offset, row) in rows(width: inner.width).prefix(max(0, inner.height)).enumerated() {
            buffer.draw(row, at: Point(x: inner.minX, y: inner.minY + offset), style: theme.modal, clip: clip)
        }
    }
}
