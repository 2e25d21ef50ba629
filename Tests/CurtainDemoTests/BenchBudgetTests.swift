import Curtain
@testable import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing

/// The frame-count and dim-step budgets that do not depend on time measurement, checked on
/// the app's own loop (the one the benchmark drives too) under a pilot. Bytes and CPU are only
/// measured by `curtain-bench`.
@MainActor
@Suite struct BenchBudgetTests {
    /// The demo at `size` under a pilot that keeps every frame, with the dim strengths the first
    /// presentation showed in them.
    private func start(_ size: Size) -> (DemoApp, Pilot, dims: () -> Set<Double>) {
        let demo = DemoApp(clock: ManualClock())
        var dims: Set<Double> = []
        demo.app.addFrameObserver { _, _ in
            if let dim = demo.scene.presentations.first?.displayedDim, dim > 0 { dims.insert(dim) }
        }
        return (demo, Pilot(demo.app, size: size, recordsFrames: true), { dims })
    }

    @Test(arguments: [Size(width: 80, height: 24), Size(width: 120, height: 40)])
    func toastSlideInProducesOnlyChangingFramesAndAtMostFourDimSteps(size: Size) async throws {
        let (demo, pilot, dims) = start(size)
        await pilot.press("t")
        await pilot.settle()
        let diffs = zip(pilot.frames.dropFirst(), pilot.frames).map { $0.screen.changes(from: $1.screen) }
        #expect(!diffs.isEmpty)
        #expect(diffs.allSatisfy { !$0.isEmpty })
        #expect(dims().count >= 1)
        #expect(dims().count <= 4)
        #expect(dims().max() == demo.scene.presentations.first?.dimmingStrength)
    }

    @Test func idleTimeWithinTheSecondDrawsNothing() async throws {
        let (_, pilot, _) = start(Size(width: 80, height: 24))
        await pilot.press("t")
        await pilot.settle()
        await pilot.advance(by: (pilot.clock.now + 1).rounded(.down) + 0.001 - pilot.clock.now)   // the elapsed-time pane's tick
        let before = pilot.frameCount
        await pilot.advance(by: 0.1)
        #expect(pilot.frameCount == before)
    }
}
