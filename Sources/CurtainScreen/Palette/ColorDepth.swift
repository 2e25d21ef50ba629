/// How many colours a terminal can show.
public enum ColorDepth: Hashable, Sendable, CaseIterable {
    /// 24-bit direct colour (`38;2;r;g;b`).
    case trueColor
    /// The xterm 256-colour palette.
    case indexed256
    /// The 16 ANSI colours (8 plus their bright forms).
    case ansi16
    /// The 8 basic ANSI colours.
    case ansi8
    /// No colours at all, only attributes.
    case monochrome
}

extension ColorDepth {
    /// True where blended (darkened) colours cannot be shown faithfully, so a dimmed cell
    /// (``Style/isDimmed``) is shown with the faint attribute instead: no colours, or only the
    /// 8 or 16 ANSI ones (dark blends mostly land on black). Every backend and encoder decides
    /// it here.
    public var showsDimAsFaint: Bool {
        switch self {
        case .monochrome, .ansi8, .ansi16: true
        case .indexed256, .trueColor: false
        }
    }

    /// Whether the `NO_COLOR` environment variable's value asks for no colours: any non-empty
    /// value does, unset or empty does not (https://no-color.org).
    public static func noColorRequested(by value: String?) -> Bool {
        guard let value else { return false }
        return !value.isEmpty
    }
}
