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
/// with its parameters as they came. Only SGRs of digits, `;` and `:` are read. A written SGR
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
        var runStart: RenditionState?
        var runParameters: [ArraySlice<UInt8>] = []
        var runReadable = true
        var index = 0
        func flush() {
            guard let before = runStart else { return }
            if runReadable {
                append(parameters: before.shortestChange(to: state), to: &result)
            } else {
                append(parameters: runParameters.flatMap { Attribute.split($0).map(\.text) }, to: &result)
                state = .unknown
            }
            runStart = nil
            runParameters.removeAll(keepingCapacity: true)
            runReadable = true
        }
        while index < bytes.count {
            guard bytes[index] == 0x1B, index + 1 < bytes.count else {
                flush()
                result.append(bytes[index])
                index += 1
                continue
            }
            if let (parameters, end) = rendition(in: bytes, at: index) {
                if runStart == nil { runStart = state }
                runParameters.append(parameters)
                if runReadable, !state.apply(parameters) { runReadable = false }
                index = end
                continue
            }
            flush()
            if mayRestoreRenditions(bytes, at: index) { state = .unknown }
            result.append(bytes[index])
            index += 1
        }
        flush()
        return result
    }

    /// The parameters of the SGR at `start` and the index after it; nil when what starts there
    /// is not an SGR of digits, `;` and `:` alone.
    private static func rendition(in bytes: [UInt8], at start: Int) -> (ArraySlice<UInt8>, Int)? {
        guard start + 2 < bytes.count, bytes[start + 1] == UInt8(ascii: "[") else { return nil }
        var index = start + 2
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "m") { return (bytes[(start + 2)..<index], index + 1) }
            guard (0x30...0x3B).contains(byte) else { return nil } // 0-9 : ;
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

    /// Writes `parameters` as few SGRs as the parameter limit allows (none when there are
    /// none); a lone reset as `ESC[m`.
    private static func append(parameters: [ArraySlice<UInt8>], to output: inout [UInt8]) {
        guard !parameters.isEmpty else { return }
        if parameters.count == 1, Attribute.isReset(parameters[0]) {
            output += [0x1B, UInt8(ascii: "["), UInt8(ascii: "m")]
            return
        }
        var numbers = 0
        var open = false
        for parameter in parameters {
            let count = parameter.count { $0 == UInt8(ascii: ";") || $0 == UInt8(ascii: ":") } + 1
            if open, numbers + count > parameterLimit {
                output.append(UInt8(ascii: "m"))
                open = false
            }
            if open {
                output.append(UInt8(ascii: ";"))
                numbers += count
            } else {
                output += [0x1B, UInt8(ascii: "[")]
                open = true
                numbers = count
            }
            if parameter.isEmpty { output.append(UInt8(ascii: "0")) } else { output += parameter }
        }
        output.append(UInt8(ascii: "m"))
    }

    /// One attribute of an SGR: a parameter, or a colour with the parameters its form takes
    /// (`38;5;n`, `38;2;r;g;b`; a colon form is one parameter already), as written.
    struct Attribute {
        var text: ArraySlice<UInt8>

        static func isReset(_ text: ArraySlice<UInt8>) -> Bool {
            text.isEmpty || text.allSatisfy { $0 == UInt8(ascii: "0") }
        }

        static func split(_ parameters: ArraySlice<UInt8>) -> [Attribute] {
            let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            var attributes: [Attribute] = []
            var index = fields.startIndex
            while index < fields.endIndex {
                let field = fields[index]
                var count = 1
                if field.elementsEqual("38".utf8) || field.elementsEqual("48".utf8) || field.elementsEqual("58".utf8),
                   index + 1 < fields.endIndex {
                    let form = fields[index + 1]
                    if form.elementsEqual("5".utf8) { count = 3 } else if form.elementsEqual("2".utf8) { count = 5 }
                    count = min(count, fields.endIndex - index)
                }
                let last = fields[index + count - 1]
                attributes.append(Attribute(text: parameters[field.startIndex..<last.endIndex]))
                index += count
            }
            return attributes
        }
    }
}
