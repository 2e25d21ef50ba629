/// Distances in cells from each edge of a rectangle: the terminal form of `UIEdgeInsets`.
///
/// A context's safe-area insets (a pane's border, the screen's help bar) and the insets a
/// presentation keeps from its edge are both `EdgeInsets`. Negative values are allowed and
/// grow a rectangle when used with ``Rect/inset(by:)``.
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
    public var top: Int
    public var left: Int
    public var bottom: Int
    public var right: Int

    public init(top: Int = 0, left: Int = 0, bottom: Int = 0, right: Int = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on every edge.
    public init(all value: Int) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    /// `horizontal` columns left and right, `vertical` rows top and bottom.
    public init(horizontal: Int, vertical: Int) {
        self.init(top: vertical, left: horizontal, bottom: vertical, right: horizontal)
    }

    public static let zero = EdgeInsets()

    /// Columns taken by the left and right insets together.
    public var horizontal: Int { left.addingSaturating(right) }
    /// Rows taken by the top and bottom insets together.
    public var vertical: Int { top.addingSaturating(bottom) }

    public static func + (lhs: EdgeInsets, rhs: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: lhs.top.addingSaturating(rhs.top),
            left: lhs.left.addingSaturating(rhs.left),
            bottom: lhs.bottom.addingSaturating(rhs.bottom),
            right: lhs.right.addingSaturating(rhs.right))
    }

    public var description: String { "(top: \(top), left: \(left), bottom: \(bottom), right: \(right))" }
}
