import CurtainScreen

/// What CurtainTerminal needs of CurtainScreen's ``ColorDepth``: detecting it from terminfo and
/// turning colours into ncurses colour numbers.
extension ColorDepth {
    /// The depth for what terminfo and the environment report.
    ///
    /// - Parameters:
    ///   - colors: `COLORS` after `start_color`.
    ///   - hasColors: `has_colors()`.
    ///   - noColor: the `NO_COLOR` environment variable; any non-empty value means monochrome
    ///     (https://no-color.org).
    ///   - directColorFlag: terminfo's `RGB` flag (xterm-direct): colour numbers are `0xRRGGBB`.
    static func detect(colors: Int, hasColors: Bool, noColor: String?, directColorFlag: Bool) -> ColorDepth {
        if noColorRequested(by: noColor) { return .monochrome }
        guard hasColors else { return .monochrome }
        if directColorFlag, colors >= 0x100_0000 { return .trueColor }
        if colors >= 256 { return .indexed256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .monochrome
    }

    /// The ncurses colour number that shows `color` on a terminal of this depth: -1 for the
    /// terminal's default colour (and for every colour on a monochrome terminal), otherwise the
    /// nearest colour the terminal has.
    ///
    /// The palette depths reduce with ``ColorReduction``, the same function the recorder uses,
    /// so a cast shows the colours the terminal showed. In direct colour, numbers 0–7 are the
    /// ANSI colours and larger ones `0xRRGGBB`.
    func colorNumber(for color: Color) -> Int32 {
        if color.isDefault { return -1 }
        switch self {
        case .monochrome:
            return -1
        case .indexed256, .ansi16, .ansi8:
            return ColorReduction.reduce(color, to: self).index.map(Int32.init) ?? -1
        case .trueColor:
            if let index = color.index, index < 8 { return Int32(index) }
            guard let rgb = color.resolvedRGB else { return -1 }
            let packed = Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
            return max(packed, 8) // 0–7 would be the ANSI colours; 8 is a near-black blue
        }
    }
}

extension ColorDepth {
    /// How many colours a depth shows, for comparing depths.
    private var rank: Int {
        switch self {
        case .monochrome: 0
        case .ansi8: 1
        case .ansi16: 2
        case .indexed256: 3
        case .trueColor: 4
        }
    }

    /// This depth, or `limit` when that shows fewer colours: what a terminal of this depth
    /// draws for a program that asks for `limit`.
    func limited(to limit: ColorDepth) -> ColorDepth { limit.rank < rank ? limit : self }
}
