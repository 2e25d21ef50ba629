@testable import Curtain
import CurtainDemoKit
import CurtainLayout
import CurtainTesting
import Testing

/// At 80 × 24, after the newest of three notifications was flicked away, the
/// revealed oldest one's box changed height 1→2→2→3→2→2→3 rows: it had been collapsed into the
/// stack's "+1 more" line while its reading time ran, so it came in and went straight out again.
/// Frame by frame on a manual clock, from the flick until the stack rests: every box's height
/// moves one way only, from where it was to where it rests (never through other values, never
/// shrinking and growing back).
@MainActor
@Suite struct StackReflowTests {
    struct Case: Sendable, CustomTestStringConvertible {
        /// Seconds from the third notification to the flick (each stays 4 s).
        var wait: Double
        /// The focused pane's context (`n`), or the whole screen (`N`).
        var inPane: Bool
        /// Seconds between frames.
        var frameTime: Double
        var testDescription: String { "flick after \(wait) s, \(inPane ? "pane" : "screen"), frames \(frameTime) s" }
    }

    nonisolated static let cases: [Case] = [0.3, 2.5, 3.5, 3.85].flatMap { wait in
        [true, false].flatMap { inPane in [1.0 / 60, 0.03].map { Case(wait: wait, inPane: inPane, frameTime: $0) } }
    }

    @Test(arguments: cases)
    func flickingTheNewestAwayReflowsTheOthersOneWay(_ c: Case) async throws {
        let demo = DemoApp(clock: ManualClock())
        let pilot = Pilot(demo.app, size: Size(width: 80, height: 24))
        for _ in 0..<3 {
            await pilot.press(c.inPane ? "n" : "N")
            await pilot.advance(by: 0.1)
        }
        await pilot.advance(by: c.wait - 0.1)
        let scene = demo.app.scene
        let stacked = scene.presentations.filter { $0 is NotificationController }
        try #require(stacked.count == 3)
        let newest = stacked[2], others = Array(stacked.prefix(2))
        // A fast flick toward the edge: one row in 20 ms.
        let frame = newest.displayedFrame
        let start = Point(x: frame.minX + frame.width / 2, y: frame.minY + 1)
        await pilot.mouseDown(at: start)
        pilot.clock.advance(by: 0.02)
        await pilot.drag(to: Point(x: start.x, y: start.y + 1))
        await pilot.mouseUp(at: Point(x: start.x, y: start.y + 1))
        /// Rows of the box on screen: its frame within its context's clip, 0 once removed.
        func height(_ controller: PresentationController) -> Int {
            guard scene.presentations.contains(where: { $0 === controller }), let context = controller.contextView else { return 0 }
            return controller.displayedFrame.intersection(controller.clipRect(in: context)).height
        }
        let collapsed = others.filter { height($0) == 0 }
        var heights = others.map { [height($0)] }
        var frames = 0
        repeat {
            await pilot.advance(by: c.frameTime)
            for (i, controller) in others.enumerated() { heights[i].append(height(controller)) }
            frames += 1
        } while scene.isAnimating && frames < 120
        #expect(!scene.presentations.contains { $0 === newest }, "flicked away")
        for (i, series) in heights.enumerated() {
            let steps = zip(series, series.dropFirst()).map { $1 - $0 }.filter { $0 != 0 }
            let oneWay = steps.allSatisfy { $0 > 0 } || steps.allSatisfy { $0 < 0 }
            #expect(oneWay, "\(i == 0 ? "oldest" : "middle"): \(series)")
        }
        // The revealed one stays to be read: collapsed, its reading time did not run.
        for controller in collapsed {
            #expect(controller.state == .presented && height(controller) > 0, "revealed, then gone unread")
        }
    }
}
