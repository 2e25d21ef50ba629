import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A log in a pane that fills the screen, driven by the pilot; `t` presents a toast over it.
@MainActor
struct LogApp {
    let pane = PaneView(title: "Log")
    let log: Log
    let app: App
    let pilot: Pilot

    /// `focusAtStart`: whether the log takes focus when the app starts (the first focusable view
    /// does by default).
    init(size: Size = Size(width: 40, height: 12), log: Log = Log(), focusAtStart: Bool = true) {
        self.log = log
        pane.setContentView(log)
        let app = App(root: pane, clock: ManualClock())
        app.scene.focusesFirstViewAtStart = focusAtStart
        let pane = self.pane
        app.scene.bind(.character("t")) {
            app.scene.present(ToastPresentationController(presentedView: Label("Saved", border: true), autoDismissAfter: 5),
                              from: pane)
        }
        self.app = app
        pilot = Pilot(app, size: size)
    }

    var scene: Scene { app.scene }
    var rows: Int { pilot.screen.size.height - 2 }

    /// The text of row `row` of the log (0 is the top), trailing spaces removed.
    func shown(_ row: Int) -> String {
        var text = pilot.lines[row + 1].dropFirst()  // the pane's left border
        if text.last == "│" { text.removeLast() }
        while text.last == " " { text.removeLast() }
        return String(text)
    }

    var shown: [String] { (0..<rows).map(shown) }
}

@MainActor
@Suite struct LogTests {
    static func numbered(_ range: ClosedRange<Int>) -> [String] { range.map { "line \($0)" } }

    /// Rows of the log show `line first`, `line first + 1`, … from the top.
    func expectRows(_ app: LogApp, from first: Int, count: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation) {
        let count = count ?? app.rows
        #expect(Array(app.shown.prefix(count)) == Self.numbered(first...(first + count - 1)), sourceLocation: sourceLocation)
    }

    @Test func tenThousandLinesWhileAToastSlidesInWrapOnlyWhatIsShown() async throws {
        let app = LogApp()
        let pilot = app.pilot
        pilot.recordsFrames = true
        app.log.append(contentsOf: Self.numbered(1...100))
        await pilot.settle()
        expectRows(app, from: 91)
        #expect(app.log._wrapCount == 10, "the ten lines in view, not the hundred")
        await pilot.press("t")
        let toast = try #require(app.scene.presentations.first)
        var total = 100
        var frames = 0
        var toastRows: Set<Int> = []
        while total < 10_100 {
            let wrapped = app.log._wrapCount
            app.log.append(contentsOf: Self.numbered((total + 1)...(total + 500)))
            total += 500
            await pilot.advance(by: FramePacing.interval)
            frames += 1
            #expect(app.log._wrapCount - wrapped <= app.rows, "frame \(frames): only lines in view are wrapped")
            // Rows above the toast show the newest lines; the columns left of it too, dimmed.
            toastRows.insert(toast.displayedFrame.minY)
            let covered = toast.displayedFrame.minY - 1
            if covered > 0 { expectRows(app, from: total - app.rows + 1, count: min(app.rows, covered)) }
            for row in 0..<app.rows {
                #expect(pilot.lines[row + 1].hasPrefix("│li"), "frame \(frames), row \(row)")
            }
        }
        #expect(toastRows.count > 3, "the toast moved while the lines arrived")
        #expect(app.log.lineCount == 10_100)
        #expect(app.log._wrapCount <= 10 + 20 * app.rows)
        await pilot.settle()
        #expect(pilot.text.contains("Saved"))
        #expect(pilot.cell(x: 1, y: 1).style.isDimmed)
        #expect(app.log.isFollowing)
        #expect(pilot.frames.count > frames, "every step drew a frame")
        let wrapped = app.log._wrapCount
        await pilot.advance(by: 1)
        #expect(app.log._wrapCount == wrapped, "frames with no new lines wrap nothing")
    }

    @Test func theWheelStopsFollowingAndTheEndFollowsAgain() async {
        let app = LogApp(focusAtStart: false)
        let pilot = app.pilot
        app.log.append(contentsOf: Self.numbered(1...100))
        await pilot.scroll(up: true, at: Point(x: 5, y: 5))
        #expect(!app.log.isFollowing)
        expectRows(app, from: 88, count: 9)
        #expect(app.shown(9).hasPrefix("line 97"))
        #expect(pilot.lines[10].hasSuffix(" ↓ 3 more │"), "the marker: lines 98 to 100 are below")
        #expect(pilot.cell(x: 38, y: 10).style == app.scene.theme.helpBar)
        app.log.append(contentsOf: Self.numbered(101...150))
        await pilot.settle()
        expectRows(app, from: 88, count: 9)
        #expect(pilot.lines[10].hasSuffix(" ↓ 53 more │"), "the view stays put while lines arrive")
        var steps = 0
        while !app.log.isFollowing, steps < 100 {
            await pilot.scroll(up: false, at: Point(x: 5, y: 5))
            steps += 1
        }
        #expect(steps == 18, "three rows a step from line 88 to line 141")
        expectRows(app, from: 141)
        app.log.append("line 151")
        await pilot.settle()
        expectRows(app, from: 142)
        #expect(app.scene.focusedView == nil, "the wheel does not take focus")
    }

    @Test func keysScrollWhileFocusedAndOthersGoOn() async {
        let app = LogApp()
        let pilot = app.pilot
        var bound = 0
        app.scene.bind(.character("x")) { bound += 1 }
        app.log.append(contentsOf: Self.numbered(1...100))
        await pilot.click(at: Point(x: 5, y: 5))
        #expect(app.scene.focusedView === app.log)
        await pilot.press(.pageUp)
        expectRows(app, from: 82, count: 9)
        await pilot.press(.up)
        expectRows(app, from: 81, count: 9)
        await pilot.press(.down)
        expectRows(app, from: 82, count: 9)
        await pilot.press(.home)
        expectRows(app, from: 1, count: 9)
        #expect(pilot.lines[10].hasSuffix(" ↓ 90 more │"), "lines 11 to 100 are below")
        await pilot.press(.pageDown)
        expectRows(app, from: 10, count: 9)
        await pilot.press("x")
        #expect(bound == 1)
        await pilot.press(.end)
        #expect(app.log.isFollowing)
        expectRows(app, from: 91)
        await pilot.press(.down, .pageDown)
        #expect(app.log.isFollowing, "at the end, scrolling down stays there")
        expectRows(app, from: 91)
    }

    @Test func aLogThatFitsNeverStopsFollowing() async {
        let app = LogApp()
        app.log.append(contentsOf: Self.numbered(1...4))
        await app.pilot.scroll(up: true, at: Point(x: 5, y: 2))
        app.log.scrollToTop()
        #expect(app.log.isFollowing)
        #expect(app.shown == Self.numbered(1...4) + Array(repeating: "", count: 6))
    }

    /// The log shows exactly the rows the layout core's wrapper makes, cell for cell.
    @Test(arguments: [1, 3, 5, 7, 9, 11, 13, 31])
    func cjkAndEmojiLinesWrapAtOddWidths(width: Int) async {
        let lines = ["日本語のテキストを折り返す。", "🎉🚀✨ party time 👩‍👩‍👧 family", "Café naïve Ångström, a\ttab",
                     "中文字符와 한국어", "", "  indented words that wrap", "ends in a tab\t", "全角スペースで終わる\u{3000}",
                     "   ", "spaces at the end   ", "e\u{301}\u{301} combining, ZWJ 👨\u{200D}👩\u{200D}👧 and a flag 🇯🇵"]
        let wrapped = lines.flatMap { line in line.isEmpty ? [""] : TextWrapper.wrap(line, width: width) }
        for height in [wrapped.count + 3, 6] {
            let app = LogApp(size: Size(width: width + 2, height: height + 2))
            app.log.append(contentsOf: lines)
            await app.pilot.settle()
            let expectedRows = wrapped.count <= height ? wrapped : Array(wrapped.suffix(height))
            var expected = CellBuffer(size: app.pilot.screen.size)
            for (row, text) in expectedRows.enumerated() {
                expected.draw(text, at: Point(x: 1, y: row + 1), style: app.scene.theme.text)
            }
            for y in 1...height {
                let actual = (1...width).map { app.pilot.cell(x: $0, y: y).grapheme }
                let want = (1...width).map { expected[$0, y].grapheme }
                #expect(actual == want, "width \(width), height \(height), row \(y - 1): \(app.shown(y - 1))")
            }
        }
    }

    @Test func theOldestLinesAreDroppedBeyondTheMaximum() async {
        let app = LogApp(log: Log(maximumLineCount: 50))
        app.log.append(contentsOf: Self.numbered(1...120))
        await app.pilot.settle()
        #expect(app.log.lineCount == 50)
        expectRows(app, from: 111)
        app.log.scrollToTop()
        await app.pilot.settle()
        expectRows(app, from: 71, count: 9)
        app.log.append(contentsOf: Self.numbered(121...125))
        await app.pilot.settle()
        expectRows(app, from: 76, count: 9)  // the line it showed first is gone: the oldest left
        #expect(!app.log.isFollowing)
        app.log.maximumLineCount = 5
        await app.pilot.settle()
        #expect(app.log.isFollowing, "what is left fits")
        #expect(app.shown == Self.numbered(121...125) + Array(repeating: "", count: 5))
    }

    @Test func lineStylesBreaksAndClear() async {
        let app = LogApp()
        let red = Style(foreground: .indexed(203))
        app.log.append("12:00 error", style: red)
        app.log.append("first\nsecond\r\nthird\n")
        app.log.append("")
        app.log.style = Style(foreground: .indexed(250))
        await app.pilot.settle()
        #expect(app.shown.prefix(6) == ["12:00 error", "first", "second", "third", "", ""])
        #expect(app.log.lineCount == 5)
        #expect(app.pilot.cell(x: 1, y: 1).style == red)
        #expect(app.pilot.cell(x: 1, y: 2).style == Style(foreground: .indexed(250)))
        #expect(app.pilot.cell(x: 30, y: 2).style == Style(foreground: .indexed(250)), "the area behind")
        app.log.clear()
        await app.pilot.settle()
        #expect(app.log.lineCount == 0)
        #expect(app.shown.allSatisfy { $0.isEmpty })
    }

    @Test func aLineCostsItsTextAndTwoWords() {
        #expect(MemoryLayout<LogLines.Line>.stride <= 32, "the string and an optional style; rows are kept only near the view")
    }

    @Test func everyKindOfLineBreakStartsALine() {
        let log = Log()
        log.append("a\nb\rc\r\nd\u{85}e\u{2028}f\u{2029}g")
        #expect(log.lineCount == 7)
        for (text, count) in [("", 1), ("\n", 1), ("\n\n", 2), ("x\r", 1), ("\r\n\r\n", 2), ("日本\u{2028}語", 2), ("✨ \u{2027} no break", 1)] {
            let log = Log()
            log.append(text)
            #expect(log.lineCount == count, "\(text.debugDescription)")
        }
        let app = LogApp(size: Size(width: 12, height: 9), log: log)
        #expect(app.shown == ["a", "b", "c", "d", "e", "f", "g"])
    }

    @Test func fittingHeightAndAToastThatGrowsWithItsLog() async throws {
        let log = Log()
        let long = "a line long enough to wrap"
        log.append(contentsOf: ["a", long, "b"])
        #expect(log.fittingSize(width: 10) == Size(width: 10, height: 2 + TextWrapper.lineCount(long, width: 10)))
        #expect(log.fittingSize(width: 0) == Size(width: 0, height: 0))

        let app = LogApp(size: Size(width: 40, height: 16))
        let content = Log(isFocusable: false)
        content.append(contentsOf: ["one", "two"])
        let toast = ToastPresentationController(presentedView: content)
        app.scene.present(toast, from: app.pane)
        await app.pilot.settle()
        #expect(toast.displayedFrame.height == 2)
        content.append("three")
        await app.pilot.settle()
        #expect(toast.displayedFrame.height == 3)
        let row = toast.displayedFrame.maxY - 1
        #expect(app.pilot.lines[row].contains("three"))
        content.append(contentsOf: Self.numbered(1...100))
        await app.pilot.settle()
        #expect(toast.displayedFrame.height == 12, "capped by the pane (16 rows less its border and the toast's insets)")
        #expect(app.pilot.lines[toast.displayedFrame.maxY - 1].contains("line 100"))
        content.clear()
        content.append("alone")
        await app.pilot.settle()
        #expect(toast.displayedFrame.height == 1, "a capped log that lost its lines shrinks its toast")
    }

    @Test func aLogThatDoesNotTakeFocus() async {
        let app = LogApp(log: Log(isFocusable: false))
        await app.pilot.click(at: Point(x: 5, y: 5))
        #expect(app.scene.focusedView === app.pane)
    }
}
