import Curtain
import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// Drives a fresh ``DemoApp`` (or the scenario's own program) through a scenario again and again, drawing every frame through a
/// real ncurses session, until at least `minimumSamples` CPU samples were taken.
/// `CURTAIN_BENCH_DUMP=<scenario prefix>:<width>` prints the bytes of that scenario's frames.
private let dumpSetting = getenv("CURTAIN_BENCH_DUMP").map { String(cString: $0) }
private let dumpPrefix = dumpSetting.flatMap { $0.split(separator: ":").first.map(String.init) }
private let dumpWidth = dumpSetting.flatMap { $0.split(separator: ":").last.flatMap { Int($0) } } ?? 80

@MainActor
struct ScenarioRunner {
    let sink: TerminalSink
    let size: Size
    let minimumSamples: Int
    /// The frame the terminal shows (the session's own diff base), kept across repetitions.
    private var previous = CellBuffer(size: .zero)

    init(sink: TerminalSink, size: Size, minimumSamples: Int) {
        self.sink = sink
        self.size = size
        self.minimumSamples = minimumSamples
    }

    mutating func run(_ scenario: Scenario) async -> ScenarioResult {
        var result = ScenarioResult()
        result.name = scenario.name
        result.size = size
        while result.total.count < minimumSamples && result.renderCalls.count < minimumSamples && result.repetitions < 10_000 {
            await runOnce(scenario, into: &result, first: result.repetitions == 0)
            result.repetitions += 1
        }
        return result
    }

    private mutating func runOnce(_ scenario: Scenario, into result: inout ScenarioResult, first: Bool) async {
        let clock = ManualClock()
        let (app, owner) = scenario.makeApp(clock)
        defer { withExtendedLifetime(owner) {} }
        let backend = ScenarioBackend(scenario: scenario, size: size, clock: clock)
        var counting = false
        // The first frame after a measured event: the frame the event produced. Only its
        // composition runs inside `measuredComposition` (the frames that follow while the
        // scene settles are left out of the callgrind count).
        var firstAfterEvent = false
        var dims: Set<Double> = []
        // The scene reports its two phases; each frame's share is read when it is presented.
        var layoutTime: UInt64 = 0, compositionTime: UInt64 = 0
        app.scene._phaseTimer = { phase, body in
            switch phase {
            case .layoutAndAnimation: measure(&layoutTime, body)
            case .composition: measure(&compositionTime) { counting && firstAfterEvent ? measuredComposition(body) : body() }
            }
        }
        let sink = self.sink
        let size = self.size
        var previous = self.previous
        // The closures below outlive this call's `inout` access: they fill a copy.
        var tally = result
        defer { result = tally }
        backend.onStep = { step in
            switch step {
            case .measuring: counting = true
            case .event: firstAfterEvent = counting
            case .turnWithoutFrame(let cpu):
                if counting { tally.renderCalls.append(cpu) }
            }
            layoutTime = 0
            compositionTime = 0
        }
        backend.onFrame = { frame in
            let measuringCall = counting && firstAfterEvent
            firstAfterEvent = false
            var diff: UInt64 = 0, write: UInt64 = 0
            let runs = measure(&diff) { measuringCall ? measuredDiff(frame, previous) : frame.changes(from: previous) }
            let before = sink.bytesWritten
            _ = measure(&write) { sink.session.draw(frame) }
            let bytes = sink.bytesWritten - before
            if counting, first, let dump = dumpPrefix, tally.name.hasPrefix(dump), size.width == dumpWidth {
                // Debugging aid: the escape sequences of each measured frame, made visible.
                let text = sink.written(from: before, to: before + bytes).map { $0 == 0x1B ? "\\e" : String(UnicodeScalar($0)) }.joined()
                let where_ = runs.map { "row \($0.y) x \($0.x) +\($0.cells.count)" }.joined(separator: ", ")
                let plain = ANSIEncoder.plainRunCost(of: runs, frame: frame, startingStyle: .plain)
                print("frame \(tally.frames) (\(bytes) bytes, plain runs \(plain), \(runs.count) runs: \(where_)): \(text)")
            }
            if counting {
                let render = layoutTime + compositionTime
                tally.renderCalls.append(render)
                tally.scene.append(layoutTime)
                tally.composeDiff.append(compositionTime + diff)
                tally.write.append(write)
                tally.total.append(render + diff + write)
                if first {
                    tally.frames += 1
                    if runs.isEmpty { tally.emptyFrames += 1 }
                    tally.bytes += bytes
                    // ncurses ends every update with the default style, so the next starts there.
                    tally.plainRunBytes += ANSIEncoder.plainRunCost(of: runs, frame: frame, startingStyle: .plain)
                    if let dim = app.scene.presentations.first?.displayedDim, dim > 0 { dims.insert(dim) }
                }
            }
            previous = frame
            layoutTime = 0
            compositionTime = 0
        }
        await app.run(on: backend)
        self.previous = previous
        if first {
            tally.elapsedTicked = backend.secondWhenMeasuringBegan.map { Int(clock.now) != $0 } == true && !scenario.measuresTick
            tally.dimSteps = dims.count
        }
    }
}

/// The app's backend while a scenario runs: it hands the app's loop (`App.run(on:)`, the
/// terminal program's own) the scenario's events, moves the manual clock to each deadline the
/// loop asks for while the scene settles (frames up to 0.1 s apart, as a terminal would see
/// them), and passes every frame presented to the runner to measure.
@MainActor
private final class ScenarioBackend: Backend {
    enum Step {
        /// The measured part begins.
        case measuring
        /// An event is handed to the loop.
        case event
        /// The loop took a turn that drew nothing (an idle step), at this CPU cost.
        case turnWithoutFrame(UInt64)
    }

    private enum Planned {
        case event(Event)
        /// Start the measured part just after a whole second, so the elapsed-time pane
        /// (which changes once a second) stays out of it.
        case startMeasuring
        case idle(step: Double)
    }

    let size: Size
    private let clock: ManualClock
    private var plan: [Planned]
    private var settlingFrames = 0
    var onStep: (Step) -> Void = { _ in }
    var onFrame: (CellBuffer) -> Void = { _ in }
    private(set) var secondWhenMeasuringBegan: Int?
    /// Set when the measured part begins at the loop's next wait (after the frame of the jump
    /// to a whole second, which is not measured).
    private var measuringPending = false
    /// CPU time when the loop last got an idle step, to charge the turn that followed.
    private var idleTurnStart: UInt64?
    private var framesSinceIdleStep = 0

    init(scenario: Scenario, size: Size, clock: ManualClock) {
        self.size = size
        self.clock = clock
        var plan = scenario.setup.map(Planned.event) + [.startMeasuring]
        switch scenario.action {
        case .events(let events): plan += events.map(Planned.event)
        case .idle(let count, let step): plan += Array(repeating: .idle(step: step), count: count)
        }
        self.plan = plan
    }

    func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
        if let start = idleTurnStart {
            idleTurnStart = nil
            if framesSinceIdleStep == 0 { onStep(.turnWithoutFrame(threadCPUNanoseconds() &- start)) }
        }
        if measuringPending {
            measuringPending = false
            onStep(.measuring)
        }
        // Frames at their deadlines while the scene asks for them within 0.1 s (60 a second
        // while it moves), at most 600 after each step.
        if let deadline, deadline <= self.clock.now + 0.1, settlingFrames < 600 {
            settlingFrames += 1
            if deadline > self.clock.now { self.clock.set(deadline) }
            return nil
        }
        guard !plan.isEmpty else { return .inputEnded }
        settlingFrames = 0
        switch plan.removeFirst() {
        case .event(let event):
            onStep(.event)
            return event
        case .startMeasuring:
            self.clock.set((self.clock.now + 1).rounded(.down) + 0.001)
            secondWhenMeasuringBegan = Int(self.clock.now)
            measuringPending = true
            return nil
        case .idle(let step):
            self.clock.advance(by: step)
            onStep(.event)
            framesSinceIdleStep = 0
            idleTurnStart = threadCPUNanoseconds()
            return nil
        }
    }

    func present(_ frame: CellBuffer) {
        framesSinceIdleStep += 1
        onFrame(frame)
    }
}

// The measured parts of compose+diff, kept out of line so that callgrind can count them alone:
//   valgrind --tool=callgrind --toggle-collect='*measuredComposition*' --toggle-collect='*measuredDiff*' \
//       .build/release/curtain-bench --quick --only split --size 120x40
@inline(never) func measuredComposition(_ body: () -> Void) { body() }
@inline(never) func measuredDiff(_ frame: CellBuffer, _ previous: CellBuffer) -> [CellRun] { frame.changes(from: previous) }
