import Foundation
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

/// Issue 37, item 6: what changes between the pilot's calls is drawn by the next call, and a
/// test can wait in real time for work the app's clock does not drive.
@MainActor
@Suite struct PilotBetweenCallsTests {
    @Test(arguments: ["settle(timeout: 0)", "advance(by: 0)", "press"])
    func aChangeRightAfterAFrameIsDrawnByTheNextCall(_ call: String) async {
        let (app, _, label) = makeNoteApp(clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 30, height: 8))
        await pilot.press("+")                       // a frame, at this very time
        let frames = pilot.frameCount
        label.text = "a line from a child"           // between calls, as a child's line arrives
        switch call {
        case "settle(timeout: 0)": await pilot.settle(timeout: 0)
        case "advance(by: 0)": await pilot.advance(by: 0)
        default: await pilot.press("x")               // a key nothing handles
        }
        #expect(pilot.lines[1].contains("a line from a child"))
        #expect(pilot.frameCount == frames + 1)
        await pilot.quit()
    }

    @Test func postedWorkIsDrawnByTheNextCall() async {
        let (app, _, label) = makeNoteApp(clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 30, height: 8))
        await pilot.press("+")
        app.poster.post { _ in label.text = "posted" }
        await pilot.settle(timeout: 0)
        #expect(pilot.lines[1].contains("posted"))
        await pilot.quit()
    }

    @Test func waitUntilWaitsInRealTimeAndDraws() async {
        let (app, _, label) = makeNoteApp(clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 30, height: 8))
        let poster = app.poster
        // Work that no clock of the app's drives: a thread that posts once it has slept.
        Thread.detachNewThread {
            usleep(20_000)
            poster.post { _ in label.text = "from a thread" }
        }
        let held = await pilot.waitUntil(timeout: 10) { pilot.lines[1].contains("from a thread") }
        #expect(held)
        await pilot.quit()
    }

    @Test func waitUntilRecordsAFailureWhenTheTimeoutComesFirst() async {
        let (app, _, _) = makeNoteApp(clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 30, height: 8))
        var held = true
        await withKnownIssue("the condition never holds") {
            held = await pilot.waitUntil(timeout: 0.05) { false }
        }
        #expect(!held)
        await pilot.quit()
    }
}
