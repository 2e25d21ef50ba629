/// What a backend knows about how the screen shows colours and text: how many colours it
/// has, the terminal's own foreground and background when it could find out (the terminal
/// answered OSC 10 and 11, `COLORFGBG` said, or the user did with `CURTAIN_BACKGROUND`), and
/// whether it shows Unicode.
public struct TerminalAppearance: Sendable, Equatable {
    public var colorDepth: ColorDepth
    /// The terminal's default colours, when known.
    public var colors: TerminalColors?
    /// Whether text reaches the screen as Unicode: false where the locale's character set is
    /// not UTF-8 (`LANG=C`), and views then show ASCII stand-ins for their own text
    /// (``Theme/displayable(_:)``).
    public var supportsUnicode: Bool

    /// An appearance.
    ///
    /// - Parameters:
    ///   - colorDepth: how many colours the screen shows.
    ///   - colors: the terminal's default colours, when known; nil by default.
    ///   - supportsUnicode: whether the screen shows Unicode text; true by default.
    public init(colorDepth: ColorDepth, colors: TerminalColors? = nil, supportsUnicode: Bool = true) {
        self.colorDepth = colorDepth
        self.colors = colors
        self.supportsUnicode = supportsUnicode
    }

    /// Whether the background is light; unknown counts as dark, what most terminals are.
    public var isLight: Bool { colors?.isLight ?? false }

    /// True colour on an unknown (so assumed dark) background, with Unicode.
    public static let unknown = TerminalAppearance(colorDepth: .trueColor)
}
