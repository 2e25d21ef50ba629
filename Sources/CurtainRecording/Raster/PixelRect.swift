/// A rectangle of a picture's pixels, `x0..<x1` × `y0..<y1`.
struct PixelRect: Equatable {
    var x0: Int, y0: Int, x1: Int, y1: Int

    var width: Int { x1 - x0 }
    var height: Int { y1 - y0 }
    var isEmpty: Bool { x0 >= x1 || y0 >= y1 }
    var area: Int { isEmpty ? 0 : width * height }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return PixelRect(x0: min(x0, other.x0), y0: min(y0, other.y0), x1: max(x1, other.x1), y1: max(y1, other.y1))
    }
}
