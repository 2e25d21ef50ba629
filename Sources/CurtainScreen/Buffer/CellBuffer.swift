import CurtainLayout

/// A rectangular grid of cells: what every view draws into and what the terminal backend
/// turns into output. A value type; copies are cheap until written.
///
/// Wide characters occupy two cells: the left holds the grapheme, the right holds
/// ``Grapheme/continuation``. Every write keeps that pairing intact: overwriting either half of
/// a wide character turns the other half into a blank in its own style, and a continuation cell
/// only ever sits right of the left half it belongs to (never in column 0).
public struct CellBuffer: Hashable, Sendable {
    public private(set) var size: Size
    public package(set) var cells: [Cell]

    /// A buffer of `size` filled with `fill` (a continuation cell fills as a blank).
    public init(size: Size, fill: Cell = .blank) {
        self.size = size.area == .max ? .zero : size
        self.cells = Array(repeating: fill.grapheme.isContinuation ? .blank(fill.style) : fill,
                           count: self.size.area)
    }

    /// Every cell of the buffer.
    public var bounds: Rect { Rect(origin: .zero, size: size) }

    @inlinable func index(_ x: Int, _ y: Int) -> Int { y &* size.width &+ x }

    /// The cell at column `x`, row `y`; a blank cell outside the buffer.
    public subscript(x: Int, y: Int) -> Cell {
        guard x >= 0, y >= 0, x < size.width, y < size.height else { return .blank }
        return cells[index(x, y)]
    }

    /// Sets one narrow cell, ignoring positions outside the buffer and continuation cells (draw
    /// wide characters with ``setCharacter(_:at:style:clip:)``). Keeps wide characters whole: a
    /// half that loses its partner becomes a blank in its own style.
    public mutating func set(_ cell: Cell, x: Int, y: Int) {
        guard x >= 0, y >= 0, x < size.width, y < size.height, !cell.grapheme.isContinuation else { return }
        unpair(row: y, from: x, to: x + 1)
        cells[index(x, y)] = cell
    }

    /// Sets a row of narrow cells from column `x` of row `y` in one pass, clipped to `clip` (the
    /// whole buffer when `nil`) and the buffer: what many ``set(_:x:y:)`` calls would do, for a
    /// view that prepares its rows (a continuation cell is set as a blank in its style). Wide
    /// characters the row cuts at either end are blanked, as always.
    public mutating func set(_ row: ArraySlice<Cell>, x: Int, y: Int, clip: Rect? = nil) {
        let area = clip.map { $0.intersection(bounds) } ?? bounds
        guard y >= area.minY, y < area.maxY, !row.isEmpty else { return }
        let from = max(x, area.minX), to = min(x.addingSaturating(row.count), area.maxX)
        guard from < to else { return }
        unpair(row: y, from: from, to: to)
        let start = index(from, y)
        let skip = from - x
        row.withUnsafeBufferPointer { source in
            cells.withUnsafeMutableBufferPointer { target in
                for offset in 0..<(to - from) {
                    let cell = source[skip + offset]
                    target[start + offset] = cell.grapheme.isContinuation ? .blank(cell.style) : cell
                }
            }
        }
    }

    /// Before cells `from ..< to` of `row` (inside the buffer) are overwritten: blanks the
    /// halves of wide characters that stick out of that span, so no pair is left broken.
    mutating func unpair(row y: Int, from x0: Int, to x1: Int) {
        let start = y &* size.width
        if x0 > 0, cells[start &+ x0].grapheme.isContinuation {
            cells[start &+ x0 &- 1].grapheme = .space
        }
        if x1 < size.width, cells[start &+ x1].grapheme.isContinuation {
            cells[start &+ x1].grapheme = .space
        }
    }

    /// Fills `rect` (clipped to `clip` and the buffer) with `cell`, which should be narrow (a
    /// continuation cell fills as a blank in its style).
    public mutating func fill(_ rect: Rect, with cell: Cell, clip: Rect? = nil) {
        var r = rect.intersection(bounds)
        if let clip { r = r.intersection(clip) }
        guard !r.isEmpty else { return }
        let cell = cell.grapheme.isContinuation ? Cell.blank(cell.style) : cell
        for y in r.minY..<r.maxY {
            unpair(row: y, from: r.minX, to: r.maxX)
            let start = index(r.minX, y)
            cells.withUnsafeMutableBufferPointer { buffer in
                (buffer.baseAddress! + start).update(repeating: cell, count: r.width)
            }
        }
    }

    /// Fills `rect` (clipped) with blanks in `style`: a background.
    public mutating func fill(_ rect: Rect, style: Style, clip: Rect? = nil) {
        fill(rect, with: .blank(style), clip: clip)
    }

    /// Resizes the buffer, keeping the cells that still fit at their positions and filling new
    /// area with `fill`. A wide character cut by the new right edge becomes a blank.
    public mutating func resize(to newSize: Size, fill: Cell = .blank) {
        guard newSize != size else { return }
        var next = CellBuffer(size: newSize, fill: fill)
        let w = min(size.width, next.size.width)
        for y in 0..<min(size.height, next.size.height) {
            for x in 0..<w { next.cells[next.index(x, y)] = cells[index(x, y)] }
            if w > 0, w < size.width, cells[index(w, y)].grapheme.isContinuation {
                next.cells[next.index(w - 1, y)].grapheme = .space
            }
        }
        self = next
    }
}
