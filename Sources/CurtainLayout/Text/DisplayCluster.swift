/// How one grapheme cluster appears on a terminal: the text actually sent and the cells it takes.
///
/// TEMPORARY bootstrap implementation (coarse ranges). To be replaced by generated Unicode tables.
public struct DisplayCluster: Hashable, Sendable {
    /// What is drawn: the cluster itself, or its replacement (a control picture, the first
    /// scalar of a sequence terminals disagree on, …). Never contains control characters.
    public var text: String
    /// Cells taken: 0, 1 or 2.
    public var width: Int

    public init(text: String, width: Int) {
        self.text = text
        self.width = width
    }

    /// The display form of `character`.
    public init(_ character: Character) {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if first.value < 0x20 {
            self.init(text: String(Unicode.Scalar(0x2400 + first.value)!), width: 1)
        } else if first.value == 0x7F {
            self.init(text: "\u{2421}", width: 1)
        } else if (0x1100...0x115F).contains(first.value) || (0x2E80...0xA4CF).contains(first.value)
            || (0xAC00...0xD7A3).contains(first.value) || (0xF900...0xFAFF).contains(first.value)
            || (0xFF00...0xFF60).contains(first.value) || (0x1F300...0x1FAFF).contains(first.value)
        {
            self.init(text: String(first), width: 2)
        } else {
            self.init(text: String(first), width: 1)
        }
    }
}
