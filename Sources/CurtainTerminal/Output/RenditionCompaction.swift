/// Shortens the graphic renditions (SGR, `ESC [ … m`) of a frame ncurses wrote to the
/// shortest that leave the terminal in the same state, without changing anything else.
///
/// ncurses sends one SGR per capability: a change of colour pair is `setaf` then `setab`, both
/// colours again even when one did not change; an attribute turned on is one more; and the end
/// of every update resets the colours it set (`ESC[39m`, `ESC[49m` or `op`) right before
/// `sgr0` resets everything. None of that can be told to ncurses (its `_nc_do_color` and
/// `vidputs` decide it, some of it as literal bytes), so the frame's bytes, captured before
/// they are sent (``FrameCapture``), are shortened here. Each run of SGRs with nothing between
/// them is read as the state it leaves — colours, intensity, each attribute — and written as
/// the parameters that differ from the state before it, or as a reset and the parameters that
/// differ from the defaults, whichever is shorter (nothing at all when nothing changes):
/// `ESC[38;5;120m ESC[48;5;25m` after a cell with the same background is `ESC[38;5;120m`, and
/// `ESC[39m ESC[m` is `ESC[m`.
///
/// Exact by construction: a part of the state nobody set since the frame began is unknown and
/// never assumed; a parameter this does not know (or a sequence that may restore renditions:
/// `ESC 8`, `ESC c`, `CSI u`, `CSI ! p`) makes the whole state unknown, and that run is written
/// as it came. Only SGRs of digits, `;` and `:` are read. A written SGR
/// holds at most ``parameterLimit`` numbers (sub-parameters included), since terminals keep a
/// fixed number (st 16, xterm 30).
enum RenditionCompaction {
    static let parameterLimit = 16

    /// `bytes` with every run of SGRs shortened; the same bytes when there is nothing to shorten.
    static func compacted(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 4, bytes.contains(0x1B) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var state = RenditionState.unknown
        var before = RenditionState.unknown
        var runStart: Int?  // where the run of SGRs began in `bytes`
        var runReadable = true
        var index = 0
        func flush(at end: Int) {
            guard let start = runStart else { return }
            if runReadable {
                before.writeChange(to: state, limit: parameterLimit, into: &result)
            } else {
                result += bytes[start..<end]
                state.forget()
            }
            runStart = nil
            runReadable = true
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x1B, index + 1 < bytes.count else {
                if runStart != nil { flush(at: index) }
                // Text up to the next escape, in one copy: most of a frame's bytes.
                var end = index + 1
                while end < bytes.count, bytes[end] != 0x1B { end += 1 }
                result.append(contentsOf: bytes[index..<end])
                index = end
                continue
            }
            if let end = renditionEnd(in: bytes, at: index) {
                if runStart == nil {
                    runStart = index
                    before.copy(state)
                }
                if runReadable, !state.apply(bytes, from: index + 2, to: end - 1) { runReadable = false }
                index = end
                continue
            }
            if runStart != nil { flush(at: index) }
            if mayRestoreRenditions(bytes, at: index) { state.forget() }
            result.append(byte)
            index += 1
        }
        flush(at: bytes.count)
        return result
    }

    /// The index after the SGR at `start` (its `m`); nil when what starts there is not an SGR
    /// of digits, `;` and `:` alone.
    private static func renditionEnd(in bytes: [UInt8], at start: Int) -> Int? {
        guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
        var index = start + 2
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "m") { return index + 1 }
            guard byte >= 0x30, byte <= 0x3B else { return nil } // 0-9 : ;
            index += 1
        }
        return nil
    }

    /// Whether the escape at `start` may set renditions other than by SGR: DECRC (`ESC 8`),
    /// RIS (`ESC c`), SCORC (`CSI u`), DECSTR (`CSI ! p`).
    private static func mayRestoreRenditions(_ bytes: [UInt8], at start: Int) -> Bool {
        let next = bytes[start + 1]
        if next == UInt8(ascii: "8") || next == UInt8(ascii: "c") { return true }
        guard next == UInt8(ascii: "[") else { return false }
        var index = start + 2
        while index < bytes.count, !(0x40...0x7E).contains(bytes[index]) { index += 1 }
        guard index < bytes.count else { return false }
        return bytes[index] == UInt8(ascii: "u") || (bytes[index] == UInt8(ascii: "p") && bytes[index - 1] == UInt8(ascii: "!"))
    }
}
