/// A line redrawn in place (a progress bar: `\r`, the text, `ESC [ K`, over and over) never
/// ends, and grows by every redraw. Kept whole, it would be cut into false lines at the limit
/// and read again from its start at every batch; so the open line is cut at a carriage return
/// once what follows that return draws over everything before it, as a terminal would show it
/// (the `Log`'s reading: `ANSIParser` editing lines). What is dropped leaves only its
/// colours behind: the SGR sequences since its last reset, kept in front of the rest.
///
/// Exact, or nothing: the bytes are measured against the log's line model (a cell a character,
/// the cursor moved by text, `\r`, backspace; `ESC [ K` and `ESC [ 2 K` clear the rest), with
/// the cells before the cut counted high and those drawn after it counted low; anything else
/// it does not follow (a string sequence, a C1 control, a sequence the parser would abandon)
/// keeps the line as it is.
extension OutputLines {
    /// Where `bytes` (an open line) can be cut: the index of a carriage return whose rest draws
    /// over everything before it, and the SGR sequences to keep in front of it. Nil when no
    /// return can be cut at (or the colours to keep would be long).
    static func redrawCut(_ bytes: [UInt8]) -> (at: Int, colours: [UInt8])? {
        /// A stretch between two carriage returns (the first from the line's start).
        struct Segment {
            var start: Int
            /// Cells it may leave: more than or as many as it does.
            var most = 0
            /// Cells it surely draws from the line's start, each one it leaves (or everything,
            /// `Int.max`, once it cleared the rest of the line).
            var least = 0
        }
        var segments = [Segment(start: 0)]
        var sgrs: [(range: Range<Int>, resets: Bool)] = []
        // The cursor, counted high and low (a scalar that is not ASCII may join the cell before).
        var high = 0, low = 0
        var index = 0
        let count = bytes.count
        func drew(most: Int, least: Int) {
            high += most
            low += least
            segments[segments.count - 1].most = max(segments[segments.count - 1].most, high)
            if segments[segments.count - 1].least != .max {
                segments[segments.count - 1].least = max(segments[segments.count - 1].least, low)
            }
        }
        while index < count {
            let byte = bytes[index]
            switch byte {
            case 0x0D:
                segments.append(Segment(start: index))
                high = 0
                low = 0
                index += 1
            case 0x08:
                high = max(0, high - 1)
                low = max(0, low - 1)
                index += 1
            case 0x09: drew(most: 8, least: 1); index += 1
            case 0x1B:
                // Only CSI is followed: `ESC [`, parameters, intermediates, a final byte.
                guard index + 1 < count else { index = count; break }
                guard bytes[index + 1] == 0x5B else { return nil }
                var end = index + 2
                while end < count, (0x20...0x3F).contains(bytes[end]) { end += 1 }
                guard end < count else { index = count; break }   // cut short by the read: later
                // Long ones are left alone: the parser abandons a sequence past its bound.
                guard (0x40...0x7E).contains(bytes[end]), end - index <= 64 else { return nil }
                let parameters = bytes[(index + 2)..<end]
                let numeric = parameters.allSatisfy { (0x30...0x3B).contains($0) }   // digits, ':' and ';'
                if numeric, bytes[end] == 0x6D {
                    let first = parameters.prefix { $0 != 0x3B && $0 != 0x3A }
                    sgrs.append((index..<(end + 1), first.allSatisfy { $0 == 0x30 }))
                } else if numeric, bytes[end] == 0x4B, parameters.allSatisfy({ (0x30...0x39).contains($0) }),
                          let mode = Int(String(decoding: parameters, as: UTF8.self)) ?? (parameters.isEmpty ? 0 : nil),
                          mode == 0 || mode == 2 {
                    segments[segments.count - 1].least = .max
                }
                index = end + 1
            case 0x00..<0x20, 0x7F: drew(most: 1, least: 0); index += 1   // a control picture
            case 0x20..<0x7F: drew(most: 1, least: 1); index += 1
            case 0xC2 where index + 1 < count && (0x80..<0xA0).contains(bytes[index + 1]):
                return nil   // a C1 control: a sequence of its own
            default: drew(most: 1, least: 0); index += 1   // a byte of a scalar, or a U+FFFD
            }
        }
        // The last return whose segments from there on draw over the widest line before it.
        var coveredAfter = 0
        var chosen: Int?
        var widestBefore = [0]
        for segment in segments { widestBefore.append(max(widestBefore[widestBefore.count - 1], segment.most)) }
        for k in stride(from: segments.count - 1, through: 1, by: -1) {
            coveredAfter = max(coveredAfter, segments[k].least)
            if coveredAfter >= widestBefore[k] {
                chosen = k
                break
            }
        }
        guard let k = chosen else { return nil }
        let cut = segments[k].start
        let before = sgrs.filter { $0.range.upperBound <= cut }
        let kept = before[(before.lastIndex { $0.resets } ?? before.startIndex)...]
        var colours: [UInt8] = []
        for sgr in kept { colours += bytes[sgr.range] }
        guard colours.count <= 1024 else { return nil }
        return (cut, colours)
    }
}
