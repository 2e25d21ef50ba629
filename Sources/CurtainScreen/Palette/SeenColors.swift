/// The colours a person sees in a cell: what a terminal with `terminal` as its default colours
/// and xterm's palette draws for a style that has already been reduced to the terminal's colour
/// depth (`CellBuffer.reducingColors(to:)`, as the backends and `--output ansi` do). The ANSI
/// dim keeps every cell's contrast from rising through it, and the contrast tests read cells
/// with it.
///
/// Reverse video swaps the two. Faint text is modelled as most terminals draw it (VTE, kitty,
/// tmux into them): the foreground halfway to the background. Bold is drawn in the same colour,
/// or with `boldIsBright` as xterm draws it by default (its `boldColors` resource): bold text in
/// one of the eight basic colours (0–7) in that colour's bright form (8–15).
package struct SeenColors {
    package typealias RGB = (red: UInt8, green: UInt8, blue: UInt8)

    package var foreground: RGB
    package var background: RGB

    /// Both ways a terminal may draw bold text in the basic colours: as set, and brightened.
    package static func bothBoldModels(_ style: Style, terminal: TerminalColors) -> [SeenColors] {
        [SeenColors(style, terminal: terminal), SeenColors(style, terminal: terminal, boldIsBright: true)]
    }

    package init(_ style: Style, terminal: TerminalColors, boldIsBright: Bool = false) {
        var style = style
        if boldIsBright, style.attributes.contains(.bold), let index = style.foreground.index, index < 8 {
            style.foreground = .indexed(index + 8)
        }
        func resolve(_ color: Color, default fallback: RGB) -> RGB {
            if color.isDefault { return fallback }
            if let index = color.index { return Palette.rgb(of: index) }
            return color.rgbComponents ?? fallback
        }
        var fg = resolve(style.foreground, default: terminal.foreground)
        var bg = resolve(style.background, default: terminal.background)
        if style.attributes.contains(.reverse) { swap(&fg, &bg) }
        if style.attributes.contains(.dim) {
            func mid(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Int(a) + Int(b)) / 2) }
            fg = (mid(fg.red, bg.red), mid(fg.green, bg.green), mid(fg.blue, bg.blue))
        }
        foreground = fg
        background = bg
    }

    /// The WCAG 2 contrast ratio of the text against its background.
    package var contrast: Double { Contrast.ratio(foreground, background) }

    /// Whether the text is darker than its background (dark on light).
    package var isDarkText: Bool { foregroundLuminance < backgroundLuminance }

    package var foregroundLuminance: Double { Contrast.luminance(foreground) }
    package var backgroundLuminance: Double { Contrast.luminance(background) }
}
