import CurtainLayout
import CurtainTesting
import Testing
@testable import Curtain

/// Issue 37, item 3: a sheet whose content cannot take focus (a `Label`) still takes the keys
/// from the list it dims: Esc reaches its controller, ↑/↓ no longer move the list beneath.
@MainActor
@Suite struct SheetWithoutFocusTests {
    let list = ListView(items: ["build", "test", "lint"])
    let pane = PaneView(title: "Jobs")
    let app: App

    init() {
        pane.setContentView(list)
        app = App(root: pane, clock: ManualClock())
        app.scene.focus(list)
    }

    @Test func escapeClosesASheetWhoseContentCannotTakeFocus() async {
        let pilot = Pilot(app, size: Size(width: 40, height: 12))
        let sheet = SheetPresentationController(presentedView: Label("build: 3 lines of output"))
        app.scene.present(sheet, from: pane)
        await pilot.settle()
        #expect(pilot.text.contains("build: 3 lines"))
        #expect(!list.isFocused, "the list under the dim no longer has the focus")
        await pilot.press(.down)
        #expect(list.selectedIndex == 0, "↓ did not move the list under the sheet")
        await pilot.press(.escape)
        await pilot.settle()
        #expect(sheet.state == .dismissed, "Esc reached the sheet's controller")
        #expect(!pilot.text.contains("build: 3 lines"))
        #expect(list.isFocused, "focus went back to the list")
        await pilot.press(.down)
        #expect(list.selectedIndex == 1)
        await pilot.quit()
    }

    @Test func aToastLeavesTheKeysWhereTheyWere() async {
        let pilot = Pilot(app, size: Size(width: 40, height: 12))
        app.scene.present(ToastPresentationController(presentedView: Label("Saved")), from: pane)
        await pilot.settle()
        await pilot.press(.down)
        #expect(list.selectedIndex == 1, "the list beneath still answers ↓")
        await pilot.quit()
    }
}
