import CurtainScreen

/// How many colours the terminal can show, as CurtainTerminal uses them.
///
/// Internal until CurtainScreen's `ColorDepth` lands; the session publishes only
/// ``TerminalSession/colorCount``.
enum TerminalColorDepth: Hashable, Sendable {
    /// No colours: the terminal has none, or the user set `NO_COLOR`. Dimming uses the faint
    /// attribute instead of darker colours.
    case monochrome
    /// The eight ANSI colours.
    case ansi8
    /// The sixteen ANSI colours (normal and bright).
    case ansi16
    /// The xterm 256-colour palette.
    case indexed256
    /// Direct colour (terminfo `RGB` flag, e.g. xterm-direct): colour numbers 0–7 are the ANSI
    /// colours, larger numbers are `0xRRGGBB`.
    case direct

    /// The depth for what terminfo and the environment report.
    ///
    /// - Parameters:
    ///   - colors: `COLORS` after `start_color`.
    ///   - hasColors: `has_colors()`.
    ///   - noColor: the `NO_COLOR` environment variable; any non-empty value means monochrome
    ///     (https://no-color.org).
    ///   - directColorFlag: terminfo's `RGB` flag.
    static func detect(colors: Int, hasColors: Bool, noColor: String?, directColorFlag: Bool) -> TerminalColorDepth {
        if ColorDepth.noColorRequested(by: noColor) { return .monochrome }
        guard hasColors else { return .monochrome }
        if directColorFlag, colors >= 0x100_0000 { return .direct }
        if colors >= 256 { return .indexed256 }
        if colors >= 16 { return .ansi16 }
        if colors >= 8 { return .ansi8 }
        return .monochrome
    }

    /// The number of colours programs should assume (0 for monochrome).
    var colorCount: Int {
        switch self {
        case .monochrome: 0
        case .ansi8: 8
        case .ansi16: 16
        case .indexed256: 256
        case .direct: 0x100_0000
        }
    }
}

extension TerminalColorDepth {
    /// The same depth as CurtainScreen names it, for what is shared: which depths show the dim
    /// as faint, and colour reduction for encoders that must show what the terminal showed.
    var colorDepth: ColorDepth {
        switch self {
        case .monochrome: .monochrome
        case .ansi8: .ansi8
        case .ansi16: .ansi16
        case .indexed256: .indexed256
        case .direct: .trueColor
        }
    }

    /// True where blended (darkened) colours cannot be shown faithfully, so dimming uses the
    /// faint attribute instead (see ``ColorDepth/showsDimAsFaint``).
    var showsDimAsFaint: Bool { colorDepth.showsDimAsFaint }
}
