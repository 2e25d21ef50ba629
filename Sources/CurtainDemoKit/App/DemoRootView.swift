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
    var helpItems: [HelpItem] = [] {
        didSet { if helpItems != oldValue { measuredHelp = nil; fittedHelp = nil; setNeedsDisplay() } }
    }

    /// The help bar's items as the terminal shows them, with their widths: measured once per
    /// list of items (and whether the terminal shows Unicode), not in every frame or resize.
    private var measuredHelp: (supportsUnicode: Bool, items: [HelpItem], widths: [Int])?
    /// Which of them the bar showed at its last width (see ``fitHelpBar(width:theme:)``).
    private var fittedHelp: (width: Int, kept: [Int])?

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
        let theme = self.theme
        let bar = Rect(x: frame.minX, y: frame.maxY - 1, width: frame.width, height: 1)
        buffer.fill(bar.intersection(clip), with: .blank(theme.helpBar))
        let (items, widths, kept) = fitHelpBar(width: bar.width, theme: theme)
        guard let last = items.last, let lastWidth = widths.last else { return }
        var x = bar.minX + 1
        for index in kept {
            x += drawItem(items[index], at: x, row: bar.minY, theme: theme, into: &buffer, clip: clip) + 2
        }
        let lastX = bar.maxX - 1 - lastWidth
        _ = drawItem(last, at: max(bar.minX + 1, lastX), row: bar.minY, theme: theme, into: &buffer, clip: clip)
    }

    /// The items as the terminal shows them (`<>^v`, `BS` where it has no Unicode), their
    /// widths as drawn, and the indices of those before the last that a bar `barWidth` cells
    /// wide shows, in display order. The last item is the way out (quit): it always shows, at
    /// the right end. The others take what is left, whole items only, the best-ranked first,
    /// shown in their order — a narrow terminal loses "resize" before it loses "close". The
    /// first item that does not fit ends the list, so a wider bar always shows what a narrower
    /// one did and more.
    private func fitHelpBar(width barWidth: Int, theme: Theme) -> (items: [HelpItem], widths: [Int], kept: [Int]) {
        let measured: (supportsUnicode: Bool, items: [HelpItem], widths: [Int])
        if let known = measuredHelp, known.supportsUnicode == theme.supportsUnicode {
            measured = known
        } else {
            var items: [HelpItem] = [], widths: [Int] = []
            items.reserveCapacity(helpItems.count)
            widths.reserveCapacity(helpItems.count)
            for item in helpItems {
                let shown = HelpItem(key: theme.displayable(item.key), action: theme.displayable(item.action), rank: item.rank)
                items.append(shown)
                widths.append(TextWidth.of(shown.key) + 1 + TextWidth.of(shown.action))
            }
            measured = (theme.supportsUnicode, items, widths)
            measuredHelp = measured
            fittedHelp = nil
        }
        if let fitted = fittedHelp, fitted.width == barWidth { return (measured.items, measured.widths, fitted.kept) }
        let widths = measured.widths
        var kept: [Int] = []
        if let lastWidth = widths.last {
            // From the bar's second cell to two cells before the last item.
            var room = barWidth - lastWidth - 3
            var chosen = Set<Int>()
            for index in Self.byRank(measured.items.dropLast().map(\.rank)) {
                let needed = widths[index] + 2
                guard needed <= room else { break }
                room -= needed
                chosen.insert(index)
            }
            kept = widths.indices.dropLast().filter(chosen.contains)
        }
        fittedHelp = (barWidth, kept)
        return (measured.items, widths, kept)
    }

    /// The indices of `ranks`, best rank (lowest) first, ties in their order.
    private nonisolated static func byRank(_ ranks: [Int]) -> [Int] {
        ranks.indices.sorted { (ranks[$0], $0) < (ranks[$1], $1) }
    }

    private func drawItem(_ item: HelpItem, at x: Int, row: Int, theme: Theme,
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
