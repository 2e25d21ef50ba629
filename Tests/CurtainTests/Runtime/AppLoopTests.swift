import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

/// A backend whose input is a list of timed events; it moves the app's manual clock like the
/// headless backend and records what the loop asked of it.
@MainActor
final class QueueBackend: Backend {
    var size = Size(width: 20, height: 5)
    var queue: [(time: Double, event: Event)]
    var deadlines: [Double?] = []
    var presented: [(time: Double, frame: CellBuffer)] = []
    var suspensions = 0
    init(_ queue: [(Double, Event)]) { self.queue = queue.map { (time: $0.0, event: $0.1) } }

    func nextEvent(until deadline: Double?, clock: AnimationClock) -> Event? {
        deadlines.append(deadline)
        let manual = clock as! ManualClock
        if let next = queue.first, next.time <= (deadline ?? .infinity) {
            queue.removeFirst()
            manual.set(max(manual.now, next.time))
            return next.event
        }
        guard let deadline else { return .inputEnded }
        manual.set(max(manual.now, deadline))
        return nil
    }

    func present(_ frame: CellBuffer) { presented.append((0, frame)) }
    func suspend() { suspensions += 1 }
}

/// A view showing how many keys it received.
@MainActor
final class CounterView: View {
    var count = 0 { didSet { setNeedsDisplay() } }
    override var canBecomeFocused: Bool { true }
    override func handleKey(_ key: Key) -> Bool {
        guard key.text != nil else { return false }
        count += 1
        return true
    }
    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        buffer.draw("keys: \(count)", at: frame.origin, style: .plain, clip: clip)
    }
}

@MainActor
@Suite struct AppLoopTests {
    let clock = ManualClock()
    let counter = CounterView()
    let app: App

    init() {
        app = App(root: counter, clock: clock)
        app.scene.focus(counter)
    }

    @Test func theLoopShowsAFrameAfterEachBurstAndEndsWithTheInput() async {
        var observed: [Double] = []
        app.addFrameObserver { _, time in observed.append(time) }
        let backend = QueueBackend([(1, .key(.character("a"))), (1, .key(.character("b"))), (2, .key(.character("c")))])
        await app.run(on: backend)
        #expect(backend.presented.count == 3, "the first frame, one for the burst at 1 s, one at 2 s")
        #expect(observed == [0, 1, 2])
        #expect(backend.presented.last?.frame.lines(trimmingTrailingSpaces: true).first == "keys: 3")
        #expect(app.isQuitting, "the end of input ends the loop")
    }

    @Test func anIdleAppWaitsWithoutADeadline() async {
        let backend = QueueBackend([])
        await app.run(on: backend)
        #expect(backend.deadlines == [nil], "nothing scheduled: the backend may sleep until input")
    }

    @Test func aTimerIsTheDeadline() async {
        app.scene.scheduleTimer(after: 5) { app.quit() }
        let backend = QueueBackend([])
        await app.run(on: backend)
        #expect(backend.deadlines == [5])
        #expect(clock.now == 5)
    }

    @Test func unhandledControlCQuitsAndControlZSuspends() async {
        let backend = QueueBackend([(1, .key(.ctrl("z"))), (2, .key(.ctrl("c"))), (3, .key(.character("x")))])
        await app.run(on: backend)
        #expect(backend.suspensions == 1)
        #expect(clock.now == 2, "Ctrl-C ended the loop before the last key")
        #expect(counter.count == 0)
    }

    @Test func aBoundControlCDoesNotQuit() async {
        var pressed = 0
        app.scene.bind(.ctrl("c")) { pressed += 1 }
        let backend = QueueBackend([(1, .key(.ctrl("c")))])
        await app.run(on: backend)
        #expect(pressed == 1)
        #expect(backend.queue.isEmpty, "the loop went on until input ended")
    }

    @Test func aResizeLaysTheSceneOutAtTheNewSize() async {
        let backend = QueueBackend([(1, .resize(Size(width: 30, height: 2)))])
        await app.run(on: backend)
        #expect(app.scene.size == Size(width: 30, height: 2))
        #expect(backend.presented.last?.frame.size == Size(width: 30, height: 2))
    }
}

/// A queue backend whose link and colours change on the app's clock: its frames reach the
/// screen slowly until `fastFrom`, and the terminal reports a light background from
/// `lightFrom` on (an answer that comes late).
@MainActor
final class ChangingBackend: Backend {
    let queue: QueueBackend
    let clock: ManualClock
    let fastFrom: Double
    let lightFrom: Double
    init(_ queue: QueueBackend, clock: ManualClock, fastFrom: Double = -.infinity, lightFrom: Double = .infinity) {
        self.queue = queue
        self.clock = clock
        self.fastFrom = fastFrom
        self.lightFrom = lightFrom
    }
    var size: Size { queue.size }
    var showsFramesSlowly: Bool { clock.now < fastFrom }
    var appearance: TerminalAppearance {
        TerminalAppearance(colorDepth: .trueColor, colors: clock.now >= lightFrom ? .light : nil)
    }
    func nextEvent(until deadline: Double?, clock: AnimationClock) -> Event? { queue.nextEvent(until: deadline, clock: clock) }
    func present(_ frame: CellBuffer) { queue.present(frame) }
}

@MainActor
@Suite struct SlowLinkMotionTests {
    @Test func transitionsAreInstantWhileTheBackendShowsFramesSlowly() async {
        let clock = ManualClock()
        let root = View()
        let app = App(root: root, clock: clock)
        app.scene.size = Size(width: 40, height: 10)
        var seen: [Bool] = []
        var toast: ToastPresentationController?
        app.scene.bind(.character("t")) {
            seen.append(app.scene.motion.reduceMotion)
            let controller = ToastPresentationController(presentedView: Label("hello"))
            toast = controller
            app.scene.present(controller, from: root)
        }
        app.scene.bind(.character("m")) { seen.append(app.scene.motion.reduceMotion) }
        let queue = QueueBackend([(1, .key(.character("t"))), (3, .key(.character("m")))])
        queue.size = Size(width: 40, height: 10)
        let backend = ChangingBackend(queue, clock: clock, fastFrom: 2)
        var framesAfterKey = 0
        app.addFrameObserver { _, time in if time >= 1 && time < 2 { framesAfterKey += 1 } }
        await app.run(on: backend)
        #expect(seen == [true, false], "instant while slow, animated again once fast")
        #expect(toast?.state == .presented)
        #expect(framesAfterKey == 1, "the toast appeared in one frame, at its place")
    }

    @Test func theAppsOwnSettingsAreLeftAlone() async {
        let clock = ManualClock()
        let app = App(root: View(), clock: clock, motion: MotionSettings(reduceMotion: true))
        let backend = ChangingBackend(QueueBackend([(1, .key(.character("x"))), (3, .key(.character("y")))]), clock: clock, fastFrom: 2)
        await app.run(on: backend)
        #expect(app.scene.motion.reduceMotion, "still on: the app asked for it")

        let other = App(root: View(), clock: ManualClock())
        other.reducesMotionOverSlowLinks = false
        let slow = ChangingBackend(QueueBackend([(1, .key(.character("x")))]), clock: other.clock as! ManualClock, fastFrom: 10)
        var seen: [Bool] = []
        other.scene.bind(.character("x")) { seen.append(other.scene.motion.reduceMotion) }
        await other.run(on: slow)
        #expect(seen == [false], "opted out")
    }
}
