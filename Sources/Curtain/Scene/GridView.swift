import CurtainLayout
import CurtainScreen

/// Panes in rows and columns whose splits move by whole cells (keyboard-driven resizing), each
/// pane kept at least ``PaneGrid/minimumPaneSize``. The layout itself is the layout core's
/// ``PaneGrid``; this view keeps it in step with its frame and places the panes.
@MainActor
public final class GridView: View {
    public private(set) var grid: PaneGrid
    /// The panes, row by row.
    public let panes: [PaneView]

    /// - Parameters:
    ///   - panes: `columns × rows` panes, row by row.
    ///   - minimumPaneSize: the smallest outer size of a pane, border included.
    public init(columns: Int, rows: Int, panes: [PaneView], minimumPaneSize: Size) {
        precondition(panes.count == columns * rows, "GridView needs columns × rows panes")
        self.panes = panes
        self.grid = PaneGrid(bounds: .zero, columns: columns, rows: rows, minimumPaneSize: minimumPaneSize)
        super.init()
        for pane in panes { addSubview(pane) }
    }

    /// True when the frame is too small to give every pane its minimum size.
    public var isBelowMinimum: Bool { grid.isBelowMinimum }

    /// Moves the split between columns `index` and `index + 1` by `delta` columns (clamped).
    public func moveVerticalSplit(_ index: Int = 0, by delta: Int) {
        grid.moveVerticalSplit(index, by: delta)
        setNeedsLayout()
    }

    /// Moves the split between rows `index` and `index + 1` by `delta` rows (clamped).
    public func moveHorizontalSplit(_ index: Int = 0, by delta: Int) {
        grid.moveHorizontalSplit(index, by: delta)
        setNeedsLayout()
    }

    public override func layoutSubviews() {
        if grid.bounds != frame { grid.bounds = frame }
        for (i, pane) in panes.enumerated() {
            pane.frame = grid.paneRect(column: i % grid.columns, row: i / grid.columns)
        }
    }
}
