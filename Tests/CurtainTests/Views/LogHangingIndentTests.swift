import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A line appended with a hanging indent wraps onto rows that start that far in (a chat's
/// message under its text, not under the sender's name), read from the cells.
@MainActor
@Suite struct LogHangingIndentTests {
    static let message = "ada: one two three four five six seven eight nine ten eleven"

    /// In a 30-column pane the log is 28 cells wide: the first row takes 28, the others 23.
    @Test func theRowsAfterTheFirstStartUnderTheText() async {
        let app = LogApp(size: Size(width: 30, height: 8))
        app.log.append(Self.message, hangingIndent: 5)
        app.log.append("next line")
        await app.pilot.settle()
        #expect(Array(app.shown.prefix(4)) == [
            "ada: one two three four five",
            "     six seven eight nine",
            "     ten eleven",
            "next line",
        ])
        // The continuation's first letter is drawn in the sixth cell of the log, after blanks.
        #expect(app.pilot.cell(x: 1 + 5, y: 2).grapheme == Grapheme("s"))
        #expect((1...5).allSatisfy { app.pilot.cell(x: $0, y: 2).grapheme == Grapheme(" ") })
    }

    /// Resized, the line wraps again at the new width, the indent kept.
    @Test func aResizeWrapsAgainWithTheIndent() async {
        let app = LogApp(size: Size(width: 30, height: 8))
        app.log.append(Self.message, hangingIndent: 5)
        await app.pilot.settle()
        await app.pilot.resize(to: Size(width: 42, height: 8))
        await app.pilot.settle()
        #expect(Array(app.shown.prefix(3)) == [
            "ada: one two three four five six seven",
            "     eight nine ten eleven",
            "",
        ])
    }

    /// Where the indent would take more than half the row, it is left out: the text keeps
    /// the width rather than a sliver of it.
    @Test func anIndentOfMoreThanHalfTheRowIsLeftOut() async {
        let app = LogApp(size: Size(width: 12, height: 8))
        app.log.append("margaret: hello there", hangingIndent: 10)
        await app.pilot.settle()
        #expect(Array(app.shown.prefix(3)) == ["margaret:", "hello", "there"])
    }

    /// Scrolling counts the rows the indent adds: the end shows the last row.
    @Test func theEndIsTheLastIndentedRow() async {
        let app = LogApp(size: Size(width: 30, height: 5))   // 3 rows of log
        for index in 1...3 { app.log.append("line \(index)") }
        app.log.append(Self.message, hangingIndent: 5)
        await app.pilot.settle()
        #expect(app.shown == ["ada: one two three four five", "     six seven eight nine", "     ten eleven"])
    }

    /// The indent lives in the padding after the line's style: a line is as large as before.
    @Test func theIndentCostsNoMemory() {
        #expect(MemoryLayout<LogLines.Line>.stride == MemoryLayout<(String, LogLines.Line.Styling)>.stride)
    }
}
