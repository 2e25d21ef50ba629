import CurtainScreen

/// Which of the terminal's palette entries 16–255 are known to hold xterm's own colours, so that
/// a 24-bit colour that is exactly one of them goes out as its index (`38;5;120`, 11 bytes)
/// instead of its value (`38;2;135;255;135`, 19 bytes).
///
/// A palette can be changed (OSC 4, a colour theme), and an index would then show another
/// colour than the one drawn. So an entry is used only once the terminal said what it holds: a
/// colour met for the first time is sent as its value and its entry asked about
/// (`OSC 4 ; n ; ?`, after a frame, right before its status request: a terminal answers in
/// order, so the session's wait for that request's answer at the end covers these too); an
/// answer with xterm's colour confirms the entry, any
/// other answer rules it out, and a terminal that answers nothing (tmux, GNU screen) keeps
/// every colour as its value. Entries 0–15 are never used: their colours differ from terminal
/// to terminal.
///
/// Works with the tuned entry's `setaf`/`setab` (``TunedTerminfo/Knobs/paletteIndexes``),
/// where colour numbers below 256 are palette indexes and 24-bit colours start at 256: a
/// colour whose value is below 256 (`0x0000bb`, blues with no red or green) goes out as
/// `0x0001bb` when it is not a confirmed entry, a difference of 1/255 in green.
struct PaletteConfirmation {
    private enum Entry: UInt8 {
        case unasked, wanted, asked, confirmed, differs
    }

    private var entries = [Entry](repeating: .unasked, count: 256)
    /// Entries met and not asked about yet, in the order met.
    private var wanted: [Int] = []

    /// The ncurses colour number for `color` in direct colour with the tuned entry: a confirmed
    /// palette index, else the 24-bit value (at least 256). Nil for what is not a 24-bit colour
    /// here — the default colour and the ANSI colours 0–7, numbered as ``ColorDepth`` numbers
    /// them.
    mutating func number(for color: Color) -> Int32? {
        guard !color.isDefault, color.index.map({ $0 >= 8 }) ?? true, let rgb = color.resolvedRGB else { return nil }
        if let index = Self.standardIndex(of: rgb) {
            switch entries[index] {
            case .confirmed:
                return Int32(index)
            case .unasked:
                entries[index] = .wanted
                wanted.append(index)
            case .wanted, .asked, .differs:
                break
            }
        }
        let value = Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
        return value < 256 ? value | 0x100 : value
    }

    /// The questions about the entries met since the last call (`ESC ] 4 ; n ; ? ESC \` each),
    /// empty when there are none; those entries count as asked.
    mutating func questions() -> [UInt8] {
        guard !wanted.isEmpty else { return [] }
        var bytes: [UInt8] = []
        for index in wanted {
            bytes += Array("\u{1B}]4;\(index);?\u{1B}\\".utf8)
            entries[index] = .asked
        }
        wanted.removeAll()
        return bytes
    }

    /// Takes the terminal's answer to a question (`n;rgb:RRRR/GGGG/BBBB`, the text of an OSC 4
    /// reply): the entry is confirmed when it holds xterm's colour, ruled out otherwise.
    mutating func note(answer text: Substring) {
        guard let separator = text.firstIndex(of: ";"), let index = Int(text[..<separator]), (16...255).contains(index),
              entries[index] == .asked else { return }
        let standard = Palette.rgb(of: UInt8(index))
        if let color = DefaultColorsReport.color(text[text.index(after: separator)...]), color == standard {
            entries[index] = .confirmed
        } else {
            entries[index] = .differs
        }
    }

    /// Forgets every answer (the terminal may be another one after a resume).
    mutating func forget() {
        self = PaletteConfirmation()
    }

    /// The index 16–255 of xterm's palette whose colour is exactly `rgb`: the 6×6×6 cube
    /// (levels 0, 95, 135, 175, 215, 255) or the grey ramp (8, 18, … 238); nil for any other.
    static func standardIndex(of rgb: (red: UInt8, green: UInt8, blue: UInt8)) -> Int? {
        func level(_ value: UInt8) -> Int? {
            if value == 0 { return 0 }
            guard value >= 95, (value - 95) % 40 == 0 else { return nil }
            return Int(value - 55) / 40
        }
        if let red = level(rgb.red), let green = level(rgb.green), let blue = level(rgb.blue) {
            return 16 + 36 * red + 6 * green + blue
        }
        if rgb.red == rgb.green, rgb.green == rgb.blue, rgb.red >= 8, rgb.red <= 238, (rgb.red - 8) % 10 == 0 {
            return 232 + Int(rgb.red - 8) / 10
        }
        return nil
    }
}
