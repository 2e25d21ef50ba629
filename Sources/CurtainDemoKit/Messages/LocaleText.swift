import CurtainLayout
import CurtainTerminal

/// Text the demo writes to a terminal before it takes it (the help), as the locale can show it.
package enum LocaleText {
    /// `text` unchanged in a UTF-8 locale; otherwise with ASCII stand-ins (`←→` → `<>`, `×` →
    /// `x`) and every other character outside ASCII as its code point (`<U+65E5>`, as
    /// ``MessageText`` writes invisible ones), so no byte the locale cannot show reaches the
    /// terminal.
    ///
    /// - Parameters:
    ///   - text: what to write.
    ///   - unicode: whether the locale shows Unicode; by default, whether the locale the
    ///     environment asks for is UTF-8.
    package static func shown(_ text: String, unicode: Bool = LocaleCharacterSet.environmentIsUnicode) -> String {
        guard !unicode else { return text }
        var result = ""
        for scalar in ASCIIFallback.transliterated(text).unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                result += MessageText.codePoint(scalar)
            }
        }
        return result
    }
}
