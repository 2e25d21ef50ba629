import Curtain
@testable import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import Testing

/// The frame-count and dim-step budgets of issue 6 that do not depend on time measurement,
/// checked on the same pipeline the benchmark drives (DemoApp on a ManualClock, then the
/// diff). Bytes and CPU are only measured by `curtain-bench`.
@MainActor
@Suite struct BenchBudgetTests {
    /// Renders at 60 Hz while the scene asks for frames; returns the frames' diffs and the
    /// distinct non-zero dim strengths shown by the first presentation.
    private func settle(_ app: DemoApp, _ clock: ManualClock, previous: inout CellBuffer) -> (diffs: [[CellRun]], dims: Set<Double>) {
        var diffs: [[CellRun]] = []
        var dims: Set<Double> = []
        for _ in 0..<600 {
            guard let next = app.scene.nextFrameTime, next <= clock.now + 0.1 else { break }
            clock.advance(by: FramePacing.interval)
            if let frame = app.scene.renderFrame() {
                diffs.append(frame.changes(from: previous))
                previous = frame
                if let dim = app.scene.presentations.first?.displayedDim, dim > 0 { dims.insert(dim) }
            }
        }
        return (diffs, dims)
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    func toastSlideInProducesOnlyChangingFramesAndAtMostFourDimSteps(size: Size) throws {
        let clock = ManualClock()
        let app = DemoApp(clock: clock)
        app.scene.size = size
        var previous = try #require(app.scene.renderFrame())
        app.app._dispatch(.key(.character("t")))
        let result = settle(app, clock, previous: &previous)
        #expect(!result.diffs.isEmpty)
        #expect(result.diffs.allSatisfy { !$0.isEmpty })
        #expect(result.dims.count >= 1)
        #expect(result.dims.count <= 4)
        #expect(result.dims.max() == app.scene.presentations.first?.dimmingStrength)
    }

    @Test func idleFramesWithinTheSecondProduceNothing() throws {
        let clock = ManualClock()
        let app = DemoApp(clock: clock)
        app.scene.size = Size(width: 80, height: 24)
        var previous = try #require(app.scene.renderFrame())
        app.app._dispatch(.key(.character("t")))
        _ = settle(app, clock, previous: &previous)
        clock.set((clock.now + 1).rounded(.down) + 0.001)
        _ = app.scene.renderFrame()   // the elapsed-time pane's tick
        var produced = 0
        for _ in 0..<100 {
            clock.advance(by: 0.001)
            if app.scene.renderFrame() != nil { produced += 1 }
        }
        #expect(produced == 0)
    }
}
