/// A rectangle of character cells: origin at the top-left cell, size in columns and rows.
///
/// Every operation is total: empty or negative input yields an empty rectangle rather than a trap.
/// The cells covered are columns `minX ..< maxX` and rows `minY ..< maxY`.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Int { origin.x }
    public var y: Int { origin.y }
    public var width: Int { size.width }
    public var height: Int { size.height }

    public var minX: Int { origin.x }
    public var minY: Int { origin.y }
    /// One past the last column.
    public var maxX: Int { origin.x.addingSaturating(size.width) }
    /// One past the last row.
    public var maxY: Int { origin.y.addingSaturating(size.height) }

    public var isEmpty: Bool { size.isEmpty }

    /// True when the cell at `point` lies inside.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// True when every cell of `other` lies inside. An empty rectangle is contained anywhere.
    public func contains(_ other: Rect) -> Bool {
        if other.isEmpty { return true }
        return other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// The cells both rectangles cover; an empty rectangle (at the clamped origin) if none.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX)
        let y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX)
        let y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    public func intersects(_ other: Rect) -> Bool { !intersection(other).isEmpty }

    /// The smallest rectangle covering both; an empty operand is ignored.
    public func union(_ other: Rect) -> Rect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        let x0 = min(minX, other.minX)
        let y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0,
                    width: max(maxX, other.maxX).subtractingSaturating(x0),
                    height: max(maxY, other.maxY).subtractingSaturating(y0))
    }

    /// This rectangle shrunk by `insets` (grown where they are negative). When the insets take
    /// more than the whole width or height, the result is empty, placed inside the original.
    public func inset(by insets: EdgeInsets) -> Rect {
        let width = size.width.subtractingSaturating(insets.horizontal)
        let height = size.height.subtractingSaturating(insets.vertical)
        let x = origin.x.addingSaturating(min(insets.left, max(0, size.width)))
        let y = origin.y.addingSaturating(min(insets.top, max(0, size.height)))
        return Rect(x: width > 0 ? origin.x.addingSaturating(insets.left) : x,
                    y: height > 0 ? origin.y.addingSaturating(insets.top) : y,
                    width: width, height: height)
    }

    /// This rectangle shrunk by `dx` columns on each side and `dy` rows on top and bottom.
    public func insetBy(dx: Int, dy: Int) -> Rect {
        inset(by: EdgeInsets(horizontal: dx, vertical: dy))
    }

    /// This rectangle moved by `dx` columns and `dy` rows.
    public func offsetBy(dx: Int, dy: Int) -> Rect {
        Rect(origin: origin.offsetBy(dx: dx, dy: dy), size: size)
    }

    /// This rectangle moved (not resized) as little as possible to lie inside `bounds`; where it is
    /// larger than `bounds` it is also cut to `bounds`' size.
    public func clamped(to bounds: Rect) -> Rect {
        let width = min(size.width, bounds.size.width)
        let height = min(size.height, bounds.size.height)
        let x = min(max(origin.x, bounds.minX), bounds.maxX.subtractingSaturating(width))
        let y = min(max(origin.y, bounds.minY), bounds.maxY.subtractingSaturating(height))
        return Rect(x: x, y: y, width: width, height: height)
    }

    public var description: String { "(\(origin.x), \(origin.y), \(size.width)×\(size.height))" }
}
