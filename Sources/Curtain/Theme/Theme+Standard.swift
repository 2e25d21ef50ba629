extension Theme {
    /// The theme for a terminal: light or dark after its background, designed for its colour
    /// depth (see the type's overview), with ASCII stand-ins for views' own text where the
    /// terminal does not show Unicode. An unknown background counts as dark.
    public static func standard(for appearance: TerminalAppearance) -> Theme {
        let light = appearance.isLight
        let terminal = appearance.colors ?? (light ? .light : .dark)
        var theme: Theme
        switch appearance.colorDepth {
        case .trueColor, .indexed256: theme = light ? .light256 : .dark256
        case .ansi16: theme = light ? .light16 : .dark16
        case .ansi8: theme = light ? .light8 : .dark8
        case .monochrome: theme = .monochrome
        }
        theme.terminal = terminal
        theme.knowsTerminalColors = appearance.colors != nil
        theme.colorDepth = appearance.colorDepth
        theme.supportsUnicode = appearance.supportsUnicode
        return theme
    }

    /// For a dark terminal with 256 colours or more (the theme before anything is known).
    public static let dark = Theme.standard(for: .unknown)

    /// For a light terminal with 256 colours or more.
    public static let light = Theme.standard(for: TerminalAppearance(colorDepth: .trueColor, colors: .light))
}

// The palettes. Colours are xterm's indexed colours, exact at 256 colours and in true colour;
// the 16- and 8-colour palettes use only the ANSI colours, and bold only where the text still
// reads when drawn bright: xterm (by default) draws bold text in colours 0–7 in their bright
// forms, so bold blue on grey or bold black on yellow would fall below 4.5:1 there. Contrast of each role against its
// background is checked by ThemeContrastTests for every theme and depth.
//
// A dim on a light terminal with 8 or 16 colours steps the white background to grey and
// leaves black text black, and the pane under a toast or a modal loses its focus at the same
// time: a focused look in a colour (magenta, bold blue) would be followed by black titles that
// stand out more under the dim than the colour did before it. So on light terminals with
// 8 or 16 colours focus is black, a heavy line and an underlined title: nothing drawn on the
// dimmed grey stands out more than it did (bold would not do: xterm draws bold black grey).
// On dark terminals an unfocused title is light grey (7 with 16 colours, 250 with 256): grey
// 8 or 245 is 4.1–4.2:1 on a background as common as #1e1e1e.

private func on(_ foreground: UInt8?, _ background: UInt8?, _ attributes: TextAttributes = []) -> Style {
    Style(foreground: foreground.map(Color.indexed) ?? .default, background: background.map(Color.indexed) ?? .default,
          attributes: attributes)
}

private extension Theme {
    init(text: Style, secondaryText: Style, accent: Style, border: Style, title: Style? = nil, focusedBorder: Style,
         focusedTitle: Style? = nil,
         focusedBorderLine: BoxBorder = .single, toast: Style, toastBorder: Style, sheet: Style, sheetBorder: Style,
         modal: Style, modalBorder: Style, helpBar: Style, helpKey: Style, selection: Style, inactiveSelection: Style,
         caret: Style, button: Style, focusedButton: Style, information: Style, warning: Style, error: Style,
         terminal: TerminalColors, colorDepth: ColorDepth) {
        self.text = text
        self.secondaryText = secondaryText
        self.accent = accent
        self.border = border
        self.title = title ?? border
        self.focusedBorder = focusedBorder
        self.focusedTitle = focusedTitle ?? focusedBorder
        self.focusedBorderLine = focusedBorderLine
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
        self.terminal = terminal
        self.knowsTerminalColors = false
        self.colorDepth = colorDepth
    }

    static let dark256 = Theme(
        text: on(nil, nil), secondaryText: on(246, nil), accent: on(81, nil, .bold),
        border: on(245, nil), title: on(250, nil), focusedBorder: on(214, nil, .bold),
        toast: on(231, 24), toastBorder: on(230, 24), sheet: on(231, 238), sheetBorder: on(250, 238),
        modal: on(231, 53), modalBorder: on(223, 53), helpBar: on(235, 250), helpKey: on(17, 250, .bold),
        selection: on(231, 25, .bold), inactiveSelection: on(252, 239), caret: on(24, 230),
        button: on(252, 240), focusedButton: on(16, 214, .bold),
        information: on(231, 24), warning: on(16, 214), error: on(231, 124),
        terminal: .dark, colorDepth: .trueColor)

    static let light256 = Theme(
        text: on(nil, nil), secondaryText: on(241, nil), accent: on(25, nil, .bold),
        border: on(244, nil), title: on(241, nil), focusedBorder: on(130, nil, .bold),
        toast: on(231, 24), toastBorder: on(230, 24), sheet: on(16, 254), sheetBorder: on(241, 254),
        modal: on(231, 53), modalBorder: on(223, 53), helpBar: on(255, 237), helpKey: on(221, 237, .bold),
        selection: on(231, 25, .bold), inactiveSelection: on(16, 252), caret: on(24, 230),
        button: on(16, 250), focusedButton: on(231, 25, .bold),
        information: on(231, 24), warning: on(16, 214), error: on(231, 124),
        terminal: .light, colorDepth: .trueColor)

    // Secondary text at 16 colours: palette 8 (xterm's #7f7f7f) read 4.16:1 on a dark and
    // 4.00:1 on a light terminal, under WCAG AA's 4.5:1 for text; 7 and 4 are what the
    // 8-colour themes use, and read at 16 colours too.
    static let dark16 = Theme(
        text: on(nil, nil), secondaryText: on(7, nil), accent: on(14, nil, .bold),
        border: on(8, nil), title: on(7, nil), focusedBorder: on(11, nil, .bold),
        toast: on(15, 4), toastBorder: on(15, 4), sheet: on(0, 7), sheetBorder: on(0, 7),
        modal: on(15, 5), modalBorder: on(15, 5), helpBar: on(0, 7), helpKey: on(4, 7),
        selection: on(15, 4, .bold), inactiveSelection: on(0, 7), caret: on(0, 15),
        button: on(0, 7), focusedButton: on(0, 11),
        information: on(15, 4), warning: on(0, 11), error: on(15, 1),
        terminal: .dark, colorDepth: .ansi16)

    static let light16 = Theme(
        text: on(nil, nil), secondaryText: on(4, nil), accent: on(4, nil, .bold),
        border: on(8, nil), title: on(0, nil), focusedBorder: on(0, nil), focusedTitle: on(0, nil, .underline),
        focusedBorderLine: .heavy, toast: on(15, 4), toastBorder: on(15, 4), sheet: on(0, 7), sheetBorder: on(0, 7),
        modal: on(15, 5), modalBorder: on(15, 5), helpBar: on(15, 0), helpKey: on(11, 0, .bold),
        selection: on(15, 4, .bold), inactiveSelection: on(0, 7), caret: on(15, 0),
        button: on(0, 7), focusedButton: on(15, 4, .bold),
        information: on(15, 4), warning: on(0, 11), error: on(15, 1),
        terminal: .light, colorDepth: .ansi16)

    static let dark8 = Theme(
        text: on(nil, nil), secondaryText: on(7, nil), accent: on(6, nil, .bold),
        border: on(7, nil), focusedBorder: on(3, nil, .bold),
        toast: on(7, 4), toastBorder: on(7, 4), sheet: on(0, 7), sheetBorder: on(0, 7),
        modal: on(0, 6), modalBorder: on(0, 6), helpBar: on(0, 7), helpKey: on(4, 7),
        selection: on(7, 4, .bold), inactiveSelection: on(0, 7), caret: on(0, 7),
        button: on(0, 7), focusedButton: on(0, 3),
        information: on(7, 4), warning: on(0, 3), error: on(7, 1),
        terminal: .dark, colorDepth: .ansi8)

    static let light8 = Theme(
        text: on(nil, nil), secondaryText: on(4, nil), accent: on(4, nil, .bold),
        border: on(0, nil), focusedBorder: on(0, nil), focusedTitle: on(0, nil, .underline), focusedBorderLine: .heavy,
        toast: on(7, 4), toastBorder: on(7, 4), sheet: on(0, 7), sheetBorder: on(0, 7),
        modal: on(0, 6), modalBorder: on(0, 6), helpBar: on(7, 0), helpKey: on(3, 0, .bold),
        selection: on(7, 4, .bold), inactiveSelection: on(0, 7), caret: on(7, 0),
        button: on(0, 7), focusedButton: on(7, 4, .bold),
        information: on(7, 4), warning: on(0, 3), error: on(7, 1),
        terminal: .light, colorDepth: .ansi8)

    /// No colours: emphasis by attributes. Areas that fill (toasts, bars, selections) are in
    /// reverse video so they stand apart; focus is a heavy border with its title reversed.
    static let monochrome = Theme(
        text: on(nil, nil), secondaryText: on(nil, nil), accent: on(nil, nil, .bold),
        border: on(nil, nil), focusedBorder: on(nil, nil, .bold), focusedTitle: on(nil, nil, [.bold, .reverse]),
        focusedBorderLine: .heavy,
        toast: on(nil, nil, .reverse), toastBorder: on(nil, nil, .reverse), sheet: on(nil, nil, .reverse),
        sheetBorder: on(nil, nil, .reverse), modal: on(nil, nil), modalBorder: on(nil, nil, .bold),
        helpBar: on(nil, nil, .reverse), helpKey: on(nil, nil, [.reverse, .bold]),
        selection: on(nil, nil, [.reverse, .bold]), inactiveSelection: on(nil, nil, .reverse), caret: on(nil, nil, .reverse),
        button: on(nil, nil, .reverse), focusedButton: on(nil, nil, [.reverse, .bold, .underline]),
        information: on(nil, nil, .reverse), warning: on(nil, nil, [.reverse, .bold]), error: on(nil, nil, [.reverse, .bold]),
        terminal: .dark, colorDepth: .monochrome)
}
