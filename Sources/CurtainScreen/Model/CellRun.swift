/// A horizontal run of cells that changed between two frames: the unit the terminal backend
/// writes with one cursor move.
public struct CellRun: Hashable, Sendable {
    /// Row of the run.
    public var y: Int
    /// Column of the first cell.
    public var x: Int
    /// The new cells, left to right. A wide character's continuation cell is included after it;
    /// a run never starts or ends in the middle of a wide character.
    public var cells: [Cell]

    public init(y: Int, x: Int, cells: [Cell]) {
        self.y = y
        self.x = x
        self.cells = cells
    }
}
