import CurtainScreen

/// An opaque colour of a picture, 0xRRGGBB.
typealias RGB = UInt32

extension RGB {
    init(_ c: (red: UInt8, green: UInt8, blue: UInt8)) {
        self = UInt32(c.red) << 16 | UInt32(c.green) << 8 | UInt32(c.blue)
    }

    var red: UInt32 { self >> 16 & 0xFF }
    var green: UInt32 { self >> 8 & 0xFF }
    var blue: UInt32 { self & 0xFF }

    /// `self` over `base` with `alpha` of 255 (integer arithmetic: the same bytes everywhere).
    func blended(over base: RGB, alpha: UInt32) -> RGB {
        let a = alpha, b = 255 - alpha
        let r = (red * a + base.red * b + 127) / 255
        let g = (green * a + base.green * b + 127) / 255
        let bl = (blue * a + base.blue * b + 127) / 255
        return r << 16 | g << 8 | bl
    }

    /// `#rrggbb`, or `#rgb` when that says the same.
    var hex: String {
        let digits = Array("0123456789abcdef")
        let nibbles = (0..<6).map { Int(self >> UInt32(20 - 4 * $0) & 0xF) }
        if nibbles[0] == nibbles[1], nibbles[2] == nibbles[3], nibbles[4] == nibbles[5] {
            return "#" + String([digits[nibbles[0]], digits[nibbles[2]], digits[nibbles[4]]])
        }
        return "#" + String(nibbles.map { digits[$0] })
    }
}

/// What a cell looks like on the picture: the colours its style resolves to on a terminal with
/// the recording's theme (default colours, xterm's palette), reverse and faint applied.
struct CellPaint: Hashable {
    var foreground: RGB
    var background: RGB
    var bold: Bool
    var italic: Bool
    var underline: Bool

    /// `style`, already reduced to the recording's depth, on a terminal of `colors`.
    init(_ style: Style, colors: TerminalColors) {
        let defaultForeground = RGB(colors.foreground), defaultBackground = RGB(colors.background)
        var fg = style.foreground.resolvedRGB.map(RGB.init) ?? defaultForeground
        var bg = style.background.resolvedRGB.map(RGB.init) ?? defaultBackground
        let attributes = style.attributes
        if attributes.contains(.reverse) { swap(&fg, &bg) }
        if attributes.contains(.dim) { fg = fg.blended(over: bg, alpha: 140) }
        foreground = fg
        background = bg
        bold = attributes.contains(.bold)
        italic = attributes.contains(.italic)
        underline = attributes.contains(.underline)
    }
}
