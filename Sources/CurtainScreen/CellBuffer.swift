import CurtainLayout

/// A rectangular grid of cells: what every view draws into and what the terminal backend
/// turns into output. A value type; copies are cheap until written.
///
/// Wide characters occupy two cells: the left holds the grapheme, the right holds
/// ``Grapheme/continuation``. Writes keep that pairing intact: overwriting either half of a wide
/// character blanks the other half.
public struct CellBuffer: Hashable, Sendable {
    public private(set) var size: Size
    public internal(set) var cells: [Cell]

    /// A buffer of `size` filled with `fill`.
    public init(size: Size, fill: Cell = .blank) {
        self.size = size
        self.cells = Array(repeating: fill, count: size.area == .max ? 0 : size.area)
    }

    /// Every cell of the buffer.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    @inlinable func index(_ x: Int, _ y: Int) -> Int { y &* size.width &+ x }

    /// The cell at column `x`, row `y`; a blank cell outside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        get {
            guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
            return cells[index(x, y)]
        }
    }

    /// Sets one cell, ignoring positions outside the buffer. Keeps wide characters whole: a
    /// half that loses its partner becomes a blank in the partner's style.
    public mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return }
        let i = index(x, y)
        let old = cells[i]
        if old.grapheme.isContinuation, x > 0, !cell.grapheme.isContinuation {
            cells[i - 1].grapheme = .space
        }
        if !old.grapheme.isContinuation, x + 1 < size.width, cells[i + 1].grapheme.isContinuation,
           !(cell.grapheme.isContinuation) {
            cells[i + 1].grapheme = .space
        }
        cells[i] = cell
    }

    /// Fills `rect` (clipped to the buffer) with `cell`.
    public mutating func fill(_ rect: Rect, with cell: Cell) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        // Keep wide characters at the edges whole.
        for y in r.minY..<r.maxY {
            if r.minX > 0, cells[index(r.minX, y)].grapheme.isContinuation {
                cells[index(r.minX - 1, y)].grapheme = .space
            }
            if r.maxX < size.width, cells[index(r.maxX, y)].grapheme.isContinuation {
                cells[index(r.maxX, y)].grapheme = .space
            }
            let start = index(r.minX, y)
            for i in start..<(start + r.width) { cells[i] = cell }
        }
    }

    /// Resizes the buffer, keeping the cells that still fit at their positions and filling new
    /// area with `fill`. A wide character cut by the new right edge becomes a blank.
    public mutating func resize(to newSize: Size, fill: Cell = .blank) {
        guard newSize != size else { return }
        var next = CellBuffer(size: newSize, fill: fill)
        let w = min(size.width, newSize.width)
        for y in 0..<min(size.height, newSize.height) {
            for x in 0..<w { next.cells[next.index(x, y)] = cells[index(x, y)] }
            if w > 0, w < size.width, cells[index(w, y)].grapheme.isContinuation {
                next.cells[next.index(w - 1, y)].grapheme = .space
            }
        }
        self = next
    }
}
