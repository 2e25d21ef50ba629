import Curtain
import CurtainScreen

/// The demo's own colours, where the theme has no role for them: the coloured paragraphs,
/// the clock, the elapsed-time bar, the colour bands. Each is chosen for the theme — light or
/// dark, and the colour depth it is designed for — so the demo reads on every terminal. Body
/// text, borders, toasts, the modal and the help bar come from the theme's roles.
enum DemoPalette {
    /// The three lines of the Unicode pane (CJK, emoji, Latin accents).
    static func paragraphs(_ theme: Theme) -> [Style] {
        switch (theme.colorDepth, theme.isLight) {
        case (.monochrome, _): return [.plain, .plain, .plain]
        case (.ansi8, false): return [Style(foreground: .indexed(2)), Style(foreground: .indexed(3)), Style(foreground: .indexed(6))]
        case (.ansi8, true): return [Style(foreground: .indexed(5)), Style(foreground: .indexed(1)), Style(foreground: .indexed(4))]
        case (.ansi16, false): return [Style(foreground: .indexed(13)), Style(foreground: .indexed(11)), Style(foreground: .indexed(14))]
        case (.ansi16, true): return [Style(foreground: .indexed(5)), Style(foreground: .indexed(1)), Style(foreground: .indexed(4))]
        case (_, false): return [Style(foreground: .indexed(218)), Style(foreground: .indexed(229)), Style(foreground: .indexed(159))]
        case (_, true): return [Style(foreground: .indexed(125)), Style(foreground: .indexed(94)), Style(foreground: .indexed(24))]
        }
    }

    /// The elapsed time's digits. Bold only where it is the one thing setting them apart (no
    /// colours) or part of the palette's look (8 and 16 colours); with 256 colours and more
    /// their colour does it, and bold would cost each tick of the idle clock 7 of its bytes
    /// (bold on, then off again before the bar; the figures: docs/PERFORMANCE.md).
    static func clock(_ theme: Theme) -> Style {
        switch (theme.colorDepth, theme.isLight) {
        case (.monochrome, _): return Style(attributes: .bold)
        case (.ansi8, false): return Style(foreground: .indexed(2), attributes: .bold)
        case (.ansi8, true), (.ansi16, true): return Style(foreground: .indexed(4), attributes: .bold)
        case (.ansi16, false): return Style(foreground: .indexed(10), attributes: .bold)
        case (_, false): return Style(foreground: .indexed(120))
        case (_, true): return Style(foreground: .indexed(22))
        }
    }

    /// The bar that grows once a second. With 256 colours and more it takes the digits' own
    /// colour: a tick changes a digit and the bar's next cell, and with one colour for both the
    /// terminal is told it once — a 24-bit colour is 16 to 20 bytes a time, so a tick stays
    /// under 50 bytes at every depth (docs/PERFORMANCE.md).
    static func bar(_ theme: Theme) -> Style {
        switch (theme.colorDepth, theme.isLight) {
        case (.monochrome, _): return .plain
        case (.ansi8, false), (.ansi16, false): return Style(foreground: .indexed(2))
        case (.ansi8, true), (.ansi16, true): return Style(foreground: .indexed(4))
        case (_, _): return Style(foreground: clock(theme).foreground)
        }
    }
}
