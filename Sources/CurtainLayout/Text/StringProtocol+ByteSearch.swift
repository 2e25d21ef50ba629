extension StringProtocol {
    /// Where `part` first appears in the text, compared byte for byte in UTF-8 (no canonical
    /// equivalence: for names, identifiers and ASCII keywords); empty at the start for an
    /// empty `part`.
    ///
    /// The standard library's `firstRange(of:)` and `contains(_:)` for strings come from
    /// _StringProcessing, and with it its regex parser: 0.8 MB of code linked into a static
    /// program that calls nothing else of them (docs/PERFORMANCE.md, "Start-up and memory
    /// without swift-argument-parser"). Curtain's modules search text with this instead.
    package func firstRange(ofBytes part: some StringProtocol) -> Range<Index>? {
        let pattern = Array(part.utf8)
        let bytes = utf8
        guard let first = pattern.first else { return startIndex..<startIndex }
        var start = bytes.startIndex
        while let found = bytes[start...].firstIndex(of: first) {
            if bytes[found...].starts(with: pattern) {
                return found..<bytes.index(found, offsetBy: pattern.count)
            }
            start = bytes.index(after: found)
        }
        return nil
    }
}
