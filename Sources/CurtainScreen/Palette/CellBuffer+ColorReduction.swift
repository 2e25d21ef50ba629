extension CellBuffer {
    /// This buffer as a terminal of `depth` shows it: every cell's style reduced by
    /// ``ColorReduction/reduce(_:to:)-(Style,_)``, so dimmed cells turn faint where the depth
    /// cannot show the blend. For encoders that must show what such a terminal showed (a
    /// recording of a `NO_COLOR` session). True colour returns the buffer unchanged.
    public func reducingColors(to depth: ColorDepth) -> CellBuffer {
        guard depth != .trueColor else { return self }
        var result = self
        result.cells.withUnsafeMutableBufferPointer { cells in
            // Neighbouring cells mostly share a style: reduce each distinct style once.
            var lastIn: Style?, lastOut = Style.plain
            for i in cells.indices {
                let style = cells[i].style
                if style != lastIn {
                    lastIn = style
                    lastOut = ColorReduction.reduce(style, to: depth)
                }
                cells[i].style = lastOut
            }
        }
        return result
    }
}
