import CurtainLayout
import Testing

@Suite("ASCIIFallback")
struct ASCIIFallbackTests {
    @Test func helpBarsHintsAndMarkersBecomeASCII() {
        #expect(ASCIIFallback.transliterated("⌫ delete") == "BS delete")
        #expect(ASCIIFallback.transliterated("←→↑↓ resize") == "<>^v resize")
        #expect(ASCIIFallback.transliterated("Esc close · Enter new line") == "Esc close - Enter new line")
        #expect(ASCIIFallback.transliterated("↑ 3 rows above") == "^ 3 rows above")
        #expect(ASCIIFallback.transliterated(" ↓ 12 more ") == " v 12 more ")
        #expect(ASCIIFallback.transliterated("30×10, needs 36×15") == "30x10, needs 36x15")
        #expect(ASCIIFallback.transliterated("wait… ≥ 3 ≤ 4 ≠ 5 ± 1") == "wait... >= 3 <= 4 != 5 +/- 1")
        #expect(ASCIIFallback.transliterated("“quoted” ‘single’ — dash – en") == "\"quoted\" 'single' - dash - en")
        #expect(ASCIIFallback.transliterated("⌃C quits, ⏎ sends, 5 µs") == "^C quits, Enter sends, 5 us")
    }

    @Test func accentedLatinLettersBecomeTheirBaseLetters() {
        #expect(ASCIIFallback.transliterated("Café, naïve, Ångström") == "Cafe, naive, Angstrom")
        #expect(ASCIIFallback.transliterated("Łódź Ørsted Şişli Dvořák Nguyễn") == "Lodz Orsted Sisli Dvorak Nguyen")
        #expect(ASCIIFallback.transliterated("e\u{301}A\u{30A}") == "eA", "decomposed: the marks go with the letter")
        #expect(ASCIIFallback.transliterated("Straße Æsir œuvre Þór ﬁne ĳs") == "Strasse AEsir oeuvre THor fine ijs")
    }

    /// Every letter of Latin-1 and Latin Extended-A (the accented letters of European
    /// languages) has a stand-in of ASCII letters: the rule is generic, not a short list.
    @Test func everyLatinOneAndExtendedALetterHasAStandIn() {
        for value in UInt32(0xC0)...0x17F where value != 0xD7 && value != 0xF7 {
            let scalar = Unicode.Scalar(value)!
            let text = ASCIIFallback.text(for: scalar)
            #expect(text.map { !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0 == "'") } } == true,
                    "U+\(String(value, radix: 16, uppercase: true)) \(scalar.properties.name ?? "")")
        }
    }

    @Test func whatHasNoASCIIFormIsKept() {
        #expect(ASCIIFallback.transliterated("漢字 😀 ▚ █ ─ Жж ə") == "漢字 😀 ▚ █ ─ Жж ə")
        #expect(ASCIIFallback.text(for: "漢") == nil)
        #expect(ASCIIFallback.transliterated("plain ASCII ?!") == "plain ASCII ?!")
    }

    @Test func cellFormsTakeExactlyTheirCells() {
        #expect(ASCIIFallback.text(for: "…", cells: 1) == ".")
        #expect(ASCIIFallback.text(for: "·", cells: 1) == "-")
        #expect(ASCIIFallback.text(for: "é", cells: 1) == "e")
        #expect(ASCIIFallback.text(for: "æ", cells: 1) == "a")
        #expect(ASCIIFallback.text(for: "⌫", cells: 1) == nil, "BS does not fit one cell")
        #expect(ASCIIFallback.text(for: "Ａ", cells: 2) == "A ")
        #expect(ASCIIFallback.text(for: "\u{3000}", cells: 2) == "  ")
        #expect(ASCIIFallback.text(for: "、", cells: 2) == ", ")
        #expect(ASCIIFallback.text(for: "漢", cells: 2) == nil)
    }

    /// Over every scalar: a stand-in is printable ASCII, and a cell form is exactly as many
    /// characters as cells.
    @Test func everyStandInIsPrintableASCIIOfTheRightLength() {
        var count = 0
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), let text = ASCIIFallback.text(for: scalar) else { continue }
            count += 1
            let name = "U+\(String(value, radix: 16, uppercase: true))"
            #expect(!text.isEmpty && text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(name): \(text)")
            for cells in 1...2 {
                if let form = ASCIIFallback.text(for: scalar, cells: cells) {
                    #expect(form.utf8.count == cells && form.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(name) in \(cells)")
                }
            }
        }
        #expect(count > 900)
    }
}
