/// A child's output cut into lines the way a terminal shows them: a line ends at `\n` only (a
/// `\r` just before it is the terminal's line end, dropped), so a line written in several
/// pieces, or with a UTF-8 character cut between two writes, is still one line. What follows
/// the last `\n` is the *open line*: shown as it grows, completed by a later `\n`.
///
/// A line longer than ``limit`` bytes is cut at a character boundary near it (a megabyte line
/// is many lines, never a megabyte held back). Bytes that are not UTF-8 become U+FFFD. An open
/// line redrawn with carriage returns (a progress bar) is kept short instead, what it draws
/// over dropped (see ``redrawCut(_:)``): it stays one line however long it runs.
package struct OutputLines: Sendable {
    /// The most bytes a line holds before it is cut.
    package let limit: Int
    private var pending: [UInt8] = []
    /// The open line's size at which to look for a carriage return to cut at: twice what was
    /// left after the last look, so the looking costs a constant per byte.
    private var nextRedrawCut: Int

    /// Bytes an open line holds before the first look for a redraw to cut (or half the limit).
    static let redrawCutSize = 1024

    package init(limit: Int = 16 * 1024) {
        self.limit = max(4, limit)
        nextRedrawCut = Self.firstRedrawCut(limit: self.limit)
    }

    private static func firstRedrawCut(limit: Int) -> Int { min(redrawCutSize, max(2, limit / 2)) }

    /// The lines `bytes` completes, oldest first; the rest stays open.
    package mutating func feed(_ bytes: UnsafeRawBufferPointer) -> [String] {
        var lines: [String] = []
        var start = 0
        let count = bytes.count
        while start < count {
            // Copy up to the next newline in one go: the common case is a few long runs.
            var end = start
            while end < count, bytes[end] != 0x0A { end += 1 }
            pending.append(contentsOf: bytes[start..<end])
            if pending.count >= nextRedrawCut { cutRedraws() }
            if pending.count >= limit {
                while pending.count >= limit { lines.append(cutAtLimit()) }
                nextRedrawCut = max(Self.firstRedrawCut(limit: limit), 2 * pending.count)
            }
            if end < count {
                lines.append(Self.text(pending[...], droppingCarriageReturn: true))
                pending.removeAll(keepingCapacity: true)
                nextRedrawCut = Self.firstRedrawCut(limit: limit)
            }
            start = end + 1
        }
        return lines
    }

    /// The open line: the text after the last newline, without a character still cut at its
    /// end (its first bytes wait for the rest). Empty when the output ended with a newline.
    package var openLine: String {
        String(decoding: pending[..<completeEnd], as: UTF8.self)
    }

    /// The end of `pending` without a UTF-8 sequence still cut at its end.
    private var completeEnd: Int {
        let end = pending.count
        var back = 0
        while back < 3, end - back - 1 >= 0, pending[end - back - 1] & 0xC0 == 0x80 { back += 1 }
        let leadIndex = end - back - 1
        guard leadIndex >= 0 else { return end }
        let lead = pending[leadIndex]
        let needed = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return lead >= 0xC0 && needed > back + 1 ? leadIndex : end
    }

    /// True while the output so far ends inside a line.
    package var hasOpenLine: Bool { !pending.isEmpty }

    /// Ends the output: the open line, if any, as a last line.
    package mutating func finish() -> String? {
        guard !pending.isEmpty else { return nil }
        defer { pending.removeAll() }
        return Self.text(pending[...], droppingCarriageReturn: false)
    }

    /// Drops what a redraw of the open line drew over (see ``redrawCut(_:)``).
    private mutating func cutRedraws() {
        if let cut = Self.redrawCut(pending) {
            pending.replaceSubrange(0..<cut.at, with: cut.colours)
        }
        nextRedrawCut = max(Self.firstRedrawCut(limit: limit), 2 * pending.count)
    }

    /// Takes a line of about ``limit`` bytes off the front of `pending`, never inside a
    /// character.
    private mutating func cutAtLimit() -> String {
        var cut = min(limit, completeEnd)
        // A continuation byte at the cut: move back to the character's first byte.
        var back = 0
        while back < 3, cut - back > 0, cut - back < pending.count, pending[cut - back] & 0xC0 == 0x80 { back += 1 }
        cut = cut - back > 0 ? cut - back : limit
        let line = Self.text(pending[..<cut], droppingCarriageReturn: false)
        pending.removeFirst(cut)
        return line
    }

    private static func text(_ bytes: ArraySlice<UInt8>, droppingCarriageReturn: Bool) -> String {
        if droppingCarriageReturn, bytes.last == 0x0D {
            return String(decoding: bytes.dropLast(), as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
