import Curtain
import CurtainLayout
import CurtainScreen
import Testing
@testable import CurtainDemoKit

/// The demo at its smallest size (36×15): a pane's content is 16×5, room for one notification
/// box with one row of text.
@MainActor
@Suite struct NarrowNotificationTests {
    @Test func aNotificationCutToItsRoomEndsInAnEllipsis() async {
        let h = DemoHarness(size: DemoApp.minimumSize)
        await h.pilot.send(.key(.character("n")))
        await h.pilot.advance(by: 1)   // slid in, and up for 3 s more
        // The Colours pane (columns 0…17) has the focus: the notification sits at its bottom.
        let rows = h.lines.map { String($0.prefix(18)) }
        #expect(rows.contains("│▚▚│ Build f… │▚▚│"), "\(h.lines.joined(separator: "\n"))")
        #expect(!rows.contains { $0.contains("│ Build    │") })
    }

    /// n three times, 0.5 s apart: the third shows with "+2 more"; when it goes the second
    /// comes back, and the first only when the second goes.
    @Test func foldedNotificationsComeBackNewestFirst() async {
        let h = DemoHarness(size: DemoApp.minimumSize)
        for _ in 0..<3 {
            await h.pilot.send(.key(.character("n")))
            await h.pilot.advance(by: 0.5)
        }
        var shown: [String] = []
        for _ in 0..<(16 * 60) {
            await h.pilot.advance(by: 1.0 / 60)
            let pane = h.lines.prefix(7).map { String($0.prefix(18)) }.joined()
            let now = ["Build", "3 files", "New mes"].filter { pane.contains($0) }
            let label = now.joined(separator: "+")
            if label != shown.last { shown.append(label) }
        }
        // Empty while one slides in after the other has gone; each in turn, never back.
        let order = shown.filter { !$0.isEmpty && !$0.contains("+") }
        #expect(order == ["New mes", "3 files", "Build"], "seen: \(shown)")
    }
}
