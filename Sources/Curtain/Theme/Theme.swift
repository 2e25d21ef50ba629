import CurtainScreen

/// The colours of an interface by what they are for, not by what they are: body text, borders,
/// a toast, a selected row, an error. Views draw with a role (``Scene/theme``), so one
/// assignment re-colours a whole program — for a light terminal, say.
///
/// Each role is a `Style` (foreground, background, attributes). Roles that sit on the
/// terminal's own background (``text``, ``border``) leave the background as the terminal's
/// default; roles that fill an area (``toast``, ``helpBar``) set one.
///
/// ``standard(for:)`` gives the theme for a terminal: light or dark after its background, and
/// designed for its colour depth — true colour and 256 colours share colours, 16 and 8 colours
/// each have a palette of their own, no colour has attributes only. In every one, body text has
/// a contrast of at least 4.5:1 against its background and borders and secondary text at least
/// 3:1 (WCAG 2, with xterm's palette for the ANSI colours). To change a role, copy a standard
/// theme and set it:
///
/// ```swift
/// var theme = Theme.standard(for: TerminalAppearance(colorDepth: .trueColor, colors: .dark))
/// theme.accent = Style(foreground: .rgb(255, 120, 0), attributes: .bold)
/// scene.theme = theme
/// ```
public struct Theme: Sendable, Equatable {
    /// Body text.
    public var text: Style
    /// Text that says less: hints, captions, timestamps.
    public var secondaryText: Style
    /// Headings and the one thing to look at.
    public var accent: Style
    /// Pane borders.
    public var border: Style
    /// The title in the border of a pane that does not hold the focus: text, so it reads at
    /// 4.5:1 where ``border`` needs only 3:1.
    public var title: Style
    /// The border of the pane that holds the focus.
    public var focusedBorder: Style
    /// The title in the border of the pane that holds the focus: in reverse video without
    /// colours, so focus shows by more than a bold title.
    public var focusedTitle: Style
    /// The line the border of the pane that holds the focus is drawn with: heavy without
    /// colours, the same as the others otherwise.
    public var focusedBorderLine: BoxBorder
    /// A toast's area and text.
    public var toast: Style
    /// A toast's border line and the text in it.
    public var toastBorder: Style
    /// A sheet's or card's area and text.
    public var sheet: Style
    /// A sheet's or card's border line and the title in it.
    public var sheetBorder: Style
    /// A modal's area and text.
    public var modal: Style
    /// A modal's border line and the title in it.
    public var modalBorder: Style
    /// A help or status bar.
    public var helpBar: Style
    /// The keys named in a help bar.
    public var helpKey: Style
    /// The selected row of a list that has focus.
    public var selection: Style
    /// The selected row of a list that does not have focus.
    public var inactiveSelection: Style
    /// The cell where typing goes, in a text field with focus.
    public var caret: Style
    /// A dialog button without focus.
    public var button: Style
    /// The dialog button that has focus: the one Enter activates.
    public var focusedButton: Style
    /// A notification that informs: its area and text.
    public var information: Style
    /// A notification that warns: its area and text.
    public var warning: Style
    /// A notification of an error: its area and text.
    public var error: Style

    /// The terminal's own colours, as known or assumed: what a dim blends the default colours
    /// to, and what contrast is measured against.
    public var terminal: TerminalColors
    /// Whether ``terminal`` is what the terminal said (or the user did), not a guess: only then
    /// does a dim paint cells in the default colours (blended), since painting a guessed black
    /// over a terminal's own dark blue would show as a black patch.
    public var knowsTerminalColors: Bool
    /// The colour depth the theme is designed for.
    public var colorDepth: ColorDepth
    /// Whether the terminal shows Unicode text; when it does not, ``displayable(_:)`` gives
    /// views ASCII stand-ins for their own text. True unless the standard theme was made for a
    /// terminal whose locale is not UTF-8.
    public var supportsUnicode = true

    /// Whether the theme is for a light terminal background.
    public var isLight: Bool { terminal.isLight }

    /// How dims darken with this theme: blended colours where the terminal shows them
    /// (256 colours and more), darker palette colours and the faint attribute with 8 or 16
    /// colours, the faint attribute alone without colours.
    public var dimMethod: DimMethod {
        switch colorDepth {
        case .trueColor, .indexed256: .blend(terminal: knowsTerminalColors ? terminal : nil)
        case .ansi16: .ansi(terminal: terminal, hasBrightColors: true)
        case .ansi8: .ansi(terminal: terminal, hasBrightColors: false)
        case .monochrome: .faint
        }
    }

    public static func == (lhs: Theme, rhs: Theme) -> Bool {
        lhs.roles == rhs.roles && lhs.terminal == rhs.terminal && lhs.colorDepth == rhs.colorDepth
            && lhs.knowsTerminalColors == rhs.knowsTerminalColors
            && lhs.focusedBorderLine == rhs.focusedBorderLine && lhs.supportsUnicode == rhs.supportsUnicode
    }

    /// Every role, for comparing and for checking contrast.
    public var roles: [Style] {
        [text, secondaryText, accent, border, title, focusedBorder, focusedTitle, toast, toastBorder, sheet, sheetBorder,
         modal, modalBorder, helpBar, helpKey, selection, inactiveSelection, caret, button, focusedButton,
         information, warning, error]
    }
}
