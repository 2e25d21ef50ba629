import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// Notifications fold into "+N more" oldest first and come back as room frees, newest first:
/// an older one never shows while a newer one is folded, and none shows again for a moment
/// only to be replaced.
@MainActor
@Suite struct NotificationFoldingTests {
    /// The tester's case: a pane whose content (16×5) holds one notification box, three
    /// notifications 0.5 s apart. Frame by frame, the oldest shows only once the second is on
    /// its way out, and while one is folded the stack says so.
    @Test func theOldestWaitsUntilTheNewerOnesAreGone() async {
        let f = StackFixture(size: Size(width: 18, height: 7))
        let first = f.scene.notify("Build finished · #1", duration: 4, in: f.pane)
        await f.pilot.advance(by: 0.5)
        let second = f.scene.notify("3 files saved · #2", duration: 4, in: f.pane)
        await f.pilot.advance(by: 0.5)
        let third = f.scene.notify("New message · #3", duration: 4, in: f.pane)
        var firstShownAgain: Double?
        var sawSecondAfterThird = false
        for _ in 0..<(14 * 60) {
            await f.pilot.advance(by: 1.0 / 60)
            let text = f.pilot.text
            let gone = { (c: NotificationController) in c.state == .dismissing || c.state == .dismissed }
            if text.contains("3 files"), gone(third) { sawSecondAfterThird = true }
            if text.contains("Build"), firstShownAgain == nil, gone(third) { firstShownAgain = f.app.clock.now }
            if text.contains("Build"), gone(third) {
                #expect(gone(second), "at \(f.app.clock.now) the oldest shows while the second is still up:\n\(text)")
            }
            // Folded ones are counted in a "+N more" line until they show.
            if !gone(second), !text.contains("Build") {
                #expect(text.contains("more"), "at \(f.app.clock.now) a notification is folded without a word:\n\(text)")
            }
        }
        #expect(sawSecondAfterThird, "the second comes back when the third goes")
        #expect(firstShownAgain != nil, "the oldest comes back as room frees")
        #expect(first.state == .dismissed, "each goes after its own 4 s once shown")
    }

    /// A folded notification taller than the room does not let an older, shorter one show
    /// in its place: they fold oldest first.
    @Test func anOlderShortOneDoesNotShowInThePlaceOfANewerTallOne() async {
        // Content 16×8: the newest (3 rows) leaves room for one more box of 3 rows, not 5.
        let f = StackFixture(size: Size(width: 18, height: 10))
        f.scene.notify("old", duration: 60, in: f.pane)
        f.scene.notify("tall\ntall\ntall", duration: 60, in: f.pane)
        f.scene.notify("new", duration: 60, in: f.pane)
        await f.pilot.settle()
        #expect(f.pilot.text.contains("│ new"), "\(f.pilot.text)")
        #expect(!f.pilot.text.contains("│ old"), "the oldest shows while a newer one is folded:\n\(f.pilot.text)")
        #expect(f.pilot.text.contains("+2 more"), "\(f.pilot.text)")
    }

    /// A notification whose text wraps past the room it has shows the rows that fit, the last
    /// ending in `…`.
    @Test func aNotificationTooLongForItsRoomEndsInAnEllipsis() async {
        let f = StackFixture(size: Size(width: 18, height: 7))
        f.scene.notify("Build finished · #1", duration: 60, in: f.pane)
        await f.pilot.settle()
        let row = f.pilot.lines.first { $0.contains("Build") } ?? ""
        #expect(row.contains("│ Build f… │"), "\(f.pilot.text)")
    }
}
