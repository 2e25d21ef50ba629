extension TextWrapper {
    /// ``forEachLine(of:width:_:)`` for text made of printable ASCII alone (U+0020…U+007E),
    /// read as bytes: every byte is a cluster of its own one cell wide, and none is a hard
    /// break, so the same greedy walk needs no `Character` and no cluster measurement. Calls
    /// `body` with exactly the ranges the general walk gives (a property test compares them)
    /// and returns true; returns false, calling nothing, when `text` holds any other byte.
    ///
    /// A program's output is mostly ASCII: a ``Log`` wraps each line that comes into view,
    /// and with lines arriving faster than frames that is every line on screen, every frame.
    package static func forEachLine(ofASCII text: Substring, width: Int, _ body: (Range<Substring.Index>) -> Void) -> Bool {
        let handled = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return false }
            if width <= 0 || bytes.isEmpty { return true }
            let start = text.startIndex
            func emit(_ from: Int, _ to: Int) {
                body(text.utf8.index(start, offsetBy: from)..<text.utf8.index(start, offsetBy: to))
            }
            // The general walk's state, in byte offsets (see forEachLine(of:width:_:)).
            var lineStart = 0
            var contentEnd = 0
            var lineWidth = 0
            var pendingSpaces = 0
            var previous: LineBreakClass? = nil
            var opportunity: Int? = nil
            var opportunityContentEnd = 0
            var widthAfterOpportunity = 0
            for index in 0..<bytes.count {
                let kind = LineBreakClass(Unicode.Scalar(bytes[index]))
                if kind == .space {
                    pendingSpaces += 1
                    previous = .space
                    continue
                }
                if let before = previous, LineBreakClass.allowsBreak(between: before, and: kind) {
                    opportunity = index
                    opportunityContentEnd = contentEnd
                    widthAfterOpportunity = 0
                }
                previous = kind
                while lineWidth + pendingSpaces + 1 > width {
                    if let start = opportunity {
                        emit(lineStart, opportunityContentEnd)
                        lineStart = start
                        lineWidth = widthAfterOpportunity
                        if start == index { pendingSpaces = 0 }
                        opportunity = nil
                    } else {
                        emit(lineStart, contentEnd)
                        lineStart = index
                        lineWidth = 0
                        pendingSpaces = 0
                    }
                }
                lineWidth += pendingSpaces + 1
                if let start = opportunity {
                    widthAfterOpportunity += (start == index ? 0 : pendingSpaces) + 1
                }
                pendingSpaces = 0
                contentEnd = index + 1
            }
            emit(lineStart, contentEnd)
            return true
        }
        return handled ?? false
    }
}
