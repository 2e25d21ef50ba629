import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// Giving the terminal away is an operation of the loop: a hand-off (`withTerminalReleased`) or
/// a suspension (an unhandled Ctrl-Z) is answered at the top of a turn, the keys read after
/// the one that asked wait until the terminal is back, and nothing can hang. (The time limit
/// turns a hang into a failure; it is generous because in a full parallel run every main-actor
/// test shares one queue.)
@MainActor
@Suite(.timeLimit(.minutes(5))) struct HandOffTests {
    /// A backend that records what the loop asks of it, for the order of things.
    final class RecordingBackend: Backend {
        let size = Size(width: 30, height: 5)
        var log: [String] = []
        private var fed: [Event] = []
        private var waiting: CheckedContinuation<Event?, Never>?
        var isWaiting: Bool { waiting != nil }

        func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
            if !fed.isEmpty { return fed.removeFirst() }
            if let deadline, deadline <= clock.now { return nil }
            return await withCheckedContinuation { waiting = $0 }
        }
        func interruptWait() {
            if let waiting { self.waiting = nil; waiting.resume(returning: nil) }
        }
        /// The events arrive together, as one read from a terminal.
        func read(_ events: Event...) {
            fed += events
            if let waiting { self.waiting = nil; waiting.resume(returning: fed.removeFirst()) }
        }
        func present(_ frame: CellBuffer) { log.append("frame") }
        func suspend() async { log.append("suspend") }
        func releaseTerminal() async { log.append("release") }
        func takeTerminalBack() { log.append("take back") }
    }

    func waitUntil(_ condition: () -> Bool) async {
        while !condition() { await Task.yield() }
    }

    /// `pqkkk` in one read, `p` opening a pager from a task its handler starts (the usual
    /// form): the pager opens, and `q` and the `k`s are handled after it, in order. (Before,
    /// the loop handed out the whole burst before the task ran: `q` acted first.)
    @Test func keysTypedAheadOfAHandOffWaitUntilTheTerminalIsBack() async {
        let app = App(root: Label("app"), clock: ManualClock())
        let backend = RecordingBackend()
        app.scene.bind(.character("p")) {
            Task {
                try await app.withTerminalReleased {
                    backend.log.append("pager")
                    for _ in 0..<10 { await Task.yield() }   // every chance to read on
                }
            }
        }
        app.scene.bind(.character("q")) { backend.log.append("q") }
        app.scene.bind(.character("k")) { backend.log.append("k") }
        let running = Task { await app.run(on: backend) }
        await waitUntil { backend.isWaiting }
        backend.log.removeAll()
        backend.read(.key(.character("p")), .key(.character("q")), .key(.character("k")), .key(.character("k")), .key(.character("k")))
        await waitUntil { backend.log.filter { $0 == "k" }.count == 3 && backend.isWaiting }
        let keysAndHandOff = backend.log.filter { $0 != "frame" }
        #expect(keysAndHandOff == ["release", "pager", "take back", "q", "k", "k", "k"], "\(backend.log)")
        let release = backend.log.firstIndex(of: "release") ?? 0
        #expect(!backend.log[..<release].contains("frame"), "no frame drawn for a terminal about to be given away: \(backend.log)")
        app.quit()
        backend.interruptWait()
        await running.value
    }

    /// The same under the pilot: its `send` is one read, and the loop it drives is the same.
    @Test func thePilotSeesTheSameOrder() async {
        let app = App(root: Label("app"), clock: ManualClock())
        var log: [String] = []
        app.scene.bind(.character("p")) {
            Task { try await app.withTerminalReleased { log.append("pager") } }
        }
        app.scene.bind(.character("q")) { log.append("q") }
        app.scene.bind(.character("k")) { log.append("k") }
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        await pilot.send(.key(.character("p")), .key(.character("q")), .key(.character("k")), .key(.character("k")))
        #expect(log == ["pager", "q", "k", "k"])
        await pilot.quit()
    }

    /// A quit between the request and its turn answers the request: the awaiting task gets
    /// `CancellationError` within the loop's last turn, and the body never runs. (Before, the
    /// loop ended without resuming it, and the task waited for ever.)
    @Test func aQuitRacingAHandOffAnswersIt() async {
        let app = App(root: Label("app"), clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        var bodyRan = false
        let handOff = Task { try await app.withTerminalReleased { bodyRan = true } }
        await Task.yield()   // the request is made; the loop, driven by the pilot, has not moved
        app.quit()
        await pilot.quit()
        let result = await handOff.result
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(!bodyRan)
    }

    /// A hand-off asked for once the app quits, or after it ended, is refused at once.
    @Test func aHandOffAfterQuitIsRefused() async {
        let app = App(root: Label("app"), clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        app.quit()
        await #expect(throws: CancellationError.self) { try await app.withTerminalReleased { } }
        await pilot.quit()
        await #expect(throws: CancellationError.self) { try await app.withTerminalReleased { } }
    }

    /// An unhandled Ctrl-Z suspends at the top of the next turn: the keys after it in the same
    /// read are handled once the program continues, and no frame is drawn in between.
    @Test func ctrlZEndsTheBurstAndSuspendsAtTheTopOfATurn() async {
        let app = App(root: Label("app"), clock: ManualClock())
        let backend = RecordingBackend()
        app.scene.bind(.character("k")) { backend.log.append("k") }
        let running = Task { await app.run(on: backend) }
        await waitUntil { backend.isWaiting }
        backend.log.removeAll()
        backend.read(.key(.character("k")), .key(.ctrl("z")), .key(.character("k")))
        await waitUntil { backend.log.filter { $0 == "k" }.count == 2 && backend.isWaiting }
        #expect(backend.log.filter { $0 != "frame" } == ["k", "suspend", "k"], "\(backend.log)")
        app.quit()
        backend.interruptWait()
        await running.value
    }

    /// Two hand-offs asked for together run one after the other, each with the terminal given
    /// back and taken again.
    @Test func handOffsAskedTogetherRunInOrder() async {
        let app = App(root: Label("app"), clock: ManualClock())
        let backend = RecordingBackend()
        let running = Task { await app.run(on: backend) }
        await waitUntil { backend.isWaiting }
        backend.log.removeAll()
        let first = Task { try await app.withTerminalReleased { backend.log.append("first") } }
        let second = Task { try await app.withTerminalReleased { backend.log.append("second") } }
        _ = await (first.result, second.result)
        let order = backend.log.filter { $0 != "frame" }
        #expect(order == ["release", "first", "take back", "release", "second", "take back"]
                || order == ["release", "second", "take back", "release", "first", "take back"], "\(backend.log)")
        app.quit()
        backend.interruptWait()
        await running.value
    }
}
