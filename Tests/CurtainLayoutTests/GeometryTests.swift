import CurtainLayout
import PropertyBased
import Testing

@Suite("Geometry")
struct GeometryTests {
    @Test func sizesNeverGoNegative() {
        #expect(Size(width: -3, height: 5) == Size(width: 0, height: 5))
        var size = Size(width: 4, height: 4)
        size.height = -1
        #expect(size.height == 0 && size.isEmpty)
        #expect(Size(width: Int.max, height: 2).area == Int.max)
        #expect(Size(width: 3, height: 4).area == 12)
    }

    @Test func rectEdgesAndContainment() {
        let rect = Rect(x: 2, y: 3, width: 4, height: 5)
        #expect(rect.maxX == 6 && rect.maxY == 8)
        #expect(rect.contains(Point(x: 2, y: 3)) && rect.contains(Point(x: 5, y: 7)))
        #expect(!rect.contains(Point(x: 6, y: 7)) && !rect.contains(Point(x: 5, y: 8)))
        #expect(rect.contains(Rect(x: 3, y: 4, width: 3, height: 4)))
        #expect(!rect.contains(Rect(x: 3, y: 4, width: 4, height: 4)))
        #expect(rect.contains(Rect(x: 100, y: 100, width: 0, height: 0)))  // empty: anywhere
        #expect(Rect(x: 0, y: 0, width: -5, height: 3).isEmpty)
        #expect(!Rect.zero.contains(Point.zero))
        #expect(Rect(x: Int.max - 1, y: 0, width: 10, height: 1).maxX == Int.max)
    }

    @Test func intersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 7, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 7, width: 5, height: 3))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 2, height: 2)).isEmpty)
        #expect(!a.intersects(Rect(x: 10, y: 0, width: 2, height: 2)))  // touching edges share no cell
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 17))
        #expect(a.union(.zero) == a && Rect.zero.union(b) == b)
    }

    @Test func insetting() {
        let pane = Rect(x: 0, y: 0, width: 40, height: 11)
        #expect(pane.inset(by: EdgeInsets(all: 1)) == Rect(x: 1, y: 1, width: 38, height: 9))
        #expect(pane.insetBy(dx: 2, dy: 1) == Rect(x: 2, y: 1, width: 36, height: 9))
        #expect(pane.inset(by: EdgeInsets(bottom: 1)) == Rect(x: 0, y: 0, width: 40, height: 10))
        #expect(pane.inset(by: EdgeInsets(all: -1)) == Rect(x: -1, y: -1, width: 42, height: 13))
        let tooMuch = Rect(x: 5, y: 5, width: 3, height: 3).inset(by: EdgeInsets(all: 2))
        #expect(tooMuch.isEmpty)
        #expect(Rect(x: 5, y: 5, width: 3, height: 3).contains(tooMuch.origin))
        #expect(Rect.zero.inset(by: EdgeInsets(all: 1)).isEmpty)
    }

    @Test func offsetsAndClamping() {
        #expect(Rect(x: 1, y: 1, width: 2, height: 2).offsetBy(dx: 3, dy: -4) == Rect(x: 4, y: -3, width: 2, height: 2))
        #expect(Point(x: Int.max, y: 0).offsetBy(dx: 1, dy: 0) == Point(x: Int.max, y: 0))
        let bounds = Rect(x: 0, y: 0, width: 10, height: 5)
        #expect(Rect(x: 8, y: 4, width: 4, height: 2).clamped(to: bounds) == Rect(x: 6, y: 3, width: 4, height: 2))
        #expect(Rect(x: -3, y: -3, width: 20, height: 2).clamped(to: bounds) == Rect(x: 0, y: 0, width: 10, height: 2))
        #expect(Rect(x: 4, y: 4, width: 2, height: 2).clamped(to: .zero) == Rect(x: 0, y: 0, width: 0, height: 0))
    }

    @Test func edgeInsetSums() {
        let insets = EdgeInsets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(insets.horizontal == 6 && insets.vertical == 4)
        #expect(insets + EdgeInsets(all: 1) == EdgeInsets(top: 2, left: 3, bottom: 4, right: 5))
        #expect(EdgeInsets(horizontal: 2, vertical: 1) == EdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
        #expect(EdgeInsets(left: .max, right: 1).horizontal == .max)
    }

    static let rects = zip(Gen.int(in: -20...20), Gen.int(in: -20...20), Gen.int(in: -5...30), Gen.int(in: -5...30))
        .map { Rect(x: $0, y: $1, width: $2, height: $3) }

    @Test func intersectionIsContainedInBoth() async {
        await propertyCheck(count: 300, input: Self.rects, Self.rects) { a, b in
            let both = a.intersection(b)
            #expect(a.contains(both) && b.contains(both), "\(a) ∩ \(b) = \(both)")
            // Cell by cell: a cell is in the intersection iff it is in both.
            for y in -20...50 where y % 3 == 0 {
                for x in -20...50 where x % 3 == 0 {
                    let point = Point(x: x, y: y)
                    #expect(both.contains(point) == (a.contains(point) && b.contains(point)), "\(a) ∩ \(b) at \(point)")
                }
            }
        }
    }

    @Test func insetRectsStayInside() async {
        await propertyCheck(count: 300, input: Self.rects, Gen.int(in: 0...20).array(of: 4)) { rect, values in
            let insets = EdgeInsets(top: values[0], left: values[1], bottom: values[2], right: values[3])
            let inner = rect.inset(by: insets)
            #expect(rect.contains(inner), "\(rect) inset by \(insets) = \(inner)")
            #expect(inner.width == max(0, rect.width - insets.horizontal), "\(rect) inset by \(insets)")
        }
    }
}
