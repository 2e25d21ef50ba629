import CurtainLayout
import CurtainTesting
import Testing
@testable import Curtain

/// Issue 37, item 1: a key bound with `scene.bind` belongs to the views beneath an alert, and
/// is silent while the alert asks; a global binding is not.
@MainActor
@Suite struct BindingsUnderAlertTests {
    /// `q` asks to quit (an alert, which `y` answers), `p` counts pages opened, F1 is global.
    @MainActor final class Program {
        let pane = PaneView(title: "Jobs")
        let app: App
        var pagesOpened = 0
        var questions = 0
        var helpShown = 0
        var quitting = false

        init() {
            pane.setContentView(Label("two jobs running"))
            app = App(root: pane, clock: ManualClock())
            app.scene.bind(.character("p")) { [unowned self] in pagesOpened += 1 }
            app.scene.bind(.function(1), global: true) { [unowned self] in helpShown += 1 }
            app.scene.bind(.character("q")) { [unowned self] in
                questions += 1
                let alert = AlertController(title: "Quit", message: "2 still running: stop them and quit?", actions: [
                    AlertAction("Stop and quit", shortcut: "y", role: .destructive) { [unowned self] in quitting = true },
                    AlertAction("Cancel", shortcut: "n", role: .cancel)])
                app.scene.present(alert, from: pane)
            }
        }
    }

    @Test func aBoundKeyDoesNothingWhileAnAlertAsks() async {
        let program = Program()
        let pilot = Pilot(program.app, size: Size(width: 50, height: 12))
        await pilot.press("q")
        await pilot.settle()
        #expect(pilot.text.contains("stop them and quit?"))
        await pilot.press("p", "q")
        #expect(program.pagesOpened == 0, "p opened nothing over the alert")
        #expect(program.questions == 1, "q did not stack a second alert")
        await pilot.press(.function(1))
        #expect(program.helpShown == 1, "a global binding acts under the alert")
        await pilot.press("n")
        await pilot.settle()
        await pilot.press("p")
        #expect(program.pagesOpened == 1, "with the alert gone, p acts again")
        await pilot.quit()
    }
}
