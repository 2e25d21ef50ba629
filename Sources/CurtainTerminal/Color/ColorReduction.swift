import CurtainScreen

extension TerminalColorDepth {
    /// The ncurses colour number that shows `color` on a terminal of this depth: -1 for the
    /// terminal's default colour (and for every colour on a monochrome terminal), otherwise the
    /// nearest colour the terminal has.
    ///
    /// The palette depths reduce with CurtainScreen's ``ColorReduction``, the same function the
    /// recorder uses, so a cast shows the colours the terminal showed.
    func colorNumber(for color: Color) -> Int32 {
        if color.isDefault { return -1 }
        switch self {
        case .monochrome:
            return -1
        case .indexed256, .ansi16, .ansi8:
            return ColorReduction.reduce(color, to: colorDepth).index.map(Int32.init) ?? -1
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
