internal import CNcurses

extension GlyphMapper {
    /// The glyph ncurses draws for an ACS character: the terminal's own graphic (a character
    /// with the alternate-character-set attribute) where its terminfo `acsc` has it, else
    /// ncurses' ASCII stand-in (`<` `>` `^` `v` for the arrows, `#` for the block on xterm).
    static func acs(_ value: chtype) -> Glyph {
        Glyph(UInt32(value & chtype(curtain_A_CHARTEXT())), width: 1,
              extraAttributes: attr_t(value) & curtain_A_ATTRIBUTES())
    }

    /// Unicode characters the terminal's alternate character set (the VT100's line drawing
    /// and symbols) can draw in their place: box drawing, shades and quadrants (as the
    /// checkerboard), blocks, arrows and the triangles used as arrows, bullets, `°` `±` `≤` `≥`
    /// `≠` `π` `£`. The same pairs as ncurses' own Unicode map of the ACS characters, widened
    /// to their look-alikes.
    static func alternateCharacterTable() -> [UInt32: Glyph] {
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
        // Shades and quadrants: the checkerboard is the one ACS pattern of part-filled cells.
        put(acs(curtain_ACS_CKBOARD()), 0x2591...0x2593); put(acs(curtain_ACS_CKBOARD()), 0x2596...0x259F)
        // Full, half and partial blocks; the thinnest horizontal ones are scan lines 1 and 9.
        put(acs(curtain_ACS_BLOCK()), 0x2580...0x2590); put(acs(curtain_ACS_BLOCK()), [0x2595, 0x25A0, 0x25AE])
        put(acs(curtain_ACS_S1()), [0x2594, 0x23BA])
        put(acs(curtain_ACS_S9()), [0x2581, 0x23BD])
        put(acs(curtain_ACS_LARROW()), [0x2190, 0x21D0, 0x25C0, 0x25C2, 0x25C4])
        put(acs(curtain_ACS_RARROW()), [0x2192, 0x21D2, 0x25B6, 0x25B8, 0x25BA])
        put(acs(curtain_ACS_UARROW()), [0x2191, 0x21D1, 0x25B2, 0x25B4])
        put(acs(curtain_ACS_DARROW()), [0x2193, 0x21D3, 0x25BC, 0x25BE])
        // ncurses maps its bullet to U+00B7, and the VT100 draws it as a centred dot.
        put(acs(curtain_ACS_BULLET()), [0x2022, 0x00B7, 0x2219, 0x22C5, 0x2027, 0x2023])
        put(acs(curtain_ACS_DIAMOND()), [0x25C6, 0x25C7, 0x25C8, 0x2666, 0x2662])
        put(acs(curtain_ACS_DEGREE()), [0x00B0])
        put(acs(curtain_ACS_PLMINUS()), [0x00B1])
        put(acs(curtain_ACS_LEQUAL()), [0x2264, 0x2A7D])
        put(acs(curtain_ACS_GEQUAL()), [0x2265, 0x2A7E])
        put(acs(curtain_ACS_NEQUAL()), [0x2260])
        put(acs(curtain_ACS_PI()), [0x03C0])
        put(acs(curtain_ACS_STERLING()), [0x00A3])
        return table
    }
}
