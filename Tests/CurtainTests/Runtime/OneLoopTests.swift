import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// The pilot, a headless run and the terminal drive one loop (`App.run(on:)`): time moves
/// deadline by deadline, and what a deadline wakes runs before the next one is looked for.
@MainActor
@Suite struct OneLoopTests {
    func makeApp() -> (App, PaneView, Label) {
        let pane = PaneView(title: "Deploy")
        let label = Label("idle")
        pane.setContentView(label)
        return (App(root: pane, clock: ManualClock()), pane, label)
    }

    /// A deploy console's flow: the task awaiting the confirmation resumes at the alert's last
    /// frame and then sleeps twice. One advance covers all of it: each sleep begins during the
    /// advance and ends inside it. (Before, the advance set the clock to its end before the
    /// resumed task ran, and the screen stayed at "deploying".)
    @Test func anAdvanceWakesATaskThatBeganSleepingDuringIt() async {
        let (app, pane, label) = makeApp()
        let pilot = Pilot(app, size: Size(width: 40, height: 10))
        var steps: [Double] = []
        Task {
            let alert = AlertController(message: "Deploy?", actions: [AlertAction("Deploy", shortcut: "y"), AlertAction("Cancel", shortcut: "n")])
            guard case .chosen = await app.scene.confirm(alert, from: pane) else { return }
            label.text = "deploying"
            steps.append(app.clock.now)
            try await app.clock.sleep(for: .seconds(0.3))
            label.text = "deployed"
            steps.append(app.clock.now)
            try await app.clock.sleep(for: .seconds(0.5))
            label.text = "verified"
            steps.append(app.clock.now)
        }
        await pilot.settle()
        #expect(pilot.text.contains("Deploy?"))
        await pilot.press("y")
        await pilot.advance(by: 2)
        #expect(pilot.text.contains("verified"), "\(pilot.text)")
        #expect(steps.count == 3)
        if steps.count == 3 {
            #expect(abs(steps[1] - steps[0] - 0.3) < 1e-9, "woken at its deadline, not at the advance's end")
            #expect(abs(steps[2] - steps[1] - 0.5) < 1e-9)
        }
    }

    /// A headless run wakes a task sleeping on its manual clock: the sleep is a deadline of the
    /// loop, so the run does not end (input ended, nothing scheduled) while the task sleeps.
    @Test func aHeadlessRunWakesATaskSleepingOnTheClock() async {
        let label = Label("uploading")
        let clock = ManualClock()
        let app = App(root: label, clock: clock)
        label.task {
            try await clock.sleep(for: .seconds(2))
            label.text = "uploaded"
        }
        let backend = HeadlessBackend(size: Size(width: 20, height: 1))
        await app.run(on: backend)
        #expect(backend.screen.lines(trimmingTrailingSpaces: true) == ["uploaded"])
        #expect(clock.now >= 2)
    }

    /// Between the pilot's calls the loop does not move: work posted from another thread runs
    /// at the next call, in the loop's turn, before the frame that shows it.
    @Test func theLoopTakesATurnOnlyInsideThePilotsCalls() async {
        let (app, _, label) = makeApp()
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        let frames = pilot.frameCount
        let poster = app.poster
        await Task.detached { poster.post { _ in label.text = "posted" } }.value
        await Task.yield()
        #expect(pilot.frameCount == frames)
        #expect(!pilot.text.contains("posted"))
        await pilot.settle()
        #expect(pilot.text.contains("posted"))
    }

    /// Quitting through the pilot ends the loop: `run(on:)` returns, tasks are cancelled.
    @Test func quittingEndsTheLoopItself() async {
        let (app, _, label) = makeApp()
        var cancelled = false
        label.task {
            do { try await app.clock.sleep(for: .seconds(60)) } catch { cancelled = true }
        }
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        await pilot.settle()
        await pilot.quit()
        #expect(cancelled)
        #expect(!app.isRunning)
    }

    /// A backlog of posts runs over several turns, each bounded in time, so frames (and keys)
    /// come between its parts; all of it runs, in posting order. (Before, the loop ran a whole
    /// batch in one turn: a million posts held keys for over 100 ms.)
    @Test func aLargeBacklogOfPostsRunsOverSeveralTurnsInOrder() async {
        let (app, _, label) = makeApp()
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        let framesBefore = pilot.frameCount
        var ran: [Int] = []
        let count = 200_000
        for index in 0..<count {
            app.poster.post { _ in
                ran.append(index)
                if index % 1_000 == 0 { label.text = "post \(index)" }
            }
        }
        await pilot.settle()
        #expect(ran.count == count)
        #expect(ran == Array(0..<count), "in posting order")
        #expect(pilot.frameCount - framesBefore > 1, "frames between the backlog's turns: \(pilot.frameCount - framesBefore)")
        #expect(pilot.text.contains("post 199000"))
    }
}
