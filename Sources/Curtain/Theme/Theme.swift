import CurtainScreen

/// The colours of an interface by what they are for, not by what they are: body text, borders,
/// a toast, a selected row, an error. Views draw with a role (``Scene/theme``), so one
/// assignment re-colours a whole program — for a light terminal, say.
///
/// Each role is a `Style` (foreground, background, attributes). Roles that sit on the
/// terminal's own background (``text``, ``border``) leave the background as the terminal's
/// default; roles that fill an area (``toast``, ``helpBar``) set one.
public struct Theme: Sendable, Equatable {
    /// Body text.
    public var text: Style
    /// Text that says less: hints, captions, timestamps.
    public var secondaryText: Style
    /// Headings and the one thing to look at.
    public var accent: Style
    /// Pane borders.
    public var border: Style
    /// The border of the pane that holds the focus.
    public var focusedBorder: Style
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

    /// A theme with every role given; start from ``dark`` and change a few roles when only
    /// some differ. Each parameter sets the role of the same name.
    public init(text: Style, secondaryText: Style, accent: Style, border: Style, focusedBorder: Style,
                toast: Style, toastBorder: Style, sheet: Style, sheetBorder: Style, modal: Style, modalBorder: Style,
                helpBar: Style, helpKey: Style, selection: Style, inactiveSelection: Style, caret: Style,
                button: Style, focusedButton: Style, information: Style, warning: Style, error: Style) {
        self.text = text
        self.secondaryText = secondaryText
        self.accent = accent
        self.border = border
        self.focusedBorder = focusedBorder
        self.toast = toast
        self.toastBorder = toastBorder
        self.sheet = sheet
        self.sheetBorder = sheetBorder
        self.modal = modal
        self.modalBorder = modalBorder
        self.helpBar = helpBar
        self.helpKey = helpKey
        self.selection = selection
        self.inactiveSelection = inactiveSelection
        self.caret = caret
        self.button = button
        self.focusedButton = focusedButton
        self.information = information
        self.warning = warning
        self.error = error
    }
}

extension Theme {
    /// For a dark terminal background: light text, and areas in deep colours.
    public static let dark = Theme(
        text: Style(foreground: .indexed(252)),
        secondaryText: Style(foreground: .indexed(246)),
        accent: Style(foreground: .indexed(81), attributes: .bold),
        border: Style(foreground: .indexed(245)),
        focusedBorder: Style(foreground: .indexed(214), attributes: .bold),
        toast: Style(foreground: .indexed(231), background: .indexed(24)),
        toastBorder: Style(foreground: .indexed(230), background: .indexed(24)),
        sheet: Style(foreground: .indexed(231), background: .indexed(238)),
        sheetBorder: Style(foreground: .indexed(250), background: .indexed(238)),
        modal: Style(foreground: .indexed(231), background: .indexed(53)),
        modalBorder: Style(foreground: .indexed(223), background: .indexed(53)),
        helpBar: Style(foreground: .indexed(235), background: .indexed(250)),
        helpKey: Style(foreground: .indexed(17), background: .indexed(250), attributes: .bold),
        selection: Style(foreground: .indexed(231), background: .indexed(25), attributes: .bold),
        inactiveSelection: Style(foreground: .indexed(252), background: .indexed(239)),
        caret: Style(foreground: .indexed(235), background: .indexed(252)),
        button: Style(foreground: .indexed(252), background: .indexed(240)),
        focusedButton: Style(foreground: .indexed(16), background: .indexed(214), attributes: .bold),
        information: Style(foreground: .indexed(231), background: .indexed(24)),
        warning: Style(foreground: .indexed(16), background: .indexed(214)),
        error: Style(foreground: .indexed(231), background: .indexed(124)))
}
