import CurtainScreen

extension TerminalColorDepth {
    /// The ncurses colour number that shows `color` on a terminal of this depth: -1 for the
    /// terminal's default colour (and for every colour on a monochrome terminal), otherwise the
    /// nearest colour the terminal has.
    ///
    /// The single place colours are reduced; it switches to CurtainScreen's colour reduction once
    /// that exists.
    func colorNumber(for color: Color) -> Int32 {
        if color.isDefault { return -1 }
        switch self {
        case .monochrome:
            return -1
        case .indexed256:
            if let index = color.index { return Int32(index) }
            return Int32(XtermPalette.nearest256(Self.rgb(of: color)))
        case .ansi16:
            if let index = color.index, index < 16 { return Int32(index) }
            return Int32(XtermPalette.nearestANSI(Self.rgb(of: color), count: 16))
        case .ansi8:
            if let index = color.index {
                if index < 8 { return Int32(index) }
                if index < 16 { return Int32(index - 8) } // bright → normal
            }
            return Int32(XtermPalette.nearestANSI(Self.rgb(of: color), count: 8))
        case .direct:
            if let index = color.index, index < 8 { return Int32(index) }
            let rgb = Self.rgb(of: color)
            let packed = Int32(rgb.red << 16 | rgb.green << 8 | rgb.blue)
            return max(packed, 8) // 0–7 would be the ANSI colours; 8 is a near-black blue
        }
    }

    static func rgb(of color: Color) -> XtermPalette.RGB {
        if let c = color.rgbComponents { return XtermPalette.RGB(red: Int(c.red), green: Int(c.green), blue: Int(c.blue)) }
        if let index = color.index { return XtermPalette.rgb(index) }
        return XtermPalette.RGB(red: 0, green: 0, blue: 0)
    }
}
