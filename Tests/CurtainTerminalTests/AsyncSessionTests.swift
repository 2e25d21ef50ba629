import Curtain
import CurtainLayout
import CurtainPlatform
import Testing
@testable import CurtainTerminal

extension NcursesTests.Input {
    /// The real loop on a session whose input is a pipe: a key arrives while a task sleeps, and
    /// the input closing ends the app at once, with the task cancelled.
    @Test func stdinClosingWhileATaskRunsEndsTheAppAndCancelsTheTask() async throws {
        let piped = try PipedSession()
        let label = Label("idle")
        let app = App(root: label)
        var taskEnded: String?
        label.task {
            do {
                try await app.clock.sleep(for: .seconds(3600))
                taskEnded = "slept an hour"
            } catch {
                taskEnded = "cancelled"
            }
        }
        var keys = 0
        app.scene.bind(.character("k")) { keys += 1 }
        let running = Task { await app.run(on: piped.session) }
        piped.type("kk")
        while keys < 2 { try await Task.sleep(for: .milliseconds(5)) }
        piped.hangUp()
        await running.value
        while taskEnded == nil { try await Task.sleep(for: .milliseconds(5)) }
        #expect(keys == 2, "each key once")
        #expect(taskEnded == "cancelled")
        #expect(app.isQuitting)
    }

    /// A task's change while the session waits for input is drawn with no key: the wait is
    /// interrupted and the frame written to the terminal.
    @Test func aTasksChangeIsWrittenWhileTheSessionWaits() async throws {
        let piped = try PipedSession()
        let label = Label("before")
        let app = App(root: label)
        var frames: [String] = []
        app.addFrameObserver { frame, _ in frames.append(frame.lines(trimmingTrailingSpaces: true).first ?? "") }
        let running = Task { await app.run(on: piped.session) }
        while frames.isEmpty { try await Task.sleep(for: .milliseconds(5)) }
        try await Task.sleep(for: .milliseconds(50)) // the loop is in its wait now
        label.text = "after"
        while frames.last != "after" { try await Task.sleep(for: .milliseconds(5)) }
        piped.hangUp()
        await running.value
        #expect(frames.last == "after")
    }
}
