import Curtain
import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import Glibc

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

    mutating func run(_ scenario: Scenario) -> ScenarioResult {
        var result = ScenarioResult()
        result.name = scenario.name
        result.size = size
        while result.total.count < minimumSamples && result.renderCalls.count < minimumSamples && result.repetitions < 10_000 {
            runOnce(scenario, into: &result, first: result.repetitions == 0)
            result.repetitions += 1
        }
        return result
    }

    private mutating func runOnce(_ scenario: Scenario, into result: inout ScenarioResult, first: Bool) {
        let clock = ManualClock()
        let (app, owner) = scenario.makeApp(clock)
        defer { withExtendedLifetime(owner) {} }
        app.scene.size = size
        var counting = false
        // The first render call after a measured event: the frame the event produced. Only
        // its composition runs inside `measuredComposition` (the render calls that follow
        // while the scene settles often produce nothing and are left out of the count).
        var firstAfterEvent = false
        var measuringCall = false
        var dims: Set<Double> = []
        // The scene reports its two phases; each frame's share is read after renderFrame().
        var layoutTime: UInt64 = 0, compositionTime: UInt64 = 0
        app.scene._phaseTimer = { phase, body in
            switch phase {
            case .layoutAndAnimation: measure(&layoutTime, body)
            case .composition: measure(&compositionTime) { measuringCall ? measuredComposition(body) : body() }
            }
        }

        func step() {
            measuringCall = counting && firstAfterEvent
            firstAfterEvent = false
            var render: UInt64 = 0, diff: UInt64 = 0, write: UInt64 = 0
            layoutTime = 0
            compositionTime = 0
            let produced = measure(&render) { app.scene.renderFrame() }
            guard let frame = produced else {
                if counting { result.renderCalls.append(render) }
                return
            }
            let runs = measure(&diff) { measuringCall ? measuredDiff(frame, previous) : frame.changes(from: previous) }
            let before = sink.bytesWritten
            _ = measure(&write) { sink.session.draw(frame) }
            let bytes = sink.bytesWritten - before
            if counting, first, let dump = dumpPrefix, result.name.hasPrefix(dump), size.width == dumpWidth {
                // Debugging aid: the escape sequences of each measured frame, made visible.
                let text = sink.written(from: before, to: before + bytes).map { $0 == 0x1B ? "\\e" : String(UnicodeScalar($0)) }.joined()
                let where_ = runs.map { "row \($0.y) x \($0.x) +\($0.cells.count)" }.joined(separator: ", ")
                let plain = ANSIEncoder.plainRunCost(of: runs, frame: frame, startingStyle: .plain)
                print("frame \(result.frames) (\(bytes) bytes, plain runs \(plain), \(runs.count) runs: \(where_)): \(text)")
            }
            if counting {
                result.renderCalls.append(render)
                result.scene.append(layoutTime)
                result.composeDiff.append(compositionTime + diff)
                result.write.append(write)
                result.total.append(render + diff + write)
                if first {
                    result.frames += 1
                    if runs.isEmpty { result.emptyFrames += 1 }
                    result.bytes += bytes
                    // ncurses ends every update with the default style, so the next starts there.
                    result.plainRunBytes += ANSIEncoder.plainRunCost(of: runs, frame: frame, startingStyle: .plain)
                    if let dim = app.scene.presentations.first?.displayedDim, dim > 0 { dims.insert(dim) }
                }
            }
            previous = frame
        }

        /// Frames at 60 per second while the scene asks for them.
        func settle() {
            for _ in 0..<600 {
                guard let next = app.scene.nextFrameTime, next <= clock.now + 0.1 else { return }
                clock.advance(by: FramePacing.interval)
                step()
            }
        }

        step()
        for event in scenario.setup {
            app._dispatch(event)
            settle()
        }
        // Start the measured part just after a whole second so the elapsed-time pane (which
        // changes once a second) stays out of it.
        clock.set((clock.now + 1).rounded(.down) + 0.001)
        step()
        let secondBefore = Int(clock.now)
        counting = true
        switch scenario.action {
        case .events(let events):
            for event in events {
                app._dispatch(event)
                firstAfterEvent = true
                settle()
            }
        case .idle(let count, let stepSize):
            for _ in 0..<count {
                clock.advance(by: stepSize)
                firstAfterEvent = true
                step()
            }
        }
        counting = false
        if first {
            result.elapsedTicked = Int(clock.now) != secondBefore && !scenario.measuresTick
            result.dimSteps = dims.count
        }
    }
}

// The measured parts of compose+diff, kept out of line so that callgrind can count them alone:
//   valgrind --tool=callgrind --toggle-collect='*measuredComposition*' --toggle-collect='*measuredDiff*' \
//       .build/release/curtain-bench --quick --only split --size 120x40
@inline(never) func measuredComposition(_ body: () -> Void) { body() }
@inline(never) func measuredDiff(_ frame: CellBuffer, _ previous: CellBuffer) -> [CellRun] { frame.changes(from: previous) }
