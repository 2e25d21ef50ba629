/// A grid of bordered panes tiling a rectangle exactly: `columns` × `rows` panes, separated by
/// vertical and horizontal splits that move by whole cells.
///
/// Splits are clamped so that no pane gets smaller than `minimumPaneSize` (the outer size,
/// border included). When the bounds are too small for that, the panes are still tiled
/// exactly (as equal as possible) and ``isBelowMinimum`` is true; the caller shows a message.
/// Panes never overlap and leave no gap: every cell of the bounds belongs to exactly one pane.
///
/// Resizing (setting ``bounds``) keeps each split at the same *proportion* of the width or
/// height it had when last placed (by default or by a move), clamped to the minimum — so
/// shrinking the terminal and growing it back restores the layout.
public struct PaneGrid: Hashable, Sendable {
    private var columnSplits: SplitPositions
    private var rowSplits: SplitPositions

    /// The minimum outer size of every pane.
    public let minimumPaneSize: Size

    /// The rectangle the panes tile. Setting it re-clamps the splits (see the type's doc).
    public var bounds: Rect {
        didSet {
            columnSplits.setLength(bounds.width, minimum: minimumPaneSize.width)
            rowSplits.setLength(bounds.height, minimum: minimumPaneSize.height)
        }
    }

    /// `columns` × `rows` panes (each at least 1) with evenly spaced splits.
    public init(bounds: Rect, columns: Int, rows: Int, minimumPaneSize: Size) {
        self.bounds = bounds
        self.minimumPaneSize = minimumPaneSize
        columnSplits = SplitPositions(segments: columns, length: bounds.width, minimum: minimumPaneSize.width)
        rowSplits = SplitPositions(segments: rows, length: bounds.height, minimum: minimumPaneSize.height)
    }

    public var columns: Int { columnSplits.segmentCount }
    public var rows: Int { rowSplits.segmentCount }

    /// Absolute columns of the vertical splits, left to right: split `i` is the first column
    /// of pane column `i + 1`.
    public var verticalSplits: [Int] { columnSplits.positions.map { bounds.minX.addingSaturating($0) } }
    /// Absolute rows of the horizontal splits, top to bottom: split `i` is the first row of
    /// pane row `i + 1`.
    public var horizontalSplits: [Int] { rowSplits.positions.map { bounds.minY.addingSaturating($0) } }

    /// True when the bounds cannot give every pane ``minimumPaneSize``.
    public var isBelowMinimum: Bool { columnSplits.isBelowMinimum || rowSplits.isBelowMinimum }

    /// The outer rectangle of a pane (border included); `Rect.zero` for an index outside the grid.
    public func paneRect(column: Int, row: Int) -> Rect {
        guard let x = columnSplits.segment(column), let y = rowSplits.segment(row) else { return .zero }
        return Rect(x: bounds.minX.addingSaturating(x.start), y: bounds.minY.addingSaturating(y.start),
                    width: x.length, height: y.length)
    }

    /// The content area of a pane: its rect inset by the one-cell border on each side (the
    /// title sits in the top border line). Empty when the pane is smaller than 3×3.
    public func contentRect(column: Int, row: Int) -> Rect {
        paneRect(column: column, row: row).insetBy(dx: 1, dy: 1)
    }

    /// Moves vertical split `index` by `delta` columns (positive: right), clamped so both
    /// neighbouring panes keep the minimum width. Other splits do not move. Ignored for an
    /// index out of range or while below the minimum.
    public mutating func moveVerticalSplit(_ index: Int, by delta: Int) {
        columnSplits.move(index, by: delta)
    }

    /// Moves horizontal split `index` by `delta` rows (positive: down), like
    /// ``moveVerticalSplit(_:by:)``.
    public mutating func moveHorizontalSplit(_ index: Int, by delta: Int) {
        rowSplits.move(index, by: delta)
    }
}
