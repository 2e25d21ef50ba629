extension ASCIIFallback {
    /// Punctuation, spaces, arrows, key symbols and a few signs, by scalar. Only what has an
    /// ASCII form a reader takes for the same thing: no stand-in is better than a misleading
    /// one, since the terminal backend then shows a neutral placeholder.
    static let symbols: [UInt32: Entry] = {
        var table: [UInt32: Entry] = [:]
        func put(_ text: String, short: String? = nil, _ scalars: UInt32...) {
            for scalar in scalars { table[scalar] = Entry(text: text, short: short) }
        }
        func put(_ text: String, _ scalars: ClosedRange<UInt32>) {
            for scalar in scalars { table[scalar] = Entry(text: text) }
        }
        // Spaces of every width (no-break, en, em, thin, ideographic…).
        put(" ", 0xA0, 0x202F, 0x205F, 0x3000)
        put(" ", 0x2000...0x200A)
        // Dashes and minus signs; hyphens.
        put("-", 0x2010...0x2015)
        put("-", 0x2212, 0x2043, 0xFE58, 0xFE63)
        // Quotation marks and primes.
        put("'", 0x2018, 0x2019, 0x201A, 0x201B, 0x2032, 0x00B4, 0x02BC)
        put("\"", 0x201C, 0x201D, 0x201E, 0x201F, 0x2033)
        put("<", 0x2039)
        put(">", 0x203A)
        put("<<", short: "<", 0xAB)
        put(">>", short: ">", 0xBB)
        // Ellipses, dots and bullets. A middle dot mostly separates items ("a · b").
        put("...", short: ".", 0x2026)
        put("..", short: ".", 0x2025)
        put("-", 0xB7, 0x2027)
        put("*", 0x2022, 0x2023, 0x2219, 0x22C5, 0x2217)
        // Arithmetic and comparison.
        put("x", 0xD7)
        put("/", 0xF7, 0x2215)
        put("+/-", 0xB1)
        put("<=", 0x2264, 0x2A7D)
        put(">=", 0x2265, 0x2A7E)
        put("!=", 0x2260)
        put("~", 0x2248, 0x223C)
        put("1/4", 0xBC)
        put("1/2", 0xBD)
        put("3/4", 0xBE)
        put("pi", 0x03C0)
        put("u", 0xB5, 0x03BC)   // micro: "µs" → "us"
        // Arrows and the triangles used as arrows.
        put("<", 0x2190, 0x25C0, 0x25C2, 0x25C4)
        put(">", 0x2192, 0x25B6, 0x25B8, 0x25BA)
        put("^", 0x2191, 0x25B2, 0x25B4, 0x21D1)
        put("v", 0x2193, 0x25BC, 0x25BE, 0x21D3)
        put("<->", 0x2194)
        put("<=", short: "<", 0x21D0)
        put("=>", short: ">", 0x21D2)
        put("<=>", 0x21D4)
        // Keys, as help bars name them.
        put("BS", 0x232B)
        put("Del", 0x2326)
        put("Enter", 0x23CE, 0x21B5)
        put("Tab", 0x21E5)
        put("Esc", 0x238B)
        put("^", 0x2303)         // control: "⌃C" → "^C"
        // Signs.
        put("(c)", short: "c", 0xA9)
        put("(R)", short: "R", 0xAE)
        put("TM", 0x2122)
        put("EUR", 0x20AC)
        put("|", 0xA6)
        // CJK punctuation a sentence of ASCII can keep.
        put(",", 0x3001)
        put(".", 0x3002)
        return table
    }()
}
