import CurtainLayout
import CurtainScreen
import CurtainSnapshotTesting
import CurtainTesting
import Testing
@testable import Curtain

/// A small program written against the public API alone, driven by the pilot: a pane with a
/// label, `t` presents a toast that dismisses itself after 2 s, `+` counts, `q` quits.
@MainActor
func makeNoteApp(clock: AnimationClock) -> (App, PaneView, Label) {
    let pane = PaneView(title: "Notes")
    let label = Label("Count: 0")
    pane.setContentView(label)
    let app = App(root: pane, clock: clock)
    var count = 0
    app.scene.bind(.character("+")) {
        count += 1
        label.text = "Count: \(count)"
    }
    app.scene.bind(.character("t")) {
        let toast = ToastPresentationController(presentedView: Label("Saved", border: true), autoDismissAfter: 2)
        app.scene.present(toast, from: pane)
    }
    app.scene.bind(.character("q")) { app.quit() }
    return (app, pane, label)
}

@MainActor
@Suite struct PilotTests {
    /// The sample at the top of `Pilot`'s documentation (compiled in CI by
    /// scripts/check-docc-snippets.sh) says what is true.
    @Test func theDocumentationsFirstSampleHolds() async {
        let notes = PaneView(title: "Notes")
        notes.setContentView(TextEditor(""))
        let pilot = Pilot(App(root: notes, clock: ManualClock()), size: Size(width: 80, height: 24))
        await pilot.type("hello")
        await pilot.press(.enter)
        await pilot.settle()
        #expect(pilot.lines[1].contains("hello"))
        #expect(pilot.screen[1, 1].grapheme == Grapheme("h"))
    }

    @Test func drivesAnAppDefinedInTheTest() async throws {
        let (app, _, _) = makeNoteApp(clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 30, height: 8))
        #expect(pilot.lines[0].hasPrefix("┌─ Notes ─"))
        #expect(pilot.lines[1] == "│Count: 0                    │")
        await pilot.press("+", "+")
        #expect(pilot.lines[1].hasPrefix("│Count: 2"))
        await pilot.press(.character("t"))
        await pilot.settle()
        let toastRow = try #require(pilot.lines.firstIndex { $0.contains("Saved") })
        #expect(pilot.lines[toastRow] == "│  │ Saved                │  │", "a bordered label, one column of padding")
        #expect(pilot.cell(x: 1, y: 1).style.isDimmed, "the pane behind the toast is dimmed")
        await pilot.advance(by: 2.5)
        #expect(!pilot.text.contains("Saved"), "it dismissed itself after its 2 s")
        #expect(!pilot.cell(x: 1, y: 1).style.isDimmed)
        await pilot.press("q")
        #expect(pilot.hasQuit)
    }

    @Test func typesPastesClicksAndRecordsFrames() async {
        let clock = ManualClock()
        let counter = CounterView()
        let app = App(root: counter, clock: clock)
        app.scene.focus(counter)
        let pilot = Pilot(app, size: Size(width: 12, height: 2), recordsFrames: true)
        await pilot.type("abc")
        #expect(pilot.lines[0] == "keys: 3")
        #expect(pilot.frames.count == 4, "the first frame and one a key")
        await pilot.resize(to: Size(width: 20, height: 3))
        #expect(pilot.screen.size == Size(width: 20, height: 3))
        await pilot.press(.ctrl("c"))
        #expect(pilot.hasQuit, "the app's default for Ctrl-C applies")
    }

    @Test func advanceDrawsEveryAnimationFrameAtItsTime() async {
        let (app, _, _) = makeNoteApp(clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 30, height: 8), recordsFrames: true)
        await pilot.press("t")
        await pilot.advance(by: 1)
        let times = pilot.frames.map(\.time)
        #expect(times.count > 3, "the slide-in took several frames")
        #expect(zip(times, times.dropFirst()).allSatisfy { $1 - $0 >= 1.0 / 60 - 1e-9 }, "never faster than 60 a second")
    }

    @Test func snapshotsOfTheScreen() async {
        let (app, _, _) = makeNoteApp(clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 24, height: 8))
        await pilot.press("+", "t")
        await pilot.settle()
        pilot.assertSnapshot(.styledText)
    }
}
