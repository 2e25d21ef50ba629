import CurtainLayout
import CurtainTesting
import Testing
@testable import Curtain

/// Issue 37, item 6: a pilot never takes the test process down, and never leaves its app
/// running behind the test.
@MainActor
@Suite struct PilotLifetimeTests {
    @Test func anUnknownKeyNameIsARecordedFailureNotACrash() async {
        let (app, _, label) = makeNoteApp(clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 30, height: 8))
        await withKnownIssue("'Escape' is no key name: the pilot records it") {
            await pilot.press("+", "Escape", "+")
        }
        #expect(label.text == "Count: 1", "the keys before the unknown name were pressed, the ones after it not")
        await pilot.press("+")
        #expect(label.text == "Count: 2", "the pilot still drives its app")
        await pilot.quit()
    }

    @Test func aPilotThatGoesAwayEndsItsAppWithNoFurtherFrame() async {
        let (app, pane, _) = makeNoteApp(clock: ManualClock())
        var framesAfterTheTest = 0
        var testEnded = false
        var taskCancelled = false
        app.addFrameObserver { _, _ in if testEnded { framesAfterTheTest += 1 } }
        pane.task {
            try? await app.clock.sleep(for: .seconds(100))
            taskCancelled = Task.isCancelled
        }
        do {
            let pilot = Pilot(app, size: Size(width: 30, height: 8))
            await pilot.press("t")   // a toast, whose slide asks for frames
            #expect(app.isRunning)
        }                            // the test's pilot is gone, without quit()
        testEnded = true
        #expect(!app.isRunning, "the app ended with its pilot")
        #expect(app.isQuitting)
        for _ in 0..<20 { await Task.yield() }
        #expect(framesAfterTheTest == 0, "no frame was drawn after the pilot went away")
        #expect(taskCancelled, "the view's task was cancelled")
    }
}
