import CurtainScreen

/// The terminal's default foreground and background, as it reports them: asked with OSC 10 and
/// OSC 11 (`ESC ] 10 ; ? ESC \`), answered as `ESC ] 11 ; rgb:RRRR/GGGG/BBBB ESC \` (or BEL).
///
/// The question goes out at start with the synchronized-output query, before its device
/// attributes request; every terminal answers that one last, so a terminal that knows OSC 10
/// and 11 has answered them by then and the wait ends with no fixed delay. A terminal that does
/// not know them ignores them (they are well-formed control strings) — except the Linux
/// console, which prints their text and so is not asked. tmux 3.4 and later answer with the
/// outer terminal's colours; tmux 3.3 answers nothing, and the environment is used instead.
struct DefaultColorsReport: Sendable {
    static let query = Array("\u{1B}]10;?\u{1B}\\\u{1B}]11;?\u{1B}\\".utf8)

    /// The reported default foreground, when one came.
    private(set) var foreground: (red: UInt8, green: UInt8, blue: UInt8)?
    /// The reported default background, when one came.
    private(set) var background: (red: UInt8, green: UInt8, blue: UInt8)?

    /// The terminal's colours once its background is known; the foreground is the standard one
    /// for that background until the terminal reports its own.
    var colors: TerminalColors? {
        guard let background else { return nil }
        guard let foreground else { return TerminalColors(background: background) }
        return TerminalColors(foreground: foreground, background: background)
    }

    /// Whether to ask a terminal of type `term`: not the Linux console (or its variants, such as
    /// `linux-16color`), which shows an OSC it does not know as text.
    static func shouldAsk(term: String?) -> Bool {
        guard let term else { return false }
        return !(term == "linux" || term.hasPrefix("linux-"))
    }

    /// Takes one reply into account: OSC 10 or 11 with a colour it can read. Other replies, and
    /// answers it cannot read (`?`, a colour name), change nothing.
    mutating func note(_ reply: TerminalReply) {
        guard case .operatingSystemCommand(let number, let text) = reply, number == 10 || number == 11,
              let color = Self.color(Substring(text)) else { return }
        if number == 10 { foreground = color } else { background = color }
    }

    /// A colour in X11's `rgb:` form as terminals report it: `rgb:R/G/B` with 1 to 4 hex digits
    /// per channel (each scaled from its own range, so `f`, `ff` and `ffff` are all full), or
    /// `rgba:R/G/B/A` (some terminals add the alpha of a translucent background: ignored), or
    /// `#RGB`/`#RRGGBB`/`#RRRRGGGGBBBB`. Nil for anything else.
    static func color(_ text: Substring) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        if text.hasPrefix("#") {
            let digits = text.dropFirst()
            guard !digits.isEmpty, digits.count % 3 == 0, digits.count <= 12 else { return nil }
            let n = digits.count / 3
            let start = digits.startIndex
            let parts = (0..<3).map { i in
                digits[digits.index(start, offsetBy: i * n)..<digits.index(start, offsetBy: (i + 1) * n)]
            }
            return rgb(parts)
        }
        let parts: [Substring]
        if text.hasPrefix("rgb:") {
            parts = text.dropFirst(4).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 3 else { return nil }
        } else if text.hasPrefix("rgba:") {
            parts = text.dropFirst(5).split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 4 else { return nil }
        } else {
            return nil
        }
        return rgb(parts.prefix(3))
    }

    /// Three channels of 1 to 4 hex digits each, scaled to 0…255.
    private static func rgb(_ parts: some Collection<Substring>) -> (red: UInt8, green: UInt8, blue: UInt8)? {
        var channels: [UInt8] = []
        for part in parts {
            guard (1...4).contains(part.count), part.allSatisfy(\.isHexDigit), part.utf8.allSatisfy({ $0 < 0x80 }),
                  let value = UInt32(part, radix: 16) else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(part.count))) - 1
            channels.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        guard channels.count == 3 else { return nil }
        return (channels[0], channels[1], channels[2])
    }
}
