import Testing

@testable import CurtainDemoKit

@Suite("Text written before the session, as the locale shows it")
struct LocaleTextTests {
    @Test func aUnicodeLocaleGetsTheTextUnchanged() {
        let text = "←/→ move the split, 2×2 grid, 日本"
        #expect(LocaleText.shown(text, unicode: true) == text)
    }

    @Test func elsewhereOnlyASCIIReachesTheTerminal() {
        let shown = LocaleText.shown("←/→ move, 2×2, Café, 日本\n", unicode: false)
        let nonASCII = shown.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "\(shown)")
        #expect(shown.contains("2x2"))
        #expect(shown.contains("Cafe"))
        #expect(shown.contains("<U+65E5><U+672C>"))            // no stand-in: the code points
        #expect(shown.hasSuffix("\n"))
    }
}
