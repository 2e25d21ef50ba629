/// A position on the terminal in character cells: `x` is the column, `y` the row, both from zero
/// at the top-left corner.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int

    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// This point moved by `dx` columns and `dy` rows (saturating, never trapping).
    public func offsetBy(dx: Int, dy: Int) -> Point {
        Point(x: x.addingSaturating(dx), y: y.addingSaturating(dy))
    }

    public var description: String { "(\(x), \(y))" }
}

extension Int {
    /// Addition that clamps at the bounds of `Int` instead of trapping, so geometry stays total.
    @inlinable
    package func addingSaturating(_ other: Int) -> Int {
        let (result, overflow) = addingReportingOverflow(other)
        if !overflow { return result }
        return other > 0 ? .max : .min
    }

    @inlinable
    package func subtractingSaturating(_ other: Int) -> Int {
        let (result, overflow) = subtractingReportingOverflow(other)
        if !overflow { return result }
        return other < 0 ? .max : .min
    }
}
