import Curtain
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// The terminal's default colours from what the environment says, before asking the terminal:
/// `CURTAIN_BACKGROUND` (`light`, `dark` or `#rrggbb`: the user's word, which wins), then
/// `COLORFGBG` (`"15;0"`: rxvt's foreground;background ANSI numbers). Nil when neither says.
package enum TerminalColorsGuess {
    /// The line that says `CURTAIN_BACKGROUND` names no background and is ignored, or nil when
    /// it is unset or readable: told before the terminal is taken (``Curtain/App/run(programName:)``,
    /// the demo).
    package static func environmentWarning() -> String? {
        guard let value = environment("CURTAIN_BACKGROUND"), !value.isEmpty, requested(value) == nil else { return nil }
        return "warning: CURTAIN_BACKGROUND \(MessageText.quoted(value)) is not a background (use light, dark or a colour as #rrggbb); ignored"
    }

    /// What `CURTAIN_BACKGROUND` asks for, nil when unset; an unreadable value is ignored
    /// (``environmentWarning()`` says so).
    static func requested(_ value: String?) -> TerminalColors? {
        guard let value, !value.isEmpty else { return nil }
        return TerminalColors(backgroundNamed: value)
    }

    /// What `COLORFGBG` says: the last field is the background's ANSI number (0–15);
    /// 7 and 9–15 are light backgrounds (xterm's defaults for those numbers).
    static func fromColorFGBG(_ value: String?) -> TerminalColors? {
        guard let value, let last = value.split(separator: ";").last, let number = Int(last), (0...15).contains(number) else {
            return nil
        }
        return TerminalColors(background: Palette.rgb(of: UInt8(number)))
    }

    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
