/// A compiled terminfo entry (the format of term(5), as `tic` writes it), changed so that
/// ncurses spends fewer bytes on the frames Curtain gives it.
///
/// ncurses chooses how to update the screen from the capabilities of the terminal's entry,
/// once, when the screen is created; some of those choices cost Curtain bytes and none of its
/// switches undo them (see docs/PERFORMANCE.md, "Which knob did what"). So the session gives
/// ncurses the same entry with these changes ("knobs"), each measured on `curtain-bench`:
///
/// - ``Knobs/noScrolling``: no scroll region, index, reverse index or line insertion and
///   deletion (`csr ind indn ri rin il il1 dl dl1`). ncurses then never scrolls the screen to
///   move rows: Curtain's diff never describes moves, and a scroll shifts whole rows, so what
///   beside the moved part did not move has to be drawn again (a toast growing by one line in
///   a pane at 300×100 cost 16 197 bytes instead of 608). Without them ncurses also skips its
///   scroll detection altogether (it decides that from these capabilities).
/// - ``Knobs/shortReset``: `sgr0` without the leading character-set designation (`ESC ( B`):
///   ncurses resets attributes at the end of every update and on every attribute switched off,
///   3 bytes each. The designation is sent once instead, appended to `smcup` (which ncurses
///   sends at the start and after every resume), and ncurses leaves the line-drawing set with
///   `rmacs` itself before every `sgr0`.
/// - ``Knobs/separateAttributes``: no `sgr`, so ncurses turns attributes on one by one
///   (`ESC [ 1 m`) instead of resetting everything and sending every attribute and both colours
///   again. Only when the entry has `sgr0`, `bold`, `dim`, `rev` and `smul` (and, for line
///   drawing, `smacs` and `rmacs`).
/// - ``Knobs/semicolonColors``: 24-bit colours as `38;2;r;g;b` where the entry writes the
///   colon form (`38:2::r:g:b`: xterm-direct, kitty-direct, iterm2-direct, mintty-direct,
///   tmux-direct, mlterm-direct), a byte shorter a colour. Every terminal of those families
///   takes the semicolon form — it is the one vte, konsole, alacritty and st's own entries
///   write — and the screenshots in docs/PERFORMANCE.md ("Colours in fewer bytes") show the
///   same screens in xterm, kitty, alacritty, st and tmux.
/// - ``Knobs/paletteIndexes``: in a direct-colour entry, colour numbers 8–255 are palette
///   indexes (`38;5;n`, as ncurses' own xterm-direct256 has them) and 24-bit colours start at
///   256, so a colour the terminal confirmed it holds in its palette goes out in 11 bytes
///   instead of 19 (see ``PaletteConfirmation``, which numbers the colours for it).
///
/// Only offsets into the string table change (and one string is appended), so every other
/// capability, the extended ones included, stays byte for byte as it was.
struct TunedTerminfo: Sendable {
    struct Knobs: OptionSet, Hashable, Sendable {
        let rawValue: Int
        static let noScrolling = Knobs(rawValue: 1)
        static let shortReset = Knobs(rawValue: 2)
        static let separateAttributes = Knobs(rawValue: 4)
        static let semicolonColors = Knobs(rawValue: 8)
        static let paletteIndexes = Knobs(rawValue: 16)
        static let all: Knobs = [.noScrolling, .shortReset, .separateAttributes, .semicolonColors, .paletteIndexes]

        /// The knobs `CURTAIN_NCURSES_TUNING` asks for: unset or `all` for every knob, `off` or
        /// `none` for none, or a comma-separated list of `scrolling`, `reset`, `attributes`,
        /// `colors` or `palette` (to measure each one; unknown names are ignored).
        static func fromEnvironment(_ value: String?) -> Knobs {
            guard let value else { return .all }
            var knobs: Knobs = []
            for name in value.split(separator: ",") {
                switch name.trimmingSpaces {
                case "all": knobs.formUnion(.all)
                case "scrolling": knobs.insert(.noScrolling)
                case "reset": knobs.insert(.shortReset)
                case "attributes": knobs.insert(.separateAttributes)
                case "colors": knobs.insert(.semicolonColors)
                case "palette": knobs.insert(.paletteIndexes)
                default: break
                }
            }
            return knobs
        }
    }

    /// Indexes of standard string capabilities in the compiled entry: the order of term(5),
    /// the same in every terminfo implementation (ncurses' `term.h` names them `Strings[n]`).
    enum Capability: Int, CaseIterable, Sendable {
        case csr = 3, clear = 5, cup = 10, dl1 = 22, smacs = 25, bold = 27, smcup = 28, dim = 30, rev = 34
        case smul = 36, rmacs = 38, sgr0 = 39, rmcup = 40, il1 = 53, dl = 106, indn = 109, il = 110
        case rin = 113, ind = 129, ri = 130, sgr = 131, acsc = 146, op = 297, setaf = 359, setab = 360

        /// The capability's terminfo name (what `tigetstr` takes). Spelled out: describing the
        /// case would wake the runtime's reflection, a few hundred kilobytes of pages.
        var name: String {
            switch self {
            case .csr: "csr"
            case .clear: "clear"
            case .cup: "cup"
            case .dl1: "dl1"
            case .smacs: "smacs"
            case .bold: "bold"
            case .smcup: "smcup"
            case .dim: "dim"
            case .rev: "rev"
            case .smul: "smul"
            case .rmacs: "rmacs"
            case .sgr0: "sgr0"
            case .rmcup: "rmcup"
            case .il1: "il1"
            case .dl: "dl"
            case .indn: "indn"
            case .il: "il"
            case .rin: "rin"
            case .ind: "ind"
            case .ri: "ri"
            case .sgr: "sgr"
            case .acsc: "acsc"
            case .op: "op"
            case .setaf: "setaf"
            case .setab: "setab"
            }
        }

        /// What ncurses scrolls and inserts or deletes lines with.
        static let scrolling: [Capability] = [.csr, .ind, .indn, .ri, .rin, .il, .il1, .dl, .dl1]
    }

    static let designateASCII: [UInt8] = [0x1B, 0x28, 0x42] // ESC ( B

    private(set) var header: [Int]
    /// Names, booleans, the padding byte and the numbers, as they were.
    private let prefix: ArraySlice<UInt8>
    private(set) var offsets: [Int]
    private(set) var table: [UInt8]
    /// The extended capabilities (ncurses' format), as they were.
    private let extended: ArraySlice<UInt8>

    /// Reads a compiled entry; nil when it is not one (wrong magic, sizes that do not fit).
    init?(_ bytes: [UInt8]) {
        guard bytes.count >= 12 else { return nil }
        func short(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        let magic = short(0)
        let numberSize: Int
        switch magic {
        case 0o432: numberSize = 2
        case 0o1036: numberSize = 4 // numbers of 32 bits (ncurses 6.1 and later: pairs#0x10000)
        default: return nil
        }
        header = (0..<6).map { short($0 * 2) }
        let (namesSize, booleans, numbers, strings, tableSize) = (header[1], header[2], header[3], header[4], header[5])
        guard header.allSatisfy({ $0 >= 0 && $0 < 0x8000 }), strings > Capability.setab.rawValue else { return nil }
        var position = 12 + namesSize + booleans
        if position % 2 == 1 { position += 1 }
        position += numbers * numberSize
        let offsetsStart = position
        let tableStart = offsetsStart + strings * 2
        guard tableStart + tableSize <= bytes.count else { return nil }
        prefix = bytes[12..<offsetsStart]
        offsets = (0..<strings).map { index in
            let value = short(offsetsStart + index * 2)
            return value >= 0x8000 ? value - 0x10000 : value // -1 absent, -2 cancelled
        }
        table = Array(bytes[tableStart..<(tableStart + tableSize)])
        var extendedStart = tableStart + tableSize
        if extendedStart % 2 == 1 { extendedStart += 1 }
        extended = extendedStart < bytes.count ? bytes[extendedStart...] : []
    }

    /// A standard string capability, without its terminating NUL; nil when absent, cancelled
    /// or outside the table.
    func string(_ capability: Capability) -> [UInt8]? {
        let offset = offsets[capability.rawValue]
        guard offset >= 0, offset < table.count else { return nil }
        let end = table[offset...].firstIndex(of: 0) ?? table.count
        return Array(table[offset..<end])
    }

    /// Makes a capability absent.
    mutating func remove(_ capability: Capability) {
        offsets[capability.rawValue] = -1
    }

    /// Points a capability at `value`: at the tail of its own string when `value` is one (no
    /// new bytes), else at a copy appended to the table. False when the table would outgrow
    /// what its 16-bit offsets reach.
    @discardableResult
    mutating func set(_ capability: Capability, to value: [UInt8]) -> Bool {
        if let current = string(capability), current.count >= value.count, current.suffix(value.count).elementsEqual(value) {
            offsets[capability.rawValue] += current.count - value.count
            return true
        }
        guard table.count + value.count + 1 < 0x8000 else { return false }
        offsets[capability.rawValue] = table.count
        table += value
        table.append(0)
        return true
    }

    /// The entry with `knobs` applied, and the knobs that could be: nil when none could.
    func tuned(_ knobs: Knobs) -> (entry: TunedTerminfo, applied: Knobs)? {
        var entry = self
        var applied: Knobs = []
        if knobs.contains(.noScrolling), Capability.scrolling.contains(where: { string($0) != nil }) {
            for capability in Capability.scrolling { entry.remove(capability) }
            applied.insert(.noScrolling)
        }
        if knobs.contains(.shortReset), let reset = string(.sgr0), reset.count > 3,
           reset.starts(with: Self.designateASCII), let enter = string(.smcup),
           entry.set(.smcup, to: enter + Self.designateASCII) {
            entry.set(.sgr0, to: Array(reset.dropFirst(3)))
            applied.insert(.shortReset)
        }
        let separate: [Capability] = [.sgr0, .bold, .dim, .rev, .smul]
        if knobs.contains(.separateAttributes), string(.sgr) != nil, separate.allSatisfy({ string($0) != nil }),
           string(.acsc) == nil || (string(.smacs) != nil && string(.rmacs) != nil) {
            entry.remove(.sgr)
            applied.insert(.separateAttributes)
        }
        if knobs.contains(.semicolonColors), let foreground = string(.setaf), let background = string(.setab),
           let shortForeground = Self.semicolonForm(foreground), let shortBackground = Self.semicolonForm(background),
           entry.set(.setaf, to: shortForeground), entry.set(.setab, to: shortBackground) {
            applied.insert(.semicolonColors)
        }
        if knobs.contains(.paletteIndexes), let foreground = entry.string(.setaf), let background = entry.string(.setab),
           let indexedForeground = Self.paletteForm(foreground, selector: "3"),
           let indexedBackground = Self.paletteForm(background, selector: "4"),
           entry.set(.setaf, to: indexedForeground), entry.set(.setab, to: indexedBackground) {
            applied.insert(.paletteIndexes)
        }
        return applied.isEmpty ? nil : (entry, applied)
    }

    /// A direct-colour `setaf` or `setab` of the colon form with its separators made
    /// semicolons (`38:2::` or `38:2:` becomes `38;2;`, and each `:` between two colour
    /// values `;`); nil when `capability` has no colon form.
    static func semicolonForm(_ capability: [UInt8]) -> [UInt8]? {
        guard contains(capability, "8:2:") else { return nil }
        var text = capability
        for selector in ["38", "48"] {
            text = replacing(text, Array((selector + ":2::").utf8), with: Array((selector + ";2;").utf8))
            text = replacing(text, Array((selector + ":2:").utf8), with: Array((selector + ";2;").utf8))
        }
        text = replacing(text, Array("%d:%p".utf8), with: Array("%d;%p".utf8))
        return text.contains(UInt8(ascii: ":")) ? nil : text
    }

    /// Whether `pattern`'s bytes occur in `bytes` (capabilities are short: a plain scan).
    private static func contains(_ bytes: [UInt8], _ pattern: String) -> Bool {
        let pattern = Array(pattern.utf8)
        guard bytes.count >= pattern.count else { return false }
        for start in 0...(bytes.count - pattern.count) where bytes[start] == pattern[0] {
            if bytes[start..<(start + pattern.count)].elementsEqual(pattern) { return true }
        }
        return false
    }

    /// `bytes` with every `old` replaced by `new`, left to right.
    private static func replacing(_ bytes: [UInt8], _ old: [UInt8], with new: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == old[0], bytes[index...].starts(with: old) {
                result += new
                index += old.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    /// A direct-colour `setaf` (`selector` "3") or `setab` ("4") that sends the ANSI colours
    /// for 0–7 and a 24-bit value otherwise, made to send numbers 8–255 as palette indexes:
    /// `ESC [ %? p1 < 8 %t 3 p1 %e` gains `p1 < 256 %t 38;5; p1 %e` before the 24-bit branch.
    /// Nil for any other shape.
    static func paletteForm(_ capability: [UInt8], selector: String) -> [UInt8]? {
        let head = Array("\u{1B}[%?%p1%{8}%<%t\(selector)%p1%d%e".utf8)
        // Direct colour only (a 24-bit branch), and not applied already.
        guard capability.starts(with: head), capability.suffix(3).elementsEqual("%;m".utf8),
              contains(capability, selector + "8;2") || contains(capability, selector + "8:2"),
              !contains(capability, "%{256}%<") else { return nil }
        return head + Array("%p1%{256}%<%t\(selector)8;5;%p1%d%e".utf8) + capability.dropFirst(head.count)
    }

    /// The compiled bytes.
    var bytes: [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(12 + prefix.count + offsets.count * 2 + table.count + 1 + extended.count)
        func appendShort(_ value: Int) {
            let word = UInt16(truncatingIfNeeded: value)
            result.append(UInt8(word & 0xFF))
            result.append(UInt8(word >> 8))
        }
        var header = self.header
        header[5] = table.count
        for value in header { appendShort(value) }
        result += prefix
        for offset in offsets { appendShort(offset) }
        result += table
        if !extended.isEmpty {
            if result.count % 2 == 1 { result.append(0) }
            result += extended
        }
        return result
    }
}

private extension Substring {
    var trimmingSpaces: Substring {
        var text = self
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}
