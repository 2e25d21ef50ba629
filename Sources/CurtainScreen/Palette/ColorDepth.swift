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
