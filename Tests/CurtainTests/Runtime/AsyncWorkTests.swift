import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// Tasks, posts and awaited presentations under the pilot: they run when the test says, and
/// time moves only by the manual clock.
@MainActor
@Suite struct AsyncWorkTests {
    func makeApp() -> (App, PaneView, Label) {
        let pane = PaneView(title: "Work")
        let label = Label("idle")
        pane.setContentView(label)
        return (App(root: pane, clock: ManualClock()), pane, label)
    }

    @Test func aViewTaskSleepingOnTheClockWakesOnlyWhenTheTestAdvancesIt() async {
        let (app, _, label) = makeApp()
        label.task {
            label.text = "uploading"
            try await app.clock.sleep(for: .seconds(2))
            label.text = "uploaded"
        }
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        await pilot.settle()
        #expect(pilot.lines[1].contains("uploading"))
        await pilot.advance(by: 1.9)
        #expect(pilot.lines[1].contains("uploading"), "1.9 s of the 2 s sleep passed")
        await pilot.advance(by: 0.1)
        #expect(pilot.lines[1].contains("uploaded"))
    }

    /// A re-run that awaits the stopped run's handle goes on only after the stopped run has
    /// written its summary: `task(id:)` cancels the run it replaces, and the handle tells when
    /// that run has ended. Whether each runs is told too.
    @Test func aReplacedRunCanBeAwaitedBeforeTheNextGoesOn() async {
        let (app, _, label) = makeApp()
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        var written: [String] = []
        func run(_ number: Int, after stopped: ViewTask?) -> ViewTask {
            label.task(id: number) {
                await stopped?.waitUntilFinished()
                written.append("run \(number)")
                do { try await app.clock.sleep(for: .seconds(60)) } catch {}
                // Stopped (cancelled) or done: the summary, after an await of its own.
                await Task.yield()
                await Task.yield()
                written.append("run \(number) summary")
            }
        }
        let first = run(1, after: nil)
        await pilot.settle()
        #expect(written == ["run 1"])
        #expect(first.isRunning)
        #expect(label.task(id: 1) {} === first, "an equal id: the running task's handle")
        let second = run(2, after: first)
        await pilot.settle()
        #expect(written == ["run 1", "run 1 summary", "run 2"], "the stopped run's summary before the next run")
        #expect(!first.isRunning && second.isRunning)
        await first.waitUntilFinished()   // ended: at once
        await pilot.advance(by: 60)
        await second.waitUntilFinished()
        #expect(written.last == "run 2 summary" && !second.isRunning)
    }

    @Test func workPostedFromAnotherThreadRunsInPostingOrderWhenTheTestSettles() async {
        let (app, _, label) = makeApp()
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        let poster = app.poster
        await Task.detached {
            for n in 1...3 { poster.post { _ in label.text = label.text == "idle" ? "\(n)" : label.text + ",\(n)" } }
        }.value
        #expect(pilot.lines[1].contains("idle"), "nothing runs before the test says")
        await pilot.settle()
        #expect(pilot.lines[1].contains("1,2,3"))
    }

    @Test func aPostAfterTheAppEndedIsDropped() async {
        let (app, _, label) = makeApp()
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        await pilot.quit()
        app.poster.post { _ in label.text = "late" }
        await pilot.settle()
        #expect(!pilot.lines[1].contains("late"))
    }

    @Test func aTaskIsCancelledWhenItsViewLeavesTheScene() async {
        let (app, pane, label) = makeApp()
        var ended: String?
        label.task {
            do {
                try await app.clock.sleep(for: .seconds(60))
                ended = "slept"
            } catch {
                ended = "cancelled"
            }
        }
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        await pilot.settle()
        #expect(ended == nil)
        pane.setContentView(Label("other"))
        await pilot.settle()
        #expect(ended == "cancelled")
    }

    @Test func anIdentifiedTaskRestartsOnlyWhenItsIDChanges() async {
        let (app, _, label) = makeApp()
        var starts: [String] = []
        func load(_ id: String) async {
            label.task(id: id) {
                starts.append(id)
                try await app.clock.sleep(for: .seconds(1))
                label.text = "loaded \(id)"
            }
        }
        let pilot = Pilot(app, size: Size(width: 30, height: 5))
        await load("a")
        await pilot.settle()
        await load("a")
        await pilot.settle()
        await load("b")
        await pilot.advance(by: 1)
        #expect(starts == ["a", "b"])
        #expect(pilot.lines[1].contains("loaded b"), "a's task was cancelled before its sleep ended")
    }

    @Test func quittingCancelsTasksAndAnswersAwaitedPresentations() async {
        let (app, pane, _) = makeApp()
        var taskEnded = false
        var reason: DismissalReason?
        pane.task {
            defer { taskEnded = true }
            try await app.clock.sleep(for: .seconds(60))
        }
        let pilot = Pilot(app, size: Size(width: 30, height: 8))
        Task { reason = await app.scene.presentAndWait(ToastPresentationController(presentedView: Label("up")), from: pane) }
        await pilot.settle()
        #expect(pilot.text.contains("up"))
        await pilot.quit()
        #expect(taskEnded)
        #expect(reason == .appQuit)
    }

    @Test func anAwaitedPresentationReturnsWhyItWent() async {
        let (app, pane, _) = makeApp()
        let pilot = Pilot(app, size: Size(width: 30, height: 8))
        var reason: DismissalReason?
        Task { reason = await app.scene.presentAndWait(ToastPresentationController(presentedView: Label("toast"), autoDismissAfter: 2), from: pane) }
        await pilot.settle()
        #expect(reason == nil)
        #expect(pilot.text.contains("toast"))
        await pilot.advance(by: 3)
        #expect(reason == .timedOut)
        #expect(!pilot.text.contains("toast"))
    }

    @Test func confirmReturnsTheChosenActionOrCancelled() async {
        let (app, pane, _) = makeApp()
        let pilot = Pilot(app, size: Size(width: 40, height: 10))
        var handled = false
        func alert() -> AlertController {
            AlertController(message: "Stop?", actions: [
                AlertAction("Stop", shortcut: "y", role: .destructive) { handled = true },
                AlertAction("Keep", shortcut: "n"),
            ])
        }
        var choice: AlertChoice?
        Task { choice = await app.scene.confirm(alert(), from: pane) }
        await pilot.settle()
        await pilot.press("y")
        await pilot.settle()
        guard case .chosen(let action)? = choice else { Issue.record("no answer"); return }
        #expect(action.title == "Stop")
        #expect(handled, "a plain main-actor handler ran")

        choice = nil
        let asking = Task { choice = await app.scene.confirm(alert(), from: pane) }
        await pilot.settle()
        asking.cancel()
        await pilot.settle()
        guard case .cancelled? = choice else { Issue.record("cancelling the task answers .cancelled"); return }
        #expect(!pilot.text.contains("Stop?"), "the alert went with the task")
    }

    @Test func anAwaitedConfirmationEndsWhenItsPresentingViewGoes() async {
        let (app, pane, label) = makeApp()
        let pilot = Pilot(app, size: Size(width: 40, height: 10))
        var choice: AlertChoice?
        Task {
            choice = await app.scene.confirm(AlertController(message: "Delete?", actions: [AlertAction("Delete")]), from: label)
        }
        await pilot.settle()
        #expect(pilot.text.contains("Delete?"))
        pane.setContentView(Label("something else"))
        await pilot.settle()
        guard case .cancelled? = choice else { Issue.record("the presenting view left: .cancelled, got \(String(describing: choice))"); return }
        #expect(!pilot.text.contains("Delete?"))
    }

    @Test func aTaskErrorIsShownAsAnErrorNotification() async {
        struct UploadFailed: Error, CustomStringConvertible { var description: String { "upload failed: disk full" } }
        let (app, _, label) = makeApp()
        label.task { throw UploadFailed() }
        let pilot = Pilot(app, size: Size(width: 50, height: 8))
        await pilot.settle()
        #expect(pilot.text.contains("upload failed: disk full"))
    }
}

/// The real loop, on a backend that suspends while it waits as a terminal does: work from
/// outside the loop wakes it and is drawn without any input.
@MainActor
@Suite struct AsyncLoopTests {
    @MainActor
    final class SuspendingBackend: Backend {
        let size = Size(width: 30, height: 5)
        var frames: [CellBuffer] = []
        var waits = 0
        private var waiting: CheckedContinuation<Event?, Never>?
        private var pendingInterrupt = false
        var onFrame: ((CellBuffer) -> Void)?

        func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
            if let deadline, deadline <= clock.now { return nil }
            if pendingInterrupt { pendingInterrupt = false; return nil }
            waits += 1
            if let deadline, let manual = clock as? ManualClock {
                // Time jumps to the deadline unless something interrupts first.
                Task { @MainActor in
                    await Task.yield()
                    if let waiting = self.waiting { self.waiting = nil; manual.set(max(manual.now, deadline)); waiting.resume(returning: nil) }
                }
            }
            return await withCheckedContinuation { waiting = $0 }
        }

        func interruptWait() {
            if let waiting { self.waiting = nil; waiting.resume(returning: nil) } else { pendingInterrupt = true }
        }

        func send(_ event: Event) {
            if let waiting { self.waiting = nil; waiting.resume(returning: event) }
        }

        func present(_ frame: CellBuffer) {
            frames.append(frame)
            onFrame?(frame)
        }
    }

    @Test func aTaskChangingTheSceneWhileTheLoopWaitsIsDrawnWithoutInput() async {
        let label = Label("waiting")
        let app = App(root: label, clock: ManualClock())
        let backend = SuspendingBackend()
        let running = Task { await app.run(on: backend) }
        while backend.frames.isEmpty { await Task.yield() }
        Task { @MainActor in label.text = "from a task" }
        while !(backend.frames.last?.lines(trimmingTrailingSpaces: true).first?.contains("from a task") ?? false) { await Task.yield() }
        backend.send(.key(.ctrl("c")))
        await running.value
        #expect(app.isQuitting)
    }

    @Test func postedWorkWakesTheLoopAndQuitCancelsTheRest() async {
        let label = Label("waiting")
        let app = App(root: label, clock: ManualClock())
        let backend = SuspendingBackend()
        var cancelled = false
        label.task {
            do { try await Task.sleep(for: .seconds(3600)) } catch { cancelled = true }
        }
        let running = Task { await app.run(on: backend) }
        while backend.frames.isEmpty { await Task.yield() }
        let poster = app.poster
        DispatchQueueFree.post(poster) { app in (app.scene.root as? Label)?.text = "posted" }
        while !(backend.frames.last?.lines(trimmingTrailingSpaces: true).first?.contains("posted") ?? false) { await Task.yield() }
        backend.send(.key(.ctrl("c")))
        await running.value
        while !cancelled { await Task.yield() }
        #expect(cancelled, "the app's end cancelled the view's task")
    }
}

extension AsyncLoopTests {
    @MainActor
    final class HandOffBackend: Backend {
        let size = Size(width: 30, height: 5)
        var log: [String] = []
        private var waiting: CheckedContinuation<Event?, Never>?
        func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
            if let deadline, deadline <= clock.now { return nil }
            log.append("wait")
            return await withCheckedContinuation { waiting = $0 }
        }
        func interruptWait() {
            if let waiting { self.waiting = nil; waiting.resume(returning: nil) }
        }
        func send(_ event: Event) {
            if let waiting { self.waiting = nil; waiting.resume(returning: event) }
        }
        func present(_ frame: CellBuffer) { log.append("frame") }
        func releaseTerminal() { log.append("release") }
        func takeTerminalBack() { log.append("take back") }
    }

    @Test func theLoopStopsReadingWhileTheTerminalIsHandedOff() async {
        let app = App(root: Label("app"), clock: ManualClock())
        let backend = HandOffBackend()
        let running = Task { await app.run(on: backend) }
        while !backend.log.contains("wait") { await Task.yield() }
        let result = try? await app.withTerminalReleased { () async -> String in
            backend.log.append("child runs")
            for _ in 0..<20 { await Task.yield() }   // the loop gets every chance to read
            backend.log.append("child ends")
            return "status 0"
        }
        #expect(result == "status 0")
        while backend.log.last != "wait" { await Task.yield() }
        let handOff = Array(backend.log.drop { $0 != "release" })
        #expect(handOff.prefix(4) == ["release", "child runs", "child ends", "take back"],
                "nothing is read or drawn between release and take back: \(backend.log)")
        backend.send(.key(.ctrl("c")))
        await running.value
    }
}

/// Posts from a thread the test does not own.
enum DispatchQueueFree {
    static func post(_ poster: AppPoster, _ work: @escaping AppPoster.Work) {
        Task.detached { poster.post(work) }
    }
}
