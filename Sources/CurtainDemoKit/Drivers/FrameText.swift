import CurtainScreen

/// A frame as text lines, or as text with SGR sequences (reset at each line end) for what a
/// terminal of `colorDepth` shows.
func render(_ drawn: CellBuffer, as output: DemoOptions.Output, colorDepth: ColorDepth) -> String {
    switch output {
    case .text:
        return drawn.lines(trimmingTrailingSpaces: true).joined(separator: "\n") + "\n"
    case .ansi:
        let frame = drawn.reducingColors(to: colorDepth)
        var out = ""
        for y in 0..<frame.size.height {
            var encoder = ANSIEncoder(colorDepth: colorDepth)
            // One run over the whole row: every cell written, one cursor address at its start,
            // which is then dropped (a line of a pipe has no cursor to move).
            let cells = (0..<frame.size.width).map { frame[$0, y] }
            let bytes = stripCursorSequences(encoder.encode([CellRun(y: y, x: 0, cells: cells)], frame: frame))
            out += String(decoding: bytes, as: UTF8.self) + "\u{1B}[0m\n"
        }
        return out
    }
}

/// Removes CSI sequences other than SGR (cursor moves, clears) from encoder output.
func stripCursorSequences(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") {
            var j = i + 2
            while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "m") { out += bytes[i...j] }
            i = j + 1
            continue
        }
        out.append(bytes[i])
        i += 1
    }
    return out
}

func formatSeconds(_ value: Double) -> String {
    let millis = Int((value * 1000).rounded())
    let fraction = millis % 1000
    return "\(millis / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
}
