/// One character cell of a screen: what it shows and how.
///
/// Exactly 16 bytes with no padding (grapheme, a zero word, the packed style), so that rows of
/// cells can be compared as raw memory by the diff.
public struct Cell: Hashable, Sendable, CustomStringConvertible {
    public var grapheme: Grapheme
    /// Always zero. Fills what would otherwise be padding so raw-memory comparison is exact.
    @usableFromInline var reserved: UInt32 = 0
    public var style: Style

    @inlinable public init(grapheme: Grapheme, style: Style = .plain) {
        self.grapheme = grapheme
        self.style = style
    }

    /// A blank cell in the terminal's default colours.
    public static let blank = Cell(grapheme: .space, style: .plain)

    /// A blank cell with `style` (for painting backgrounds).
    @inlinable public static func blank(_ style: Style) -> Cell { Cell(grapheme: .space, style: style) }

    /// The right half of a wide character whose left half has `style`.
    @inlinable static func continuation(_ style: Style) -> Cell { Cell(grapheme: .continuation, style: style) }

    @inlinable public static func == (lhs: Cell, rhs: Cell) -> Bool {
        lhs.grapheme.rawValue == rhs.grapheme.rawValue && lhs.style.bits == rhs.style.bits
    }

    @inlinable public func hash(into hasher: inout Hasher) {
        hasher.combine(grapheme.rawValue)
        hasher.combine(style.bits)
    }

    public var description: String { "\"\(grapheme)\" \(style)" }
}
