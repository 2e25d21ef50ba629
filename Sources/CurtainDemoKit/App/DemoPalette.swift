import CurtainScreen

/// The demo's colours, in one place. 256-colour indexes; the backend reduces them where the
/// terminal has fewer.
enum DemoPalette {
    static let paneBorder = Style(foreground: .indexed(245))
    static let focusedBorder = Style(foreground: .indexed(214), attributes: .bold)
    static let helpBar = Style(foreground: .indexed(235), background: .indexed(250))
    static let helpKey = Style(foreground: .indexed(17), background: .indexed(250), attributes: .bold)
    static let text = Style(foreground: .indexed(252))
    static let accent = Style(foreground: .indexed(81), attributes: .bold)
    static let clock = Style(foreground: .indexed(120), attributes: .bold)
    static let toastBorder = Style(foreground: .indexed(230), background: .indexed(24))
    static let toastText = Style(foreground: .indexed(231), background: .indexed(24))
    /// Dark on light: without colours it shows in reverse video (see ColorReduction), and
    /// with them it costs no attribute changes (ncurses turns reverse off with a full reset).
    static let toastCaret = Style(foreground: .indexed(24), background: .indexed(230))
    static let modalBorder = Style(foreground: .indexed(223), background: .indexed(53))
    static let modalText = Style(foreground: .indexed(231), background: .indexed(53))
    static let warning = Style(foreground: .indexed(16), background: .indexed(214), attributes: .bold)
}
