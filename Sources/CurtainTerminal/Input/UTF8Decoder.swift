/// Decodes UTF-8 one byte at a time, as input arrives from the terminal.
///
/// Input is always decoded here, never by the C library: what a UTF-8 terminal sends is UTF-8
/// whatever the locale says, and reading it as bytes keeps every character (through
/// `wget_wch` in an ASCII locale, a quickly typed `aéb` came out as `a`). Invalid bytes become
/// U+FFFD, one per maximal invalid subpart (as Unicode recommends and Swift's own repairing
/// decoder does), and never swallow the byte after them: a Latin-1 `é` followed by `b` gives
/// U+FFFD and `b`.
struct UTF8Decoder: Sendable {
    /// What one byte completed: nothing, a scalar, or the U+FFFD of a sequence the byte broke
    /// off (``brokeSequence``) followed by what the byte itself is (``scalar``). No array: this
    /// runs for every byte of a megabyte paste.
    struct Output: Equatable, Sendable {
        /// A sequence that had started is invalid: report U+FFFD before ``scalar``.
        var brokeSequence = false
        /// The scalar the byte completed (U+FFFD for a byte that can start nothing).
        var scalar: UInt32?
    }

    private var scalar: UInt32 = 0
    private var needed = 0
    /// Bounds for the next continuation byte (they exclude overlongs, surrogates, > U+10FFFF).
    private var lower: UInt8 = 0x80
    private var upper: UInt8 = 0xBF

    /// True while a multi-byte sequence has started and is not complete.
    var isPending: Bool { needed > 0 }

    /// Feeds one byte.
    mutating func feed(_ byte: UInt8) -> Output {
        if needed > 0 {
            if byte >= lower && byte <= upper {
                scalar = scalar << 6 | UInt32(byte & 0x3F)
                needed -= 1
                lower = 0x80
                upper = 0xBF
                return Output(scalar: needed == 0 ? scalar : nil)
            }
            // The sequence broke off: report it, then read this byte afresh.
            reset()
            var output = start(byte)
            output.brokeSequence = true
            return output
        }
        return start(byte)
    }

    /// Ends a sequence cut short (nothing more arrived): true when one had started, which the
    /// caller reports as U+FFFD.
    mutating func flush() -> Bool {
        guard needed > 0 else { return false }
        reset()
        return true
    }

    private mutating func start(_ byte: UInt8) -> Output {
        switch byte {
        case 0x00...0x7F: return Output(scalar: UInt32(byte))
        case 0xC2...0xDF: begin(byte & 0x1F, needing: 1)
        case 0xE0: begin(byte & 0x0F, needing: 2, lower: 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF: begin(byte & 0x0F, needing: 2)
        case 0xED: begin(byte & 0x0F, needing: 2, upper: 0x9F)
        case 0xF0: begin(byte & 0x07, needing: 3, lower: 0x90)
        case 0xF1...0xF3: begin(byte & 0x07, needing: 3)
        case 0xF4: begin(byte & 0x07, needing: 3, upper: 0x8F)
        default: return Output(scalar: 0xFFFD) // a continuation byte alone, C0, C1, F5…FF
        }
        return Output()
    }

    private mutating func begin(_ bits: UInt8, needing count: Int, lower: UInt8 = 0x80, upper: UInt8 = 0xBF) {
        scalar = UInt32(bits)
        needed = count
        self.lower = lower
        self.upper = upper
    }

    private mutating func reset() {
        needed = 0
        lower = 0x80
        upper = 0xBF
    }
}
