internal import CNcurses
import CurtainLayout
import CurtainScreen
import CurtainPlatform

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
/// In other locales (`nl_langinfo(CODESET)` not UTF-8, such as `LANG=C`) a character the
/// locale can encode is sent as it is (`é` in a Latin-1 locale); any other becomes a stand-in
/// of the same width, never `?`: the terminal's alternate character set where it has the
/// character (box drawing, shades, blocks, arrows, `°`, `≤`…), else its ASCII stand-in
/// (`é` → `e`, `…` → `.`, `—` → `-`), else a placeholder: ``standIn`` in one cell, `[]` in two
/// (a wide character's outline, the look of a glyph a font lacks). Zero-width marks are
/// dropped. Widths come from Curtain's own tables, as the cell buffer was laid out: outside
/// UTF-8 the C library has none for most characters (`wcwidth` says -1).
struct GlyphMapper {
    let isUnicode: Bool
    /// The glyph for one cell whose character cannot be shown: U+FFFD (�) in a UTF-8 locale.
    /// Elsewhere the alternate character set's diamond (◆; `+` on a terminal without one): the
    /// look of U+FFFD without its question mark, which would read as text, and a character no
    /// program text uses (the ACS set has no other that means "unknown").
    let standIn: Glyph
    /// Scalar → the terminal's alternate-character-set glyph; filled only for non-UTF-8 locales.
    private var alternateCharacters: [UInt32: Glyph] = [:]
    /// Glyphs already worked out for non-ASCII scalars and interned clusters (by raw value).
    private var cache: [UInt32: Glyph] = [:]
    /// The second cell of the scalars in ``cache`` whose stand-in takes two (`]` of `[]`).
    private var secondCells: [UInt32: Glyph] = [:]
    /// Second-cell glyphs of interned clusters (by raw value); nil when the cluster has none.
    private var trailingCache: [UInt32: Glyph?] = [:]
    /// The last scalar looked up past ASCII and its glyphs: a frame's non-ASCII cells come in
    /// runs of one character (a border's `─`, a bar's `█`), and this saves each of them the
    /// two dictionary lookups (the demo's first frame: 330K → 250K instructions here).
    private var lastScalar: (scalar: UInt32, lead: Glyph, second: Glyph?)?

    /// - Parameter isUnicode: whether the locale's codeset is UTF-8. When false, call only after
    ///   the screen exists (ncurses fills its ACS table in `newterm`).
    init(isUnicode: Bool) {
        self.isUnicode = isUnicode
        if isUnicode {
            standIn = .replacement
        } else {
            alternateCharacters = Self.alternateCharacterTable()
            standIn = Self.acs(curtain_ACS_DIAMOND())
        }
    }

    /// Whether the current locale's character set is UTF-8.
    static func localeIsUnicode() -> Bool {
        guard let codeset = curtain_codeset() else { return false }
        return LocaleCharacterSet.isUnicode(String(cString: codeset))
    }

    /// The glyph for `grapheme`.
    mutating func glyph(for grapheme: Grapheme) -> Glyph {
        let raw = grapheme.rawValue
        if raw >= 0x20 && raw < 0x7F { return Glyph(raw, width: 1) }
        if raw < 0x11_0000 { return glyphs(forScalar: raw).lead }
        if grapheme.isContinuation { return .space }
        // An interned cluster of several scalars; its id is stable, so the result is kept.
        if let cached = cache[raw] { return cached }
        let glyph = clusterGlyph(grapheme)
        if cache.count < 4096 { cache[raw] = glyph }
        return glyph
    }

    /// The glyph of the second cell of a two-cell `grapheme` whose first glyph is one cell
    /// wide: its second spacing character and the zero-width marks after it, or the second
    /// half of a two-cell stand-in (outside UTF-8). Nil when there is none (a one-character
    /// grapheme in a UTF-8 locale, or one whose first character takes both cells).
    mutating func trailingGlyph(for grapheme: Grapheme) -> Glyph? {
        let raw = grapheme.rawValue
        guard !grapheme.isContinuation else { return nil }
        if raw < 0x11_0000 { return isUnicode ? nil : glyphs(forScalar: raw).second }
        if let cached = trailingCache[raw] { return cached }
        let scalars = Substring(grapheme.text).unicodeScalars
        var trailing: Glyph?
        if !isUnicode, let first = scalars.first, TextWidth.of(scalar: first) == 2 {
            // A wide character the locale cannot show, with marks: its stand-in's second half.
            trailing = glyphs(forScalar: first.value).second
        } else {
            // Past the first character's marks, to the second spacing character.
            var rest = scalars.dropFirst()
            while let scalar = rest.first, width(of: scalar) == 0 { rest.removeFirst() }
            if let second = rest.first {
                let own = glyphs(forScalar: second.value).lead
                trailing = own.width == 1 ? attachingMarks(to: own, from: rest.dropFirst()) : standIn
            }
        }
        if trailingCache.count < 4096 { trailingCache[raw] = trailing }
        return trailing
    }

    /// Cells `scalar` takes as ncurses will count them: the C library's width in a UTF-8
    /// locale; elsewhere Curtain's, since every glyph sent there is one cell of ASCII or ACS.
    private func width(of scalar: Unicode.Scalar) -> Int {
        isUnicode ? Int(curtain_wcwidth(wchar_t(bitPattern: scalar.value))) : TextWidth.of(scalar: scalar)
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
        let glyph = glyphs(forScalar: first.value).lead
        guard glyph.scalars.0 == wchar_t(bitPattern: first.value) else { return glyph }
        return attachingMarks(to: glyph, from: Substring(grapheme.text).unicodeScalars.dropFirst())
    }

    /// The glyph for one scalar, and for the second cell when its stand-in takes two.
    private mutating func glyphs(forScalar scalar: UInt32) -> (lead: Glyph, second: Glyph?) {
        if let last = lastScalar, last.scalar == scalar { return (last.lead, last.second) }
        let glyphs: (lead: Glyph, second: Glyph?)
        if let cached = cache[scalar] {
            glyphs = (cached, secondCells[scalar])
        } else {
            glyphs = isUnicode ? (unicodeGlyph(forScalar: scalar), nil) : fallbackGlyphs(forScalar: scalar)
            if cache.count < 4096 {
                cache[scalar] = glyphs.lead
                secondCells[scalar] = glyphs.second
            }
        }
        lastScalar = (scalar, glyphs.lead, glyphs.second)
        return glyphs
    }

    private func unicodeGlyph(forScalar scalar: UInt32) -> Glyph {
        if scalar < 0x20 || (0x7F...0x9F).contains(scalar) { return .replacement }
        let width = curtain_wcwidth(wchar_t(bitPattern: scalar))
        return width == 1 || width == 2 ? Glyph(scalar, width: Int(width)) : .replacement
    }

    /// Outside UTF-8: the scalar itself where the locale encodes it, else a stand-in as wide as
    /// Curtain laid it out (see the type's description).
    private func fallbackGlyphs(forScalar scalar: UInt32) -> (Glyph, Glyph?) {
        guard scalar >= 0x20, !(0x7F...0x9F).contains(scalar), let unicode = Unicode.Scalar(scalar) else {
            return (standIn, nil)
        }
        if Self.localeEncodes(scalar) {
            let width = curtain_wcwidth(wchar_t(bitPattern: scalar))
            if width == 1 || width == 2 { return (Glyph(scalar, width: Int(width)), nil) }
        }
        if let letter = Self.controlLetter(ofPicture: scalar) {
            return (Glyph(letter, width: 1, extraAttributes: curtain_A_UNDERLINE()), nil)
        }
        let cells = TextWidth.of(scalar: unicode) == 2 ? 2 : 1
        if cells == 1, let graphic = alternateCharacters[scalar] { return (graphic, nil) }
        if let text = ASCIIFallback.text(for: unicode, cells: cells) {
            let characters = text.unicodeScalars.map { Glyph($0.value, width: 1) }
            return (characters[0], characters.count > 1 ? characters[1] : nil)
        }
        return cells == 2 ? (Glyph(0x5B, width: 1), Glyph(0x5D, width: 1)) : (standIn, nil)
    }

    /// The caret letter of a C0 control's picture (␛ → `[`, ␊ → `J`, ␉ → `I`), which a locale
    /// without Unicode shows underlined: views draw a control character as its picture, and as
    /// the placeholder every picture looked the same (`new◆line`, `esc◆[31m`). DEL's picture
    /// (␡) keeps the placeholder: its caret form is `?`, which would read as "unknown".
    static func controlLetter(ofPicture scalar: UInt32) -> UInt32? {
        (0x2400...0x241F).contains(scalar) ? scalar - 0x2400 + 0x40 : nil
    }

    /// Whether the locale's character set has `scalar`.
    private static func localeEncodes(_ scalar: UInt32) -> Bool {
        var bytes: (UInt64, UInt64) = (0, 0) // MB_LEN_MAX (16) bytes
        var state = mbstate_t()
        let length = withUnsafeMutableBytes(of: &bytes) { buffer in
            wcrtomb(buffer.baseAddress!.assumingMemoryBound(to: CChar.self), wchar_t(bitPattern: scalar), &state)
        }
        return length != -1 && length != 0
    }
}
