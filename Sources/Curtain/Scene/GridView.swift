import CurtainLayout
import CurtainScreen

/// Panes in rows and columns whose splits move by whole cells (keyboard-driven resizing), each
/// pane kept at least its minimum size. The layout itself is the layout core's `PaneGrid`
/// (module `CurtainLayout`); this view keeps it in step with its frame and places the panes.
@MainActor
public final class GridView: View {
    /// The layout core's `PaneGrid`: where the splits are and each pane's rectangle. Read it
    /// to know the layout; move splits with ``moveVerticalSplit(_:by:)`` and
    /// ``moveHorizontalSplit(_:by:)``.
    public private(set) var grid: PaneGrid
    /// The panes, row by row.
    public let panes: [PaneView]

    /// A grid of `columns × rows` panes, which become its subviews. The program stops when the
    /// number of panes does not match.
    ///
    /// - Parameters:
    ///   - columns: how many panes side by side.
    ///   - rows: how many panes one above the other.
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

    /// Fits the grid to the frame and gives each pane its rectangle.
    public override func layoutSubviews() {
        if grid.bounds != frame { grid.bounds = frame }
        for (i, pane) in panes.enumerated() {
            pane.frame = grid.paneRect(column: i % grid.columns, row: i / grid.columns)
        }
    }
}
