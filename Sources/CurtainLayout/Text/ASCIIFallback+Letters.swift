extension ASCIIFallback {
    /// The fullwidth forms of ASCII (U+FF01…U+FF5E: `Ａ`, `１`, `！`) as ASCII.
    static func fullwidthForm(_ scalar: Unicode.Scalar) -> Entry? {
        guard (0xFF01...0xFF5E).contains(scalar.value), let ascii = Unicode.Scalar(scalar.value - 0xFEE0) else { return nil }
        return Entry(text: String(ascii))
    }

    /// Latin letters that are not ASCII, from their Unicode names, so every accented letter
    /// of every Latin alphabet is covered without a list of them: a letter "WITH" any marks
    /// is its base letter (LATIN SMALL LETTER E WITH ACUTE → `e`, LATIN CAPITAL LETTER O WITH
    /// STROKE → `O`), a letter named by two letters is those (LATIN SMALL LETTER AE → `ae`,
    /// LJ, OE), ligatures are their letters (LATIN SMALL LIGATURE FI → `fi`), and the few
    /// letters with names of their own are spelled out (SHARP S → `ss`, THORN → `th`, ETH →
    /// `d`, DOTLESS I → `i`; KRA → `q`, as Greenlandic writes it now). A stand-in of two
    /// letters has its first as the one-cell form.
    static func latinLetter(_ scalar: Unicode.Scalar) -> Entry? {
        guard scalar.value >= 0xC0, scalar.value < 0x2C80 || (0xA720...0xA7FF).contains(scalar.value)
                || (0xFB00...0xFB06).contains(scalar.value),
              let name = scalar.properties.name else { return nil }
        // A letter's name is one or two letters (EZH, ENG, KRA are words); a ligature's, up to
        // three (FFI).
        let kinds: [(prefix: String, small: Bool, longest: Int)] = [
            ("LATIN SMALL LETTER ", true, 2), ("LATIN CAPITAL LETTER ", false, 2),
            ("LATIN SMALL LIGATURE ", true, 3), ("LATIN CAPITAL LIGATURE ", false, 3),
        ]
        guard let kind = kinds.first(where: { name.hasPrefix($0.prefix) }) else { return nil }
        var rest = name.dropFirst(kind.prefix.count)
        if let with = rest.firstRange(ofBytes: " WITH ") { rest = rest[..<with.lowerBound] }
        let letters: String
        if let named = namedLetters[String(rest)] {
            letters = named
        } else if (1...kind.longest).contains(rest.count), rest.allSatisfy({ $0 >= "A" && $0 <= "Z" }) {
            letters = String(rest)
        } else {
            return nil   // TURNED A, OPEN E, SCHWA, EZH: no ASCII letter reads as them
        }
        let text = kind.small ? letters.lowercased() : letters
        return Entry(text: text, short: text.count > 1 ? text.first(where: \.isLetter).map(String.init) : nil)
    }

    /// Latin letters whose names are words, not the letters they read as.
    private static let namedLetters: [String: String] = [
        "SHARP S": "SS", "THORN": "TH", "ETH": "D", "DOTLESS I": "I", "DOTLESS J": "J", "LONG S": "S",
        "LONG S T": "ST", "ENG": "N", "KRA": "Q", "N PRECEDED BY APOSTROPHE": "'N",
    ]
}
