/// Shortens the graphic-rendition sequences (SGR, `ESC [ … m`) of a frame ncurses wrote,
/// without changing what the terminal shows.
///
/// ncurses sends one SGR per capability: a change of colour pair is `setaf` then `setab`, an
/// attribute turned on is one more, and the end of every update resets the colours it set
/// (`ESC[39m`, `ESC[49m` or `op`) right before `sgr0` resets everything. None of that can be
/// told to ncurses (its `_nc_do_color` and `vidputs` decide it, some of it as literal bytes),
/// so the frame's bytes, captured before they are sent (``FrameCapture``), are shortened here:
///
/// - SGRs that follow one another with nothing between them become one, their parameters
///   joined by `;` (ECMA-48 applies an SGR's parameters in order, as it applies consecutive
///   SGRs): `ESC[38;5;120m ESC[48;5;25m` is `ESC[38;5;120;48;5;25m`, 3 bytes fewer.
/// - Whatever comes before a reset (parameter 0, or none) in such a run is dropped, since the
///   reset undoes it: `ESC[39m ESC[m` is `ESC[m`.
///
/// Only sequences ncurses writes are touched: a CSI whose parameters are digits, `;` and `:`
/// and whose final byte is `m`. A merged SGR holds at most ``parameterLimit`` numbers (sub-
/// parameters after `:` included), since terminals keep a fixed number (st 16, xterm 30);
/// longer runs stay several SGRs.
enum RenditionCompaction {
    static let parameterLimit = 16

    /// `bytes` with every run of SGRs shortened; the same bytes when there is nothing to shorten.
    static func compacted(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 6, bytes.contains(0x1B) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var run: [Attribute] = []
        var sequences = 0
        var index = 0
        func flush() {
            if sequences > 0 { append(run, to: &result) }
            run.removeAll(keepingCapacity: true)
            sequences = 0
        }
        while index < bytes.count {
            if bytes[index] == 0x1B, let (parameters, end) = rendition(in: bytes, at: index) {
                let attributes = Self.attributes(parameters)
                if let reset = attributes.lastIndex(where: \.isReset) {
                    run = Array(attributes[reset...])
                } else {
                    run += attributes
                }
                sequences += 1
                index = end
                continue
            }
            flush()
            result.append(bytes[index])
            index += 1
        }
        flush()
        return result
    }

    /// One attribute of an SGR: a parameter, or a colour with the parameters it takes
    /// (`38;5;n`, `38;2;r;g;b`), as written.
    struct Attribute {
        var text: ArraySlice<UInt8>
        var numbers: Int

        var isReset: Bool { text.isEmpty || text.allSatisfy { $0 == UInt8(ascii: "0") } }
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

    /// `parameters` as attributes: `38`, `48` and `58` take the parameters their form says
    /// (`5;n`, `2;r;g;b`); a colon form is one parameter already.
    static func attributes(_ parameters: ArraySlice<UInt8>) -> [Attribute] {
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
            let text = parameters[field.startIndex..<last.endIndex]
            let numbers = fields[index..<(index + count)].reduce(0) { $0 + 1 + $1.count { $0 == UInt8(ascii: ":") } }
            attributes.append(Attribute(text: text, numbers: numbers))
            index += count
        }
        return attributes
    }

    /// Writes `attributes` as few SGRs as the parameter limit allows; a lone reset as `ESC[m`.
    private static func append(_ attributes: [Attribute], to output: inout [UInt8]) {
        guard !attributes.isEmpty else { return }
        if attributes.count == 1, attributes[0].isReset {
            output += [0x1B, UInt8(ascii: "["), UInt8(ascii: "m")]
            return
        }
        var numbers = 0
        var open = false
        for attribute in attributes {
            if open, numbers + attribute.numbers > parameterLimit {
                output.append(UInt8(ascii: "m"))
                open = false
            }
            if open {
                output.append(UInt8(ascii: ";"))
                numbers += attribute.numbers
            } else {
                output += [0x1B, UInt8(ascii: "[")]
                open = true
                numbers = attribute.numbers
            }
            if attribute.text.isEmpty { output.append(UInt8(ascii: "0")) } else { output += attribute.text }
        }
        output.append(UInt8(ascii: "m"))
    }
}
