/// One character cell of a screen: what it shows and how.
public struct Cell: Hashable, Sendable {
    public var grapheme: Grapheme
    public var style: Style

    @inlinable public init(grapheme: Grapheme, style: Style = .plain) {
        self.grapheme = grapheme
        self.style = style
    }

    /// A blank cell in the terminal's default colours.
    public static let blank = Cell(grapheme: .space, style: .plain)

    /// A blank cell with `style` (for painting backgrounds).
    public static func blank(_ style: Style) -> Cell { Cell(grapheme: .space, style: style) }
}
