/// What a backend knows about how the screen shows colours: how many it has, and the
/// terminal's own foreground and background when it could find out (the terminal answered
/// OSC 10 and 11, `COLORFGBG` said, or the user did with `CURTAIN_BACKGROUND`).
public struct TerminalAppearance: Sendable, Equatable {
    public var colorDepth: ColorDepth
    /// The terminal's default colours, when known.
    public var colors: TerminalColors?

    public init(colorDepth: ColorDepth, colors: TerminalColors? = nil) {
        self.colorDepth = colorDepth
        self.colors = colors
    }

    /// Whether the background is light; unknown counts as dark, what most terminals are.
    public var isLight: Bool { colors?.isLight ?? false }

    /// True colour on an unknown (so assumed dark) background.
    public static let unknown = TerminalAppearance(colorDepth: .trueColor)
}
