import CurtainLayout
import PropertyBased
import Testing

@Suite("PaneGrid")
struct PaneGridTests {
    static let minimum = Size(width: 18, height: 7)

    /// Checks that the panes cover every cell of the bounds exactly once.
    func expectTiles(_ grid: PaneGrid, _ label: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let bounds = grid.bounds
        var covered = [Int](repeating: 0, count: bounds.size.area)
        for column in 0..<grid.columns {
            for row in 0..<grid.rows {
                let pane = grid.paneRect(column: column, row: row)
                #expect(bounds.contains(pane), "\(label): pane \(column),\(row) \(pane) outside \(bounds)", sourceLocation: sourceLocation)
                if pane.isEmpty { continue }
                for y in pane.minY..<pane.maxY {
                    for x in pane.minX..<pane.maxX where bounds.contains(Point(x: x, y: y)) {
                        covered[(y - bounds.minY) * bounds.width + (x - bounds.minX)] += 1
                    }
                }
            }
        }
        let bad = covered.enumerated().filter { $0.element != 1 }
        #expect(bad.isEmpty, "\(label): \(bad.count) cells covered 0 or 2+ times, first at index \(bad.first?.offset ?? -1)",
                sourceLocation: sourceLocation)
    }

    @Test func twoByTwoSplitsEvenly() {
        let grid = PaneGrid(bounds: Rect(x: 0, y: 0, width: 80, height: 23), columns: 2, rows: 2, minimumPaneSize: Self.minimum)
        #expect(grid.verticalSplits == [40])
        #expect(grid.horizontalSplits == [12])  // 23 × ½ rounds to 12
        #expect(grid.paneRect(column: 0, row: 0) == Rect(x: 0, y: 0, width: 40, height: 12))
        #expect(grid.paneRect(column: 1, row: 1) == Rect(x: 40, y: 12, width: 40, height: 11))
        #expect(grid.contentRect(column: 1, row: 1) == Rect(x: 41, y: 13, width: 38, height: 9))
        #expect(!grid.isBelowMinimum)
        expectTiles(grid, "80×23")
    }

    @Test func splitsMoveByCellsAndStopAtTheMinimum() {
        var grid = PaneGrid(bounds: Rect(x: 0, y: 0, width: 80, height: 24), columns: 2, rows: 2, minimumPaneSize: Self.minimum)
        grid.moveVerticalSplit(0, by: 5)
        #expect(grid.verticalSplits == [45])
        grid.moveVerticalSplit(0, by: 100)
        #expect(grid.verticalSplits == [62])  // right pane keeps 18 columns
        grid.moveVerticalSplit(0, by: -100)
        #expect(grid.verticalSplits == [18])
        grid.moveHorizontalSplit(0, by: -100)
        #expect(grid.horizontalSplits == [7])
        #expect(grid.contentRect(column: 0, row: 0).size == Size(width: 16, height: 5))
        grid.moveHorizontalSplit(3, by: 1)  // out of range: ignored
        grid.moveVerticalSplit(-1, by: 1)
        #expect(grid.horizontalSplits == [7] && grid.verticalSplits == [18])
    }

    @Test func resizingKeepsProportionsAndRestoresThem() {
        var grid = PaneGrid(bounds: Rect(x: 0, y: 1, width: 100, height: 30), columns: 2, rows: 2, minimumPaneSize: Self.minimum)
        grid.moveVerticalSplit(0, by: -20)  // 30 %
        #expect(grid.verticalSplits == [30])
        grid.bounds = Rect(x: 0, y: 1, width: 50, height: 30)
        #expect(grid.verticalSplits == [18])  // 15 wanted, clamped to the minimum
        grid.bounds = Rect(x: 0, y: 1, width: 200, height: 30)
        #expect(grid.verticalSplits == [60])
        grid.bounds = Rect(x: 0, y: 1, width: 100, height: 30)
        #expect(grid.verticalSplits == [30])
        #expect(grid.horizontalSplits == [16])  // offset by the bounds' origin (row 1)
    }

    @Test func belowMinimumStillTilesAndSaysSo() {
        for (width, height) in [(0, 0), (1, 1), (35, 13), (36, 13), (35, 14), (36, 14), (3, 50)] {
            let grid = PaneGrid(bounds: Rect(x: 2, y: 3, width: width, height: height), columns: 2, rows: 2, minimumPaneSize: Self.minimum)
            #expect(grid.isBelowMinimum == (width < 36 || height < 14), "\(width)×\(height)")
            expectTiles(grid, "\(width)×\(height)")
        }
    }

    @Test func oddArguments() {
        let grid = PaneGrid(bounds: Rect(x: 0, y: 0, width: 10, height: 10), columns: 0, rows: -3, minimumPaneSize: Size(width: 1, height: 1))
        #expect(grid.columns == 1 && grid.rows == 1)
        #expect(grid.paneRect(column: 0, row: 0) == Rect(x: 0, y: 0, width: 10, height: 10))
        #expect(grid.paneRect(column: 1, row: 0) == .zero)
        #expect(grid.contentRect(column: 5, row: 5).isEmpty)
    }

    @Test func panesTileTheirBoundsExactly() async {
        await propertyCheck(count: 200,
                            input: Gen.int(in: -5...20), Gen.int(in: -5...20), Gen.int(in: 0...250), Gen.int(in: 0...80),
                            Gen.int(in: 1...4), Gen.int(in: 1...4), Gen.int(in: -60...60).array(of: 0...6)) {
            x, y, width, height, columns, rows, moves in
            var grid = PaneGrid(bounds: Rect(x: x, y: y, width: width, height: height), columns: columns, rows: rows,
                                minimumPaneSize: Self.minimum)
            for (step, move) in moves.enumerated() {
                if step % 2 == 0 { grid.moveVerticalSplit(step % max(1, columns - 1), by: move) }
                else { grid.moveHorizontalSplit(step % max(1, rows - 1), by: move) }
            }
            let label = "\(columns)×\(rows) panes in \(grid.bounds) after moves \(moves)"
            expectTiles(grid, label)
            if !grid.isBelowMinimum {
                for column in 0..<columns {
                    for row in 0..<rows {
                        let size = grid.paneRect(column: column, row: row).size
                        #expect(size.width >= 18 && size.height >= 7, "\(label): pane \(column),\(row) is \(size)")
                    }
                }
            }
            grid.bounds = Rect(x: x, y: y, width: width / 2, height: height + 3)
            expectTiles(grid, label + " resized to \(grid.bounds)")
        }
    }
}
