/// The colours a terminal draws "default" in, as far as they are known (it answered OSC 10
/// and 11, or the user said): what a dim blends and what contrast is measured against.
public struct TerminalColors: Sendable, Equatable {
    /// The colour of text drawn in the default foreground.
    public var foreground: (red: UInt8, green: UInt8, blue: UInt8)
    /// The colour of cells drawn on the default background.
    public var background: (red: UInt8, green: UInt8, blue: UInt8)

    /// A terminal that draws its default colours as `foreground` on `background`.
    public init(foreground: (red: UInt8, green: UInt8, blue: UInt8), background: (red: UInt8, green: UInt8, blue: UInt8)) {
        self.foreground = foreground
        self.background = background
    }

    /// Light text on black: what a dark terminal is assumed to be.
    public static let dark = TerminalColors(foreground: (229, 229, 229), background: (0, 0, 0))
    /// Black text on white: what a light terminal is assumed to be.
    public static let light = TerminalColors(foreground: (0, 0, 0), background: (255, 255, 255))

    /// Whether the background is light (its luminance above the middle).
    public var isLight: Bool { Contrast.luminance(background) > Self.lightLuminance }

    public static func == (lhs: TerminalColors, rhs: TerminalColors) -> Bool {
        lhs.foreground == rhs.foreground && lhs.background == rhs.background
    }
}

extension TerminalColors {
    /// The colours for a background the user named: `light`, `dark` or a hex colour
    /// (`#rrggbb` or `rrggbb`, any case), as `--background` and `CURTAIN_BACKGROUND` take it.
    /// The foreground is the standard one for a light or a dark background. Nil for anything
    /// else.
    public init?(backgroundNamed name: String) {
        switch name.lowercased() {
        case "light": self = .light
        case "dark": self = .dark
        case let hex:
            let digits = hex.hasPrefix("#") ? hex.dropFirst() : Substring(hex)
            guard digits.count == 6, digits.utf8.allSatisfy({ $0 < 0x80 }), let value = UInt32(digits, radix: 16) else {
                return nil
            }
            let background = (red: UInt8(value >> 16 & 0xFF), green: UInt8(value >> 8 & 0xFF), blue: UInt8(value & 0xFF))
            self.init(background: background)
        }
    }

    /// A terminal with `background` and the standard foreground for it: black on a light
    /// background, light grey on a dark one.
    public init(background: (red: UInt8, green: UInt8, blue: UInt8)) {
        let onLight = Contrast.luminance(background) > Self.lightLuminance
        self.init(foreground: onLight ? Self.light.foreground : Self.dark.foreground, background: background)
    }

    /// The luminance above which a background counts as light: where black and white text
    /// have the same contrast against it.
    static let lightLuminance = 0.18
}
