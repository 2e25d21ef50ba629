import Curtain
import CurtainScreen
import Glibc

/// The terminal's default colours from what the environment says, before asking the terminal:
/// `CURTAIN_BACKGROUND` (`light`, `dark` or `#rrggbb`: the user's word, which wins), then
/// `COLORFGBG` (`"15;0"`: rxvt's foreground;background ANSI numbers). Nil when neither says.
enum TerminalColorsGuess {
    /// What `CURTAIN_BACKGROUND` asks for, nil when unset; an unreadable value is ignored.
    static func requested(_ value: String?) -> TerminalColors? {
        guard let value = value?.lowercased(), !value.isEmpty else { return nil }
        switch value {
        case "light": return .light
        case "dark": return .dark
        default:
            guard let background = hexColor(value) else { return nil }
            let colors = TerminalColors(foreground: (0, 0, 0), background: background)
            return colors.isLight ? colors : TerminalColors(foreground: (229, 229, 229), background: background)
        }
    }

    /// `#rrggbb` (or `rrggbb`) as components.
    static func hexColor(_ text: String) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
        return (UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    /// What `COLORFGBG` says: the last field is the background's ANSI number (0–15);
    /// 7 and 9–15 are light backgrounds (xterm's defaults for those numbers).
    static func fromColorFGBG(_ value: String?) -> TerminalColors? {
        guard let value, let last = value.split(separator: ";").last, let number = Int(last), (0...15).contains(number) else {
            return nil
        }
        let background = Palette.rgb(of: UInt8(number))
        let colors = TerminalColors(foreground: (0, 0, 0), background: background)
        return colors.isLight ? colors : TerminalColors(foreground: (229, 229, 229), background: background)
    }

    static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
