/// The lines of an asciicast v2 recording, built as pure functions so they can be tested
/// without files. See https://docs.asciinema.org/manual/asciicast/v2/.
///
/// A recording is a header line (a JSON object) followed by one JSON array per event:
/// `[time, "o", data]` for output and `[time, "r", "COLSxROWS"]` for a resize, times in
/// seconds since the start with six decimals (microseconds). Every function returns one line
/// without its newline.
enum AsciicastFormat {
    /// The header: `{"version": 2, "width": W, "height": H, "timestamp": T, "env": {…}}`.
    ///
    /// `timestamp` (Unix seconds) and `shell` are left out when nil, which is how headless
    /// recordings stay byte-identical from run to run. Sizes below 1 are written as 1.
    static func header(width: Int, height: Int, term: String, shell: String? = nil, timestamp: Int? = nil)
        -> String
    {
        var line = "{\"version\": 2, \"width\": \(max(1, width)), \"height\": \(max(1, height))"
        if let timestamp {
            line += ", \"timestamp\": \(timestamp)"
        }
        line += ", \"env\": {\"TERM\": \(jsonString(term))"
        if let shell {
            line += ", \"SHELL\": \(jsonString(shell))"
        }
        line += "}}"
        return line
    }

    /// An output event: `[time, "o", data]`.
    static func outputLine(time: Double, data: String) -> String {
        "[\(self.time(time)), \"o\", \(jsonString(data))]"
    }

    /// A resize event: `[time, "r", "COLSxROWS"]`. Sizes below 1 are written as 1.
    static func resizeLine(time: Double, columns: Int, rows: Int) -> String {
        "[\(self.time(time)), \"r\", \"\(max(1, columns))x\(max(1, rows))\"]"
    }

    /// `seconds` with exactly six decimals, like `1.500000`. Negative and NaN times are
    /// written as 0, and times are capped at a billion seconds, so any input gives a valid number.
    static func time(_ seconds: Double) -> String {
        let micro = microseconds(seconds)
        let fraction = String(micro % 1_000_000)
        return "\(micro / 1_000_000)." + String(repeating: "0", count: 6 - fraction.count) + fraction
    }

    /// `text` as a JSON string literal, quotes included.
    ///
    /// Escapes `"` and `\`, every control character (ESC becomes `\u001b`, newline `\u000a`),
    /// DEL, U+2028/U+2029 (valid JSON, but they end lines in JavaScript, where players run) and
    /// U+FEFF (some JSON decoders drop it as a byte-order mark when it is written raw).
    /// Everything else is written as UTF-8, unescaped, so CJK and emoji stay readable.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        result.reserveCapacity(text.utf8.count + 2)
        var plainStart = text.unicodeScalars.startIndex
        var index = plainStart
        // Copies runs of plain scalars at once; only escapes are appended one by one.
        while index < text.unicodeScalars.endIndex {
            let scalar = text.unicodeScalars[index]
            if let escape = escaped(scalar) {
                result.unicodeScalars.append(contentsOf: text.unicodeScalars[plainStart..<index])
                result += escape
                plainStart = text.unicodeScalars.index(after: index)
            }
            index = text.unicodeScalars.index(after: index)
        }
        result.unicodeScalars.append(contentsOf: text.unicodeScalars[plainStart..<index])
        result += "\""
        return result
    }

    // MARK: - Internals

    /// Times beyond this (about 31 years) are capped so the conversion to an integer never traps.
    static let maxSeconds: Double = 1_000_000_000

    /// Whole microseconds of `seconds`, rounded to nearest, clamped to 0…maxSeconds; NaN is 0.
    static func microseconds(_ seconds: Double) -> Int {
        guard seconds > 0 else { return 0 }  // also NaN
        return Int((min(seconds, maxSeconds) * 1_000_000).rounded())
    }

    private static func escaped(_ scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "\"": return "\\\""
        case "\\": return "\\\\"
        case "\u{2028}": return "\\u2028"
        case "\u{2029}": return "\\u2029"
        case "\u{FEFF}": return "\\ufeff"
        default:
            guard scalar.value < 0x20 || scalar.value == 0x7F else { return nil }
            let digits = Array("0123456789abcdef")
            return "\\u00" + String([digits[Int(scalar.value >> 4)], digits[Int(scalar.value & 0xF)]])
        }
    }

    /// How many bytes at the end of `bytes` are the start of a UTF-8 sequence cut short, to be
    /// carried over to the next output event rather than replaced: a terminal encoder may
    /// split a write in the middle of a character.
    static func incompleteUTF8TailLength(_ bytes: [UInt8]) -> Int {
        var index = bytes.count - 1
        var continuations = 0
        while index >= 0, continuations < 3, bytes[index] & 0xC0 == 0x80 {
            index -= 1
            continuations += 1
        }
        guard index >= 0 else { return 0 }
        let lead = bytes[index]
        let needed: Int
        switch lead {
        case 0xC2...0xDF: needed = 2
        case 0xE0...0xEF: needed = 3
        case 0xF0...0xF4: needed = 4
        default: return 0  // ASCII, a stray continuation, or a byte that never starts a character
        }
        let present = bytes.count - index
        return present < needed ? present : 0
    }
}
