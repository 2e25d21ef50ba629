import CurtainLayout
import PropertyBased
import CurtainTestSupport
import Testing
import CurtainScreen

@Suite struct DiffTests {
    /// Problems with `runs` as a diff of `new`: runs outside, out of order, overlapping, or
    /// splitting a wide character.
    func runProblems(_ runs: [CellRun], of new: CellBuffer) -> [String] {
        var problems: [String] = []
        var last: (y: Int, end: Int) = (-1, 0)
        for run in runs {
            if run.cells.isEmpty { problems.append("empty run at \(run.y)") }
            if run.y < 0 || run.y >= new.size.height || run.x < 0 || run.x + run.cells.count > new.size.width {
                problems.append("run outside at (\(run.x), \(run.y))")
            }
            if run.y < last.y || (run.y == last.y && run.x < last.end) { problems.append("runs out of order at \(run.y)") }
            if run.cells.first?.grapheme.isContinuation == true { problems.append("run starts on a continuation at (\(run.x), \(run.y))") }
            if new[run.x + run.cells.count, run.y].grapheme.isContinuation, run.x + run.cells.count < new.size.width {
                problems.append("run ends between halves at (\(run.x), \(run.y))")
            }
            for (offset, cell) in run.cells.enumerated() where cell != new[run.x + offset, run.y] {
                problems.append("run cell differs from the new buffer at (\(run.x + offset), \(run.y))")
            }
            last = (run.y, run.x + run.cells.count)
        }
        return problems
    }

    @Test func identicalBuffersHaveNoChanges() {
        var rng = SplitMix(seed: 7)
        let buffer = Sample.screen(Size(width: 30, height: 10), operations: 30, &rng)
        #expect(buffer.changes(from: buffer).isEmpty)
        #expect(CellBuffer(size: .zero).changes(from: CellBuffer(size: .zero)).isEmpty)
    }

    @Test func changedCellsFormRuns() {
        let old = CellBuffer(size: Size(width: 10, height: 2))
        var new = old
        new.draw("ab", at: Point(x: 1, y: 0), style: .plain)
        new.draw("c", at: Point(x: 6, y: 0), style: .plain)
        new.draw("d", at: Point(x: 9, y: 1), style: .plain)
        let runs = new.changes(from: old)
        #expect(runs.map { [$0.x, $0.y, $0.cells.count] } == [[1, 0, 2], [6, 0, 1], [9, 1, 1]])
        let merged = new.changes(from: old, mergeGap: 4)
        #expect(merged.map { [$0.x, $0.y, $0.cells.count] } == [[1, 0, 6], [9, 1, 1]])
        #expect(new.changes(from: old, mergeGap: 2).count == 3)
    }

    @Test func wideCharacterReplacedByNarrowOnesIsRewrittenWhole() {
        var old = CellBuffer(size: Size(width: 6, height: 1))
        old.draw("ab中cd", at: .zero, style: .plain)
        var new = old
        new.draw("x", at: Point(x: 2, y: 0), style: .plain)  // the right half becomes a blank
        let runs = new.changes(from: old)
        #expect(runs.map { [$0.x, $0.cells.count] } == [[2, 2]])
        var back = old
        back.draw("中", at: .zero, style: .plain)
        let reverse = old.changes(from: back)
        #expect(reverse.map { [$0.x, $0.cells.count] } == [[0, 2]])
    }

    @Test func runsTakeInTheWholePairWhenOnlyOneHalfChanged() {
        var old = CellBuffer(size: Size(width: 5, height: 1))
        old.draw("a中b", at: .zero, style: .plain)
        // Same wide character, only its right half's style differs.
        var new = old
        new.cells[2].style = Style(foreground: .red)
        #expect(new.changes(from: old).map { [$0.x, $0.cells.count] } == [[1, 2]])
        // A different wide character: the left half differs, the continuation does not.
        var other = old
        other.draw("日", at: Point(x: 1, y: 0), style: .plain)
        #expect(other.changes(from: old).map { [$0.x, $0.cells.count] } == [[1, 2]])
    }

    @Test func differentSizesReportEveryRow() {
        var rng = SplitMix(seed: 3)
        let new = Sample.screen(Size(width: 4, height: 3), operations: 8, &rng)
        let runs = new.changes(from: CellBuffer(size: Size(width: 5, height: 3)))
        #expect(runs.map { [$0.x, $0.y, $0.cells.count] } == [[0, 0, 4], [0, 1, 4], [0, 2, 4]])
    }

    /// Applying the diff to the old screen yields the new one, for random screens of random
    /// sizes (0×0 and 1×1 included), with and without merging.
    @Test func applyingTheDiffYieldsTheNewScreen() async {
        await propertyCheck(count: 400, input: Gen.int(in: 0...24), Gen.int(in: 0...6), Gen.int(in: 0...5), Gen.uint64()) {
            width, height, mergeGap, seed in
            var rng = SplitMix(seed: seed)
            let size = Size(width: width, height: height)
            let old = Sample.screen(size, operations: Int.random(in: 0...20, using: &rng), &rng)
            var new = old
            Sample.scribble(on: &new, operations: Int.random(in: 0...6, using: &rng), &rng)
            let runs = new.changes(from: old, mergeGap: mergeGap)
            var patched = old
            patched.apply(runs)
            #expect(patched == new, "\(size) seed \(seed)")
            #expect(runProblems(runs, of: new).isEmpty, "\(runProblems(runs, of: new))")
            #expect(runs.isEmpty == (old == new))
        }
    }

    /// Tiny and odd sizes, swept exhaustively.
    @Test func sweepTinySizes() {
        var rng = SplitMix(seed: 11)
        for width in 0...5 {
            for height in 0...3 {
                for _ in 0..<20 {
                    let size = Size(width: width, height: height)
                    let old = Sample.screen(size, operations: 5, &rng)
                    let new = Sample.screen(size, operations: 5, &rng)
                    var patched = old
                    patched.apply(new.changes(from: old))
                    #expect(patched == new, "\(size)")
                    var resized = CellBuffer(size: Size(width: width + 1, height: height))
                    resized.apply(new.changes(from: resized))
                    #expect(resized.lines.map { String($0.dropLast()) } == new.lines || width == 0 || height == 0, "\(size)")
                }
            }
        }
    }
}
