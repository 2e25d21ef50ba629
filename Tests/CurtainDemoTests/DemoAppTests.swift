import Curtain
import CurtainLayout
import CurtainScreen
import Testing
import CurtainTesting
@testable import CurtainDemoKit

func text(_ buffer: CellBuffer) -> [String] {
    (0..<buffer.size.height).map { y in
        (0..<buffer.size.width).map { x in buffer[x, y].grapheme.isContinuation ? "" : buffer[x, y].grapheme.text }.joined()
    }
}

/// The demo driven by the library's test pilot: each input is followed by four seconds of
/// frames, so every animation has settled.
@MainActor
struct DemoHarness {
    let clock = ManualClock()
    let app: DemoApp
    let pilot: Pilot
    init(size: Size = Size(width: 80, height: 24)) {
        app = DemoApp(clock: clock)
        pilot = Pilot(app.app, size: size)
    }
    func send(_ events: Event...) async { for e in events { await pilot.send(e) }; await settle() }
    func type(_ s: String) async { await pilot.type(s); await settle() }
    func settle() async { await pilot.advance(by: 4) }
    var lines: [String] { text(pilot.screen) }
}

extension DemoApp {
    var quitRequested: Bool { app.isQuitting }
    var screen: CellBuffer { scene.screen }
}

extension Event {
    /// A press of the left button, as a click begins.
    static func click(_ point: Point) -> Event { .mouse(MouseEvent(.press, at: point)) }
}

@MainActor func box(_ h: DemoHarness, pane index: Int) -> Rect? {
    let content = h.app.grid.panes[index].frame.insetBy(dx: 1, dy: 1)
    let b = h.app.screen
    for y in stride(from: content.maxY - 1, through: content.minY, by: -1) {
        for x in content.minX..<content.maxX where b[x, y].grapheme.text == "┘" {
            var left = x - 1
            while left >= content.minX, b[left, y].grapheme.text == "─" { left -= 1 }
            guard left >= content.minX, b[left, y].grapheme.text == "└" else { continue }
            var top = y - 1
            while top >= content.minY, b[left, top].grapheme.text == "│" { top -= 1 }
            guard top >= content.minY, b[left, top].grapheme.text == "┌" else { continue }
            return Rect(x: left, y: top, width: x - left + 1, height: y - top + 1)
        }
    }
    return nil
}

@MainActor
@Suite struct DemoAppTests {
    @Test func gridAndHelpBar() {
        let h = DemoHarness()
        let lines = h.lines
        #expect(lines[0].hasPrefix("┌─ Colours ─"))
        #expect(lines[0].contains("┌─ Unicode ─"))
        #expect(lines[12].hasPrefix("┌─ Clock ─"))
        #expect(lines[23].contains("t toast") && lines[23].contains("q quit"))
        #expect(h.app.grid.panes.map(\.frame) == [Rect(x: 0, y: 0, width: 40, height: 12), Rect(x: 40, y: 0, width: 40, height: 12),
                                                  Rect(x: 0, y: 12, width: 40, height: 11), Rect(x: 40, y: 12, width: 40, height: 11)])
    }

    @Test func toastContractGrowShrinkAndRefit() async {
        let h = DemoHarness()
        await h.send(.key(.character("t")))
        #expect(box(h, pane: 0) == Rect(x: 3, y: 7, width: 34, height: 3))
        await h.type("hello")
        for word in ["two", "three", "four"] { await h.send(.key(.enter)); await h.type(word) }
        #expect(box(h, pane: 0) == Rect(x: 3, y: 4, width: 34, height: 6), "three rows taller, same bottom row")
        await h.send(.key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace), .key(.backspace))
        #expect(box(h, pane: 0) == Rect(x: 3, y: 5, width: 34, height: 5), "one row shorter")
        await h.send(.key(.tab))   // with a pane focused the arrows move the splits (in the toast, the caret)
        await h.send(.key(.left), .key(.left))
        #expect(h.app.grid.panes[0].frame.width == 38)
        #expect(box(h, pane: 0) == Rect(x: 3, y: 5, width: 32, height: 5), "re-fits to the narrower pane")
        await h.send(.key(.right), .key(.right), .key(.right))
        #expect(box(h, pane: 0)?.width == 35)
    }

    /// Tab from a toast moves to the pane after the toast's own pane, Shift-Tab to the one
    /// before (it counted from the first pane, whatever pane the toast was in).
    @Test(arguments: [0, 1, 2, 3])
    func tabFromAToastCountsFromItsPane(pane: Int) async {
        for (key, step) in [(Key.tab, 1), (Key.backTab, 3)] {
            let h = DemoHarness()
            for _ in 0..<pane { await h.send(.key(.tab)) }
            await h.send(.key(.character("t")))
            #expect(h.app.scene.focusedView is TextEditor, "the toast's editor has the focus")
            await h.send(.key(key))
            #expect(h.app.scene.focusedView === h.app.grid.panes[(pane + step) % 4], "\(key) from the toast in pane \(pane)")
        }
    }

    @Test func tabFromTheScreenToastCountsFromThePaneItCameFrom() async {
        let h = DemoHarness()
        await h.send(.key(.tab), .key(.tab), .key(.character("T")))   // presented while Clock had focus
        #expect(h.app.scene.focusedView is TextEditor, "the toast's editor has the focus")
        await h.send(.key(.tab))
        #expect(h.app.scene.focusedView === h.app.grid.panes[3])
    }

    @Test func qTypesIntoTheToastAndTabLeavesItUp() async {
        let h = DemoHarness()
        await h.send(.key(.character("t")))
        await h.type("q")
        #expect(!h.app.quitRequested)
        await h.send(.key(.tab))
        #expect(h.app.scene.focusedView === h.app.grid.panes[1])
        #expect(box(h, pane: 0) != nil, "toast stays")
        await h.send(.key(.backTab), .key(.character("t")))
        await h.type("x")
        #expect(h.lines[8].contains("qx"), "t focuses the toast again")
        await h.send(.key(.escape))
        #expect(box(h, pane: 0) == nil)
        #expect(h.app.scene.focusedView === h.app.grid.panes[0])
        await h.send(.key(.character("q")))
        #expect(h.app.quitRequested)
    }

    @Test func modalOverToastAndBack() async {
        let h = DemoHarness()
        await h.send(.key(.character("t")))
        await h.type("keep me")
        await h.send(.key(.character("m")))
        #expect(!h.lines[1].contains("Full-screen modal"), "m is text while the toast has focus")
        await h.send(.key(.tab))
        let pane = h.app.grid.panes[0].frame
        let before = (pane.minY..<pane.maxY).map { y in (pane.minX..<pane.maxX).map { h.app.screen[$0, y] } }
        await h.send(.key(.character("m")))
        #expect(h.lines[1].contains("Full-screen modal"))
        await h.send(.key(.escape))
        let after = (pane.minY..<pane.maxY).map { y in (pane.minX..<pane.maxX).map { h.app.screen[$0, y] } }
        #expect(before == after, "the toast is back exactly as before")
        #expect(h.app.scene.focusedView === h.app.grid.panes[1], "focus returns where it was")
    }

    /// With a pane focused, Esc closes the toast up in that pane (the help bar says so only
    /// while there is one), and nothing otherwise.
    @Test func escapeInAPaneClosesItsToastAndTheHelpBarSaysSoOnlyThen() async {
        let h = DemoHarness()
        #expect(!h.lines[23].contains("Esc"), "nothing to close yet")
        await h.send(.key(.character("t")))
        await h.send(.key(.tab), .key(.backTab))
        #expect(h.app.scene.focusedView === h.app.grid.panes[0])
        #expect(h.lines[23].contains("Esc close"))
        await h.send(.key(.escape))
        #expect(box(h, pane: 0) == nil, "the pane's toast slid out")
        #expect(!h.lines[23].contains("Esc"))
        await h.send(.key(.escape))   // nothing left to close: nothing happens
        #expect(h.app.scene.focusedView === h.app.grid.panes[0])
    }

    /// A dismissed toast is let go of, with its text (a paste can be megabytes).
    @Test func aDismissedToastIsLetGoOf() async {
        let h = DemoHarness()
        await h.send(.key(.character("t")))
        weak let editor = h.app.scene.focusedView as? TextEditor
        await h.pilot.paste("some text")
        #expect(editor != nil)
        await h.send(.key(.escape))
        #expect(editor == nil, "nothing keeps the dismissed toast's editor")
        await h.send(.key(.character("t")))
        #expect(h.lines[7].contains("Esc close · Enter new line"), "a new, empty toast: \(h.lines[7])")
    }

    /// Inside a toast the arrows move its caret, and a help bar wide enough to list them
    /// says so; with a pane focused they resize.
    @Test func theHelpBarSaysWhatTheArrowsDo() async {
        let h = DemoHarness(size: Size(width: 100, height: 24))
        #expect(h.lines[23].contains("←→↑↓ resize"), "\(h.lines[23])")
        await h.send(.key(.character("t")))
        #expect(h.lines[23].contains("←→↑↓ move"), "\(h.lines[23])")
        await h.type("ab")
        await h.send(.key(.left))
        #expect(h.app.grid.panes[0].frame.width == 50, "the split stays")
        await h.type("X")
        #expect(h.lines[8].contains("aXb"), "the caret moved left: \(h.lines[8])")
    }

    /// A narrow help bar drops the self-evident items first; closing and quitting stay.
    @Test func aNarrowHelpBarKeepsCloseAndQuit() async {
        let h = DemoHarness(size: Size(width: 36, height: 15))
        await h.send(.key(.character("t")))
        let bar = h.lines[14]
        #expect(bar.contains("Esc close"), "\(bar)")
        #expect(bar.contains("^C quit"), "\(bar)")
        #expect(!bar.contains("type text"), "\(bar)")
        // Shown in their order: Enter before Esc, as in the wide bar.
        if let enter = bar.range(of: "Enter"), let esc = bar.range(of: "Esc") { #expect(enter.lowerBound < esc.lowerBound) }
    }

    /// Widening the terminal only ever adds hints: a narrower bar never shows a hint that a
    /// wider one leaves out (it used to skip a wide hint and show a narrower, lower one).
    @Test(arguments: ["", "t", "tx"])
    func aWiderHelpBarShowsEverythingANarrowerOneDid(keys: String) async {
        let h = DemoHarness(size: Size(width: 36, height: 15))
        for key in keys { await h.send(.key(.character(key))) }
        let actions = ["toast", "screen toast", "modal", "focus", "resize", "type text", "new line",
                       "delete", "close", "other pane", "move", "quit"]
        var previous: Set<String> = []
        for width in 36...130 {
            await h.pilot.resize(to: Size(width: width, height: 15))
            await h.pilot.advance(by: 3.0 / 60)
            let bar = h.lines[14]
            let shown = Set(actions.filter { bar.contains(" \($0)") })
            #expect(previous.isSubset(of: shown), "width \(width) lost \(previous.subtracting(shown)): \(bar)")
            previous = shown
        }
    }

    @Test func theClockShowsHoursFromTheFirstHour() {
        #expect(ElapsedTimeView.clockText(seconds: 0) == "00:00")
        #expect(ElapsedTimeView.clockText(seconds: 3599) == "59:59")
        #expect(ElapsedTimeView.clockText(seconds: 3600) == "1:00:00")
        #expect(ElapsedTimeView.clockText(seconds: 36_061) == "10:01:01")
    }

    @Test func clickOnTheDimmedPaneDismissesItsToast() async {
        let h = DemoHarness()
        await h.send(.key(.character("t")))
        await h.send(.click(Point(x: 45, y: 5)))   // another pane: passes through, focuses it
        #expect(h.app.scene.focusedView === h.app.grid.panes[1])
        #expect(box(h, pane: 0) != nil)
        await h.send(.click(Point(x: 2, y: 2)))    // the dimmed part of pane 1
        #expect(box(h, pane: 0) == nil)
    }

    @Test func tooSmallShowsAMessageAndRecovers() async {
        let h = DemoHarness(size: Size(width: 30, height: 10))
        #expect(h.lines.contains { $0.contains("Terminal too small") })
        await h.send(.resize(Size(width: 80, height: 24)))
        #expect(h.lines[0].hasPrefix("┌─ Colours ─"))
    }

    @Test func elapsedTimeWakesOnceASecond() {
        let clock = ManualClock()
        let app = DemoApp(clock: clock)
        let pilot = Pilot(app.app, size: Size(width: 80, height: 24))
        #expect(app.scene.nextFrameTime == 1)
        clock.set(0.5)
        #expect(app.scene.renderFrame() == nil, "nothing changes mid-second")
        clock.set(1)
        #expect(app.scene.renderFrame() != nil)
        #expect(text(app.screen)[14].contains("00:01"))
        _ = pilot
    }
}

/// A dismissed toast is not kept: its text (a paste may have made it megabytes) is released
/// once it has slid away.
@MainActor
@Suite struct DemoToastReleaseTests {
    @Test func aDismissedToastIsReleased() async {
        let h = DemoHarness()
        await h.send(.key(.character("t")))
        // The toast's editor has the focus; the toast is the box around it.
        weak var view = h.app.scene.focusedView?.superview
        #expect(view is TextToastView)
        await h.send(.paste(String(repeating: "line\n", count: 1000)))
        await h.send(.key(.escape))
        #expect(view == nil, "the dismissed toast's view (and its text) is still alive")
        // t makes a new, empty one.
        await h.send(.key(.character("t")))
        #expect((h.app.scene.focusedView as? TextEditor)?.text.isEmpty == true)
    }
}
