internal import CNcurses
import CurtainScreen
import Glibc

/// What ncurses is given for one grapheme: up to five wide characters (a spacing character and
/// the zero-width marks that follow it), extra attributes (the alternate character set for line
/// drawing) and the number of cells ncurses will give it.
struct Glyph: Sendable {
    var scalars: (wchar_t, wchar_t, wchar_t, wchar_t, wchar_t, wchar_t) = (0, 0, 0, 0, 0, 0)
    var extraAttributes: attr_t = 0
    /// Cells ncurses (through the C library's `wcwidth`) gives the glyph: 1 or 2.
    var width: Int = 1

    init(_ scalar: UInt32, width: Int, extraAttributes: attr_t = 0) {
        scalars.0 = wchar_t(bitPattern: scalar)
        self.width = width
        self.extraAttributes = extraAttributes
    }

    static let question = Glyph(0x3F, width: 1)
    static let replacement = Glyph(0xFFFD, width: 1)
    static let space = Glyph(0x20, width: 1)
}

/// Turns graphemes into glyphs the current locale can show, so the screen never garbles.
///
/// In a UTF-8 locale a grapheme is sent as it is, unless the C library thinks it is unprintable
/// (then U+FFFD). A cell holds one spacing character and the zero-width marks after it (never a
/// dangling zero-width joiner), since ncurses measures a cell by its first character and a
/// sequence the terminal draws differently would shift the rest of the line. A two-cell cluster
/// made of two one-cell characters (a base and a spacing mark, कः; ｶﾞ) is split: the second
/// one, with its marks, is the glyph of the cluster's second cell (``trailingGlyph(for:)``).
///
/// In other locales (`nl_langinfo(CODESET)` not UTF-8) box-drawing characters use the terminal's
/// line-drawing set (ACS) and characters the locale cannot encode become `?`.
struct GlyphMapper {
    let isUnicode: Bool
    /// Box-drawing scalar → ACS glyph; filled only for non-UTF-8 locales.
    private var lineDrawing: [UInt32: Glyph] = [:]
    /// Glyphs already worked out for non-ASCII scalars and interned clusters (by raw value).
    private var cache: [UInt32: Glyph] = [:]
    /// Second-cell glyphs of interned clusters (by raw value); nil when the cluster has none.
    private var trailingCache: [UInt32: Glyph?] = [:]

    /// - Parameter isUnicode: whether the locale's codeset is UTF-8. When false, call only after
    ///   the screen exists (ncurses fills its ACS table in `newterm`).
    init(isUnicode: Bool) {
        self.isUnicode = isUnicode
        if !isUnicode { lineDrawing = Self.lineDrawingTable() }
    }

    /// Whether the current locale's character set is UTF-8.
    static func localeIsUnicode() -> Bool {
        guard let codeset = curtain_codeset() else { return false }
        let name = String(cString: codeset).lowercased()
        return name == "utf-8" || name == "utf8"
    }

    /// The glyph for `grapheme`.
    mutating func glyph(for grapheme: Grapheme) -> Glyph {
        let raw = grapheme.rawValue
        if raw >= 0x20 && raw < 0x7F { return Glyph(raw, width: 1) }
        if raw < 0x11_0000 { return glyph(forScalar: raw) }
        if grapheme.isContinuation { return .space }
        // An interned cluster of several scalars; its id is stable, so the result is kept.
        if let cached = cache[raw] { return cached }
        let glyph = clusterGlyph(grapheme)
        if cache.count < 4096 { cache[raw] = glyph }
        return glyph
    }

    /// The glyph of the second cell of a two-cell `grapheme` whose first glyph is one cell
    /// wide: its second spacing character and the zero-width marks after it. Nil when there is
    /// none (a one-character grapheme, or one whose first character takes both cells).
    mutating func trailingGlyph(for grapheme: Grapheme) -> Glyph? {
        let raw = grapheme.rawValue
        guard raw >= 0x11_0000, !grapheme.isContinuation else { return nil }
        if let cached = trailingCache[raw] { return cached }
        var rest = Substring(grapheme.text).unicodeScalars.dropFirst()
        // Past the first character's marks, to the second spacing character.
        while let scalar = rest.first, curtain_wcwidth(wchar_t(bitPattern: scalar.value)) == 0 {
            rest.removeFirst()
        }
        var trailing: Glyph?
        if let second = rest.first {
            let own = glyph(forScalar: second.value)
            trailing = own.width == 1 ? attachingMarks(to: own, from: rest.dropFirst()) : (isUnicode ? .replacement : .question)
        }
        if trailingCache.count < 4096 { trailingCache[raw] = trailing }
        return trailing
    }

    /// `glyph` with the zero-width marks at the start of `marks` (up to five characters in all,
    /// no zero-width joiner); in a UTF-8 locale only.
    private func attachingMarks(to glyph: Glyph, from marks: Substring.UnicodeScalarView) -> Glyph {
        var glyph = glyph
        guard isUnicode else { return glyph }
        var count = 1
        withUnsafeMutableBytes(of: &glyph.scalars) { buffer in
            let slots = buffer.bindMemory(to: wchar_t.self)
            for scalar in marks {
                guard count < 5, scalar.value != 0x200D,
                      curtain_wcwidth(wchar_t(bitPattern: scalar.value)) == 0 else { break }
                slots[count] = wchar_t(bitPattern: scalar.value)
                count += 1
            }
        }
        return glyph
    }

    private mutating func clusterGlyph(_ grapheme: Grapheme) -> Glyph {
        let scalars = grapheme.text.unicodeScalars
        guard let first = scalars.first else { return .space }
        let glyph = glyph(forScalar: first.value)
        guard glyph.scalars.0 == wchar_t(bitPattern: first.value) else { return glyph }
        return attachingMarks(to: glyph, from: Substring(grapheme.text).unicodeScalars.dropFirst())
    }

    private mutating func glyph(forScalar scalar: UInt32) -> Glyph {
        if let cached = cache[scalar] { return cached }
        let glyph = computeGlyph(forScalar: scalar)
        if cache.count < 4096 { cache[scalar] = glyph }
        return glyph
    }

    private func computeGlyph(forScalar scalar: UInt32) -> Glyph {
        if scalar < 0x20 || (0x7F...0x9F).contains(scalar) { return isUnicode ? .replacement : .question }
        if !isUnicode {
            if let line = lineDrawing[scalar] { return line }
            var bytes: (UInt64, UInt64) = (0, 0) // MB_LEN_MAX (16) bytes
            var state = mbstate_t()
            let length = withUnsafeMutableBytes(of: &bytes) { buffer in
                wcrtomb(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), wchar_t(bitPattern: scalar), &state)
            }
            if length == -1 || length == 0 { return .question }
        }
        let width = curtain_wcwidth(wchar_t(bitPattern: scalar))
        switch width {
        case 1, 2: return Glyph(scalar, width: Int(width))
        default: return isUnicode ? .replacement : .question
        }
    }

    /// Unicode box drawing mapped onto the ACS characters every terminal has.
    private static func lineDrawingTable() -> [UInt32: Glyph] {
        func acs(_ value: chtype) -> Glyph {
            Glyph(UInt32(value & chtype(curtain_A_CHARTEXT())), width: 1,
                  extraAttributes: attr_t(value) & curtain_A_ATTRIBUTES())
        }
        let horizontal = acs(curtain_ACS_HLINE()), vertical = acs(curtain_ACS_VLINE())
        let upperLeft = acs(curtain_ACS_ULCORNER()), upperRight = acs(curtain_ACS_URCORNER())
        let lowerLeft = acs(curtain_ACS_LLCORNER()), lowerRight = acs(curtain_ACS_LRCORNER())
        let leftTee = acs(curtain_ACS_LTEE()), rightTee = acs(curtain_ACS_RTEE())
        let topTee = acs(curtain_ACS_TTEE()), bottomTee = acs(curtain_ACS_BTEE())
        let plus = acs(curtain_ACS_PLUS())
        var table: [UInt32: Glyph] = [:]
        func put(_ glyph: Glyph, _ scalars: [UInt32]) { for s in scalars { table[s] = glyph } }
        func put(_ glyph: Glyph, _ range: ClosedRange<UInt32>) { for s in range { table[s] = glyph } }
        put(horizontal, [0x2500, 0x2501, 0x2504, 0x2505, 0x2508, 0x2509, 0x254C, 0x254D, 0x2550,
                         0x2574, 0x2576, 0x2578, 0x257A, 0x257C, 0x257E])
        put(vertical, [0x2502, 0x2503, 0x2506, 0x2507, 0x250A, 0x250B, 0x254E, 0x254F, 0x2551,
                       0x2575, 0x2577, 0x2579, 0x257B, 0x257D, 0x257F])
        put(upperLeft, 0x250C...0x250F); put(upperLeft, 0x2552...0x2554); put(upperLeft, [0x256D])
        put(upperRight, 0x2510...0x2513); put(upperRight, 0x2555...0x2557); put(upperRight, [0x256E])
        put(lowerLeft, 0x2514...0x2517); put(lowerLeft, 0x2558...0x255A); put(lowerLeft, [0x2570])
        put(lowerRight, 0x2518...0x251B); put(lowerRight, 0x255B...0x255D); put(lowerRight, [0x256F])
        put(leftTee, 0x251C...0x2523); put(leftTee, 0x255E...0x2560)
        put(rightTee, 0x2524...0x252B); put(rightTee, 0x2561...0x2563)
        put(topTee, 0x252C...0x2533); put(topTee, 0x2564...0x2566)
        put(bottomTee, 0x2534...0x253B); put(bottomTee, 0x2567...0x2569)
        put(plus, 0x253C...0x254B); put(plus, 0x256A...0x256C)
        put(Glyph(0x2F, width: 1), [0x2571])
        put(Glyph(0x5C, width: 1), [0x2572])
        put(Glyph(0x58, width: 1), [0x2573])
        put(acs(curtain_ACS_CKBOARD()), 0x2591...0x2593)
        put(acs(curtain_ACS_BLOCK()), [0x2588])
        put(acs(curtain_ACS_BULLET()), [0x2022])
        put(acs(curtain_ACS_DIAMOND()), [0x25C6])
        return table
    }
}
