/// ASCII stand-ins for characters, for a terminal whose locale cannot show Unicode (its
/// codeset is not UTF-8: `LANG=C`, say): `⌫` → `BS`, `←` → `<`, `…` → `...`, `é` → `e`,
/// `“` → `"`, `Ａ` → `A`.
///
/// One table serves both places that need it. Text a view lays out (a help bar, a hint) is
/// replaced whole before it is measured, so a stand-in may be wider than what it stands for
/// (``transliterated(_:)``). Cells already laid out can only take a stand-in of their own
/// width (``text(for:cells:)``); the terminal backend uses it where the terminal has no
/// graphic of its own (line drawing, shades and arrows come from its alternate character set
/// first).
///
/// Characters with nothing in ASCII that reads like them (CJK, emoji, most symbols, box
/// drawing) have no stand-in here: they are left to the terminal backend.
package enum ASCIIFallback {
    /// A stand-in: its text, and a one-cell form where the text is longer and one reads well
    /// (`…` → `.`, `«` → `<`).
    struct Entry {
        var text: String
        var short: String?
    }

    /// The ASCII text that stands for `scalar` (any length; itself for ASCII), nil when
    /// nothing in ASCII does.
    package static func text(for scalar: Unicode.Scalar) -> String? {
        entry(for: scalar)?.text
    }

    /// The stand-in for `scalar` that takes exactly `cells` cells: for one cell, its text when
    /// that is one character, else its short form; for two cells, its text of one or two
    /// characters, padded with a space. Nil when none fits (`⌫` in one cell).
    package static func text(for scalar: Unicode.Scalar, cells: Int) -> String? {
        guard let entry = entry(for: scalar) else { return nil }
        let length = entry.text.unicodeScalars.count
        switch cells {
        case 1: return length == 1 ? entry.text : entry.short
        case 2: return length == 2 ? entry.text : length == 1 ? entry.text + " " : nil
        default: return nil
        }
    }

    /// `text` with every character that has a stand-in replaced by it: a character by its
    /// first scalar's stand-in, the marks on it dropped (`e` + U+0301 → `e`). Characters
    /// without one are kept as they are.
    package static func transliterated(_ text: some StringProtocol) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return String(text) }
        var result = ""
        for character in text {
            if character.isASCII {
                result.append(character)
            } else if let first = character.unicodeScalars.first, let stand = self.text(for: first) {
                result += stand
            } else {
                result.append(character)
            }
        }
        return result
    }

    static func entry(for scalar: Unicode.Scalar) -> Entry? {
        if scalar.isASCII { return Entry(text: String(scalar)) }
        return symbols[scalar.value] ?? fullwidthForm(scalar) ?? latinLetter(scalar)
    }
}
