import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// When an app starts, the first view in reading order that can take focus takes it, unless
/// the program chose one (Textual's `AUTO_FOCUS`): a program whose only focusable view is a
/// list answers the arrow keys without Tab first.
@MainActor
@Suite struct StartFocusTests {
    /// A list in a pane filling a 16 × 8 screen: its rows are screen rows 1 … 6, columns 1 … 14.
    func listApp(_ configure: (App, ListView) -> Void = { _, _ in }) -> (Pilot, ListView) {
        let pane = PaneView(title: "Items")
        let list = ListView(items: ["alpha", "beta", "gamma"])
        pane.setContentView(list)
        let app = App(root: pane, clock: ManualClock())
        configure(app, list)
        return (Pilot(app, size: Size(width: 16, height: 8)), list)
    }

    /// The screen row (1 … 3) whose cells across the list are all in `style`, if one is.
    func row(in pilot: Pilot, drawnIn style: Style) -> Int? {
        (1...3).first { y in (1...14).allSatisfy { pilot.cell(x: $0, y: y).style == style } }
    }

    @Test func aLoneListAnswersDownWithoutTab() async {
        let (pilot, list) = listApp()
        let theme = pilot.app.scene.theme
        #expect(pilot.app.scene.focusedView === list, "focused at start")
        #expect(row(in: pilot, drawnIn: theme.selection) == 1, "the first frame shows the focused selection:\n\(pilot.text)")
        await pilot.press(.down)
        #expect(list.selectedIndex == 1)
        #expect(row(in: pilot, drawnIn: theme.selection) == 2, "↓ moved the selection one row:\n\(pilot.text)")
        #expect(pilot.lines[2].contains("beta"))
    }

    @Test func aListAloneAsTheRootTakesFocusToo() async {
        let list = ListView(items: ["alpha", "beta", "gamma"])
        let pilot = Pilot(App(root: list, clock: ManualClock()), size: Size(width: 12, height: 4))
        await pilot.press(.down, .down)
        #expect(list.selectedIndex == 2)
        #expect((0..<12).allSatisfy { pilot.cell(x: $0, y: 2).style == pilot.app.scene.theme.selection })
    }

    @Test func theFirstInReadingOrderNotInTreeOrderTakesIt() async {
        let log = EventLog()
        let root = Probe("root", log: log)
        let bottom = root.place(Probe("bottom", focusable: true, log: log), Rect(x: 0, y: 12, width: 80, height: 12))
        let topRight = root.place(Probe("topRight", focusable: true, log: log), Rect(x: 40, y: 0, width: 40, height: 12))
        let empty = root.place(Probe("empty", focusable: true, log: log), Rect(x: 0, y: 0, width: 0, height: 0))
        let topLeft = root.place(Probe("topLeft", focusable: true, log: log), Rect(x: 0, y: 0, width: 40, height: 12))
        _ = (bottom, topRight, empty)
        let pilot = Pilot(App(root: root, clock: ManualClock()), size: Size(width: 80, height: 24))
        #expect(pilot.app.scene.focusedView === topLeft)
        await pilot.press(.character("x"))
        #expect(log.take().first == "topLeft: x")
    }

    @Test func theViewTheProgramFocusedKeepsIt() async {
        let first = ListView(items: ["one"]), second = ListView(items: ["a", "b"])
        let grid = GridView(columns: 2, rows: 1, panes: [PaneView(title: "1"), PaneView(title: "2")],
                            minimumPaneSize: Size(width: 4, height: 3))
        grid.panes[0].setContentView(first)
        grid.panes[1].setContentView(second)
        let app = App(root: grid, clock: ManualClock())
        app.scene.focus(second)
        let pilot = Pilot(app, size: Size(width: 40, height: 10))
        #expect(app.scene.focusedView === second)
        await pilot.press(.down)
        #expect(second.selectedIndex == 1)
    }

    @Test func aProgramMayStartWithNothingFocused() async {
        let (pilot, list) = listApp { app, _ in app.scene.focusesFirstViewAtStart = false }
        #expect(pilot.app.scene.focusedView == nil)
        await pilot.press(.down)
        #expect(list.selectedIndex == 0, "no focus: ↓ reaches no list")
        #expect(row(in: pilot, drawnIn: pilot.app.scene.theme.selection) == nil)
    }

    @Test func onATooSmallScreenFocusWaitsForTheFirstLayout() async {
        let (pilot, list) = listApp { app, _ in app.scene.minimumSize = Size(width: 20, height: 8) }
        #expect(pilot.app.scene.focusedView == nil, "nothing laid out yet")
        await pilot.resize(to: Size(width: 24, height: 8))
        #expect(pilot.app.scene.focusedView === list)
    }
}
