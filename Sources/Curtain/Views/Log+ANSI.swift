import CurtainScreen

extension Log {
    /// The lines the log holds, oldest first, as a terminal would be sent them: each stretch's
    /// colours and attributes as an SGR sequence before it (a reset, `ESC[0m`, ends a line that
    /// set any), control characters as their pictures, no other escape. What a pager that
    /// passes colours through (`less -R`) shows as the log does; ``texts`` is the text alone.
    /// A line in the log's own style has no sequence: it takes the terminal's colours.
    public var ansiTexts: [String] { lines.ansiTexts }
}

extension LogLines.Line {
    /// The line with its styles as SGR sequences (see ``Log/ansiTexts``).
    var ansiText: String {
        let utf8 = text.utf8
        let stretches: [(end: Int, style: Style)]
        switch styling {
        case .log: stretches = [(utf8.count, .plain)]
        case .style(let style), .inherited(let style): stretches = [(utf8.count, style)]
        case .spans(let spans): stretches = spans.map { ($0.end, $0.style ?? .plain) }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count + 16 * stretches.count)
        var current = Style.plain
        var start = utf8.startIndex
        for stretch in stretches {
            // Span ends are UTF-8 offsets (a style may change inside a cluster): bytes, not
            // characters, so nothing is rounded to a cluster's start.
            let end = utf8.index(utf8.startIndex, offsetBy: min(stretch.end, utf8.count))
            guard start < end else { continue }
            // The 16 colours in their own forms (`31`, `91`), as programs write them and every
            // pager and terminal reads them.
            SGR.write(from: current, to: stretch.style, ansiForms: true, into: &bytes)
            current = stretch.style
            Self.appendPictured(utf8[start..<end], to: &bytes)
            start = end
        }
        if current.terminalBits != Style.plain.terminalBits { SGR.write(from: nil, to: .plain, into: &bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `text` with its C0 controls and DEL as control pictures and its C1 controls
    /// as `�` (as the log draws them, see `DisplayCluster`), so no byte of it starts an
    /// escape.
    static func appendPictured(_ text: Substring.UTF8View, to bytes: inout [UInt8]) {
        var index = text.startIndex
        while index < text.endIndex {
            let byte = text[index]
            let next = text.index(after: index)
            switch byte {
            case 0x00..<0x20: bytes += [0xE2, 0x90, 0x80 + byte]           // U+2400 + byte
            case 0x7F: bytes += [0xE2, 0x90, 0xA1]                         // U+2421
            case 0xC2 where next < text.endIndex && (0x80..<0xA0).contains(text[next]):
                bytes += [0xEF, 0xBF, 0xBD]                                // U+FFFD for U+0080…U+009F
                index = text.index(after: next)
                continue
            default: bytes.append(byte)
            }
            index = next
        }
    }
}
