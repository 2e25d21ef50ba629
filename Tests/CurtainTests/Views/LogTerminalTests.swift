import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A log shows a program's output as a terminal would: a carriage return goes back to the
/// start of the line, `ESC [ K` erases, a backspace moves back, colours go on from line to
/// line; every other sequence stays inert. Read from the cells drawn.
@MainActor
@Suite struct LogTerminalTests {
    static let esc = "\u{1B}"

    func drawn(_ chunks: [String], width: Int = 40) async -> LogApp {
        let app = LogApp(size: Size(width: width, height: 8))
        for chunk in chunks { app.log.append(ansi: chunk) }
        await app.pilot.settle()
        return app
    }

    /// The foreground of the cell at `x` of log row `row`.
    func foreground(_ app: LogApp, x: Int, row: Int) -> Color {
        app.pilot.cell(x: x + 1, y: row + 1).style.foreground
    }

    @Test func aCarriageReturnOverwritesTheLineFromItsStart() async {
        let app = await drawn(["downloading  10%\rdownloading 100%", "abcdef\rXY", "next"])
        #expect(Array(app.shown.prefix(4)) == ["downloading 100%", "XYcdef", "next", ""])
        #expect(app.log.lineCount == 3, "a progress bar is one line")
    }

    @Test func eraseInLineClearsToTheEndFromTheStartOrAll() async {
        let app = await drawn(["abcdef\rXY\(Self.esc)[K", "abcdef\rXY\(Self.esc)[0K!", "abcdef\u{8}\u{8}\u{8}\(Self.esc)[1Kz",
                               "abcdef\(Self.esc)[2K", "  50%\r\(Self.esc)[K100%"])
        #expect(Array(app.shown.prefix(5)) == ["XY", "XY!", "   zef", "", "100%"])
    }

    @Test func aBackspaceMovesBackOneCharacterAndNotPastTheStart() async {
        let app = await drawn(["abc\u{8}\u{8}X", "a\u{8}\u{8}\u{8}b", "e\u{301}x\rY"])
        #expect(Array(app.shown.prefix(3)) == ["aXc", "b", "Yx"])
    }

    @Test func coloursGoOnAcrossLinesAndThroughAnOverwrite() async {
        let app = await drawn(["\(Self.esc)[31mred", "still red\(Self.esc)[0m", "plain", "\(Self.esc)[32m 10%\r 20%\(Self.esc)[0m"])
        #expect(foreground(app, x: 0, row: 0) == .indexed(1))
        #expect(foreground(app, x: 0, row: 1) == .indexed(1), "a colour set on one line lasts until its reset")
        #expect(foreground(app, x: 0, row: 2) != .indexed(1))
        #expect(app.shown(3) == " 20%")
        #expect(foreground(app, x: 1, row: 3) == .indexed(2), "the overwritten text keeps its colour")
    }

    @Test func otherSequencesStayInert() async {
        let app = await drawn(["ab\(Self.esc)[2Jcd\(Self.esc)[Hx\(Self.esc)[5Ay\(Self.esc)]0;title\u{7}z"])
        #expect(app.shown(0) == "abcdxyz")
        #expect(app.log.lineCount == 1)
    }

    @Test func anOpenLineIsReplacedAsItGrowsThenCompleted() async {
        let app = LogApp(size: Size(width: 40, height: 8))
        app.log.append(ansi: "first")
        app.log.showOpenLine(ansi: "SPL")
        await app.pilot.settle()
        #expect(Array(app.shown.prefix(3)) == ["first", "SPL", ""])
        app.log.showOpenLine(ansi: "SPLIT-")
        await app.pilot.settle()
        #expect(Array(app.shown.prefix(3)) == ["first", "SPLIT-", ""])
        app.log.append(ansi: "SPLIT-ONE")
        app.log.showOpenLine(ansi: "")
        await app.pilot.settle()
        #expect(Array(app.shown.prefix(3)) == ["first", "SPLIT-ONE", ""])
        #expect(app.log.lineCount == 2)
    }

    @Test func anOpenLineReadsTheColoursBeforeItAndLeavesThoseAfterIt() async {
        let app = LogApp(size: Size(width: 40, height: 8))
        app.log.append(ansi: "\(Self.esc)[31mred")
        app.log.showOpenLine(ansi: "open\(Self.esc)[0m")
        await app.pilot.settle()
        #expect(foreground(app, x: 0, row: 1) == .indexed(1), "the open line starts in the colour before it")
        app.log.append(ansi: "complete")
        await app.pilot.settle()
        #expect(app.shown(1) == "complete")
        #expect(foreground(app, x: 0, row: 1) == .indexed(1), "the open line's reset was not kept")
    }
}
