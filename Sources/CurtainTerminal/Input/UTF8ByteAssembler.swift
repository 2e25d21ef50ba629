/// Assembles characters from input bytes read one at a time, for locales whose character set
/// is ASCII (`LC_ALL=C`).
///
/// There, `wget_wch` cannot decode what a UTF-8 terminal sends for `é`: ncurses reports an
/// error and throws away the rest of what arrived with it, so `aéb` typed quickly came out as
/// `a` alone. Reading bytes instead and decoding UTF-8 here keeps every character: `é` becomes
/// a character the locale cannot show (drawn as `?`), `b` survives. Invalid bytes become
/// U+FFFD, one per maximal invalid subpart (as Unicode recommends), and never swallow the
/// byte after them.
struct UTF8ByteAssembler: Sendable {
    /// Whether input should be read as bytes and assembled here: the locale's character set
    /// (`nl_langinfo(CODESET)`) is ASCII, so `wget_wch` cannot decode anything beyond it.
    /// Other character sets (UTF-8, Latin-1, …) decode every byte they receive and keep
    /// `wget_wch`.
    static func isNeeded(codeset: String) -> Bool {
        ["ansi_x3.4-1968", "ascii", "us-ascii", "646", "iso646-us"].contains(codeset.lowercased())
    }

    private var scalar: UInt32 = 0
    private var needed = 0
    /// Bounds for the first continuation byte (they exclude overlongs, surrogates, > U+10FFFF).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// True while a multi-byte sequence has started and is not complete.
    var isPending: Bool { needed > 0 }

    /// Feeds one byte; returns the characters it completes (none, one, or U+FFFD followed by
    /// the character `byte` itself starts or is).
    mutating func feed(_ byte: UInt8) -> [UInt32] {
        if needed > 0 {
            if byte >= lower && byte <= upper {
                scalar = scalar << 6 | UInt32(byte & 0x3F)
                needed -= 1
                lower = 0x80
                upper = 0xBF
                return needed == 0 ? [scalar] : []
            }
            // The sequence broke off: report it, then read this byte afresh.
            needed = 0
            lower = 0x80
            upper = 0xBF
            return [0xFFFD] + feed(byte)
        }
        switch byte {
        case 0x00...0x7F:
            return [UInt32(byte)]
        case 0xC2...0xDF:
            start(byte & 0x1F, needing: 1)
        case 0xE0:
            start(byte & 0x0F, needing: 2, lower: 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF:
            start(byte & 0x0F, needing: 2)
        case 0xED:
            start(byte & 0x0F, needing: 2, upper: 0x9F)
        case 0xF0:
            start(byte & 0x07, needing: 3, lower: 0x90)
        case 0xF1...0xF3:
            start(byte & 0x07, needing: 3)
        case 0xF4:
            start(byte & 0x07, needing: 3, upper: 0x8F)
        default:
            return [0xFFFD]   // a continuation byte alone, C0, C1, F5…FF
        }
        return []
    }

    /// Ends a sequence cut short (nothing more arrived): U+FFFD when one had started.
    mutating func flush() -> [UInt32] {
        guard needed > 0 else { return [] }
        needed = 0
        lower = 0x80
        upper = 0xBF
        return [0xFFFD]
    }

    private mutating func start(_ bits: UInt8, needing count: Int, lower: UInt8 = 0x80, upper: UInt8 = 0xBF) {
        scalar = UInt32(bits)
        needed = count
        self.lower = lower
        self.upper = upper
    }
}
