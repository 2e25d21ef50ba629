import CurtainLayout
import CurtainTesting
import Testing
@testable import Curtain

/// Issue 37, item 7: `isHidden` hides a view from the screen, the mouse and focus; a stack
/// closes up around it. Read from the cells.
@MainActor
@Suite struct HiddenViewTests {
    let top = ListView(items: ["alpha", "beta"])
    let middle = Label("middle line")
    let bottom = ListView(items: ["gamma", "delta"])
    let app: App

    init() {
        app = App(root: StackView(.vertical, [.fixed(top, 2), .fixed(middle, 1), .fixed(bottom, 2)]), clock: ManualClock())
    }

    @Test func aHiddenViewDrawsNothingAndAStackClosesUp() async {
        let pilot = Pilot(app, size: Size(width: 20, height: 6))
        #expect(pilot.lines[2] == "middle line")
        #expect(pilot.lines[3].contains("gamma"))
        middle.isHidden = true
        await pilot.settle(timeout: 0)
        #expect(!pilot.text.contains("middle line"))
        #expect(pilot.lines[2].contains("gamma"), "the bottom list moved up into the middle's row")
        #expect(pilot.lines[4] == "", "the last row is free")
        middle.isHidden = false
        await pilot.settle(timeout: 0)
        #expect(pilot.lines[2] == "middle line")
        await pilot.quit()
    }

    @Test func hidingTheFocusedViewMovesFocusOnAndTabSkipsIt() async {
        let pilot = Pilot(app, size: Size(width: 20, height: 6))
        app.scene.focus(top)
        top.isHidden = true
        await pilot.settle(timeout: 0)
        #expect(!top.isFocused)
        #expect(bottom.isFocused, "focus went to the next view in reading order")
        await pilot.press(.tab)
        #expect(bottom.isFocused, "Tab found no other stop: the hidden list is none")
        await pilot.press(.down)
        #expect(bottom.selectedIndex == 1)
        await pilot.quit()
    }

    @Test func aClickOnAHiddenViewReachesWhatIsBeneath() async {
        let pilot = Pilot(app, size: Size(width: 20, height: 6))
        app.scene.focus(top)
        bottom.isHidden = true
        await pilot.settle(timeout: 0)
        await pilot.click(at: Point(x: 2, y: 3))
        #expect(top.isFocused, "nothing there took the click: the hidden list did not")
        #expect(bottom.selectedIndex == 0)
        await pilot.quit()
    }
}
