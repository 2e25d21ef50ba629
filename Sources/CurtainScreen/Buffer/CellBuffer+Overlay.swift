import CurtainLayout

extension CellBuffer {
    /// Composes `layer` over this buffer with its top-left cell at `origin`: the layer's cells
    /// replace the ones beneath, except that cells equal to `transparent` (when given) let the
    /// cell beneath show through.
    ///
    /// Views are composed back to front by overlaying (or drawing) each in turn, the painter's
    /// way. Only cells inside `clip` (the whole buffer when `nil`) change. Wide characters stay
    /// whole on both sides: a layer's wide character cut by the clip becomes a blank in its
    /// style, and a wide character beneath that loses a half keeps the other half as a blank.
    public mutating func overlay(_ layer: CellBuffer, at origin: Point, clip: Rect? = nil, transparent: Cell? = nil) {
        var target = Rect(origin: origin, size: layer.size).intersection(bounds)
        if let clip { target = target.intersection(clip) }
        guard !target.isEmpty else { return }
        let dx = target.minX - origin.x, dy = target.minY - origin.y
        for row in 0..<target.height {
            let y = target.minY + row
            let sourceStart = layer.index(dx, dy + row)
            if let transparent {
                for column in 0..<target.width {
                    let cell = layer.cells[sourceStart + column]
                    if cell == transparent { continue }
                    let x = target.minX + column
                    if cell.grapheme.isContinuation {
                        // Its left half was either written just before, or is transparent or
                        // clipped away: then only a blank can stand here.
                        if column > 0, layer.cells[sourceStart + column - 1] != transparent { continue }
                        unpair(row: y, from: x, to: x + 1)
                        cells[index(x, y)] = .blank(cell.style)
                    } else {
                        let wide = dx + column + 1 < layer.size.width
                            && layer.cells[sourceStart + column + 1].grapheme.isContinuation
                        if wide && column + 1 < target.width {
                            unpair(row: y, from: x, to: x + 2)
                            cells[index(x, y)] = cell
                            cells[index(x + 1, y)] = .continuation(cell.style)
                        } else {
                            unpair(row: y, from: x, to: x + 1)
                            cells[index(x, y)] = wide ? .blank(cell.style) : cell
                        }
                    }
                }
                continue
            }
            unpair(row: y, from: target.minX, to: target.maxX)
            let destinationStart = index(target.minX, y)
            cells.withUnsafeMutableBufferPointer { destination in
                layer.cells.withUnsafeBufferPointer { source in
                    for column in 0..<target.width {
                        destination[destinationStart + column] = source[sourceStart + column]
                    }
                }
            }
            // The layer's own pairs cut at the copied span's edges.
            if cells[destinationStart].grapheme.isContinuation {
                cells[destinationStart].grapheme = .space
            }
            let lastSource = dx + target.width - 1
            if lastSource + 1 < layer.size.width, layer.cells[sourceStart + target.width].grapheme.isContinuation {
                cells[destinationStart + target.width - 1].grapheme = .space
            }
        }
    }
}
