import Curtain
import CurtainDemoKit
import CurtainLayout

/// One benchmark scenario: what gets the app ready (not measured) and the action measured.
struct Scenario: Sendable {
    enum Action: Sendable {
        /// Feed these events (one after another, each followed by frames until settled).
        case events([Event])
        /// Render `count` frames advancing the clock by `step` seconds each, without input.
        case idle(count: Int, step: Double)
    }

    let name: String
    /// Whether the measured part is meant to take in the elapsed-time pane's tick.
    var measuresTick = false
    /// Events before the measured part, each followed by frames until everything settled.
    let setup: [Event]
    let action: Action
    /// The program the scenario runs (the demo, unless the scenario brings its own) and what
    /// must stay alive while it runs (the demo's closures hold it unowned).
    var makeApp: @MainActor @Sendable (ManualClock) -> (app: App, owner: AnyObject) = { clock in
        let demo = DemoApp(clock: clock)
        return (demo.app, demo)
    }

    @MainActor static func all(for size: Size) -> [Scenario] {
        let smaller = Size(width: max(DemoApp.minimumSize.width, size.width - 10),
                           height: max(DemoApp.minimumSize.height, size.height - 5))
        return [
            Scenario(name: "toast slide-in + dim", setup: [], action: .events([.key(.character("t"))])),
            // The toast already holds text, so the measured Enter is the growth alone (the first
            // character typed into an empty toast also takes its hint out of the border).
            Scenario(name: "character typed", setup: [.key(.character("t")), .key(.character("x"))],
                     action: .events([.key(.character("y"))])),
            Scenario(name: "toast grows one line", setup: [.key(.character("t")), .key(.character("x"))],
                     action: .events([.key(.enter)])),
            // Tab first: inside the toast the arrows move its caret; with a pane focused, the splits.
            Scenario(name: "split moved, toast up", setup: [.key(.character("t")), .key(.tab)], action: .events([.key(.right)])),
            Scenario(name: "full-screen modal", setup: [], action: .events([.key(.character("m"))])),
            // Esc closes the modal: its slide out and the dim leaving (Textual's dismissal is
            // one frame; see scripts/side-by-side.py).
            Scenario(name: "modal dismissed", setup: [.key(.character("m"))], action: .events([.key(.escape)])),
            Scenario(name: "100 idle frames", setup: [.key(.character("t"))], action: .idle(count: 100, step: 0.001)),
            // The once-a-second elapsed time, nothing else moving: what an idle program sends.
            Scenario(name: "clock tick", measuresTick: true, setup: [], action: .idle(count: 1, step: 1)),
            Scenario(name: "resize \(size.width)x\(size.height)->\(smaller.width)x\(smaller.height)", setup: [],
                     action: .events([.resize(smaller)])),
        ] + LogScenario.all
    }
}

/// What one scenario cost, over all its repetitions.
struct ScenarioResult {
    var name = ""
    var size = Size(width: 0, height: 0)
    var repetitions = 0
    // From the first repetition (every repetition does the same work).
    var frames = 0
    var emptyFrames = 0
    var bytes = 0
    /// ``ANSIEncoder/plainRunCost(of:frame:startingStyle:)`` of every frame's runs: the
    /// reference the ratio is taken against (not a lower bound: erasing blanks beats it).
    var plainRunBytes = 0
    /// Distinct dim strengths shown while the first presentation animated (visible dim steps).
    var dimSteps = 0
    /// Whether the elapsed-time pane ticked inside the measured part (adds bytes).
    var elapsedTicked = false
    // CPU per frame over all repetitions, nanoseconds.
    var scene: [UInt64] = []
    var composeDiff: [UInt64] = []
    var write: [UInt64] = []
    var total: [UInt64] = []
    /// CPU per render call for idle scenarios (frames are not produced there).
    var renderCalls: [UInt64] = []

    var bytesPerFrame: Double { frames == 0 ? 0 : Double(bytes) / Double(frames) }
    var ratio: Double { plainRunBytes == 0 ? (bytes == 0 ? 1 : .infinity) : Double(bytes) / Double(plainRunBytes) }
}
