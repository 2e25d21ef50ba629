import CurtainLayout

extension ANSIEncoder {
    /// What a plain run encoding of `runs` costs: the reference the benchmark prices ncurses'
    /// output against (once called the "lower bound"). It is *not* a lower
    /// bound: an encoder that erases blank runs (`EL`, `ECH`, clearing the screen) or repeats a
    /// character (`REP`) goes below it, as ncurses does on frames with many blanks. It counts:
    ///
    /// - each run costs one cursor address `ESC [ row ; col H` (its bytes), except that a run
    ///   continuing on the same row within ``maximumRewrittenGap`` cells of the previous one's
    ///   end costs the UTF-8 bytes of the cells in the gap instead (taken from `frame`);
    /// - each change of style between consecutive written cells (the runs' cells, starting from
    ///   `startingStyle`; `nil` means unknown, so the first cell pays a full sequence) costs
    ///   one combined SGR sequence setting exactly what changed, priced as the encoder writes
    ///   it;
    /// - each cell costs its UTF-8 bytes (continuation cells none);
    /// - nothing else.
    ///
    /// `colorDepth` prices colours in the forms an encoder for that depth writes.
    public static func plainRunCost(of runs: [CellRun], frame: CellBuffer, startingStyle: Style? = .plain,
                                    colorDepth: ColorDepth = .trueColor) -> Int {
        let ansiForms = colorDepth == .ansi8 || colorDepth == .ansi16
        var total = 0
        var style = startingStyle
        var previousEnd: (x: Int, y: Int)? = nil
        for run in runs {
            if let p = previousEnd, p.y == run.y, run.x >= p.x, run.x <= p.x.addingSaturating(maximumRewrittenGap) {
                for x in p.x..<run.x { total += frame[x, run.y].grapheme.utf8Count }
            } else {
                total += cursorAddressCost(x: run.x, y: run.y)
            }
            for cell in run.cells where !cell.grapheme.isContinuation {
                if style?.terminalBits != cell.style.terminalBits {
                    total += SGR.cost(from: style, to: cell.style, ansiForms: ansiForms)
                    style = cell.style
                }
                total += cell.grapheme.utf8Count
            }
            previousEnd = (run.x.addingSaturating(run.cells.count), run.y)
        }
        return total
    }
}
