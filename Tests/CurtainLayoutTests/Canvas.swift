import CurtainLayout

/// A tiny cell grid for tests: paints placements the way a screen would (a two-cell cluster
/// takes its cell and the next), so tests can compare actual rows of cells.
struct Canvas {
    let size: Size
    private(set) var cells: [[String]]
    /// Cells painted more than once or outside the canvas: a layout bug.
    private(set) var collisions: [Point] = []

    init(width: Int, height: Int) {
        size = Size(width: width, height: height)
        cells = Array(repeating: Array(repeating: " ", count: max(0, width)), count: max(0, height))
    }

    private var painted: Set<Point> = []

    mutating func put(_ text: String, at point: Point) {
        guard point.y >= 0, point.y < size.height, point.x >= 0, point.x < size.width else {
            collisions.append(point)
            return
        }
        if painted.contains(point) { collisions.append(point) }
        painted.insert(point)
        cells[point.y][point.x] = text
    }

    mutating func paint(_ placements: [Placement]) {
        for placement in placements {
            switch placement {
            case .text(let line, let origin, _):
                var x = origin.x
                for character in line {
                    let cluster = DisplayCluster(character)
                    put(cluster.text, at: Point(x: x, y: origin.y))
                    if cluster.width == 2 { put("", at: Point(x: x + 1, y: origin.y)) }
                    x += cluster.width
                }
            case .border(let rect, let title):
                for x in rect.minX..<rect.maxX {
                    let corner = x == rect.minX || x == rect.maxX - 1
                    put(corner ? "+" : "-", at: Point(x: x, y: rect.minY))
                    put(corner ? "+" : "-", at: Point(x: x, y: rect.maxY - 1))
                }
                for y in (rect.minY + 1)..<(rect.maxY - 1) {
                    put("|", at: Point(x: rect.minX, y: y))
                    put("|", at: Point(x: rect.maxX - 1, y: y))
                }
                if let title {
                    var x = rect.minX + 1
                    for character in title {
                        let cluster = DisplayCluster(character)
                        cells[rect.minY][x] = cluster.text
                        if cluster.width == 2 { cells[rect.minY][x + 1] = "" }
                        x += cluster.width
                    }
                }
            }
        }
    }

    /// Each row as a string, trailing blanks kept.
    var rows: [String] { cells.map { $0.joined() } }
}
