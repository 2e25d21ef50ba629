import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// Stacks never hide focus: the presentation that holds it is never folded into "+N more",
/// and notifications fold before other presentations.
@MainActor
@Suite struct StackingFocusTests {
    @Test func notificationsArrivingWhileTheUserTypesIntoAToastFoldThemselvesNotTheToast() async {
        let f = StackFixture()
        let editor = TextToastView(title: "Note")
        let toast = ToastPresentationController(presentedView: editor)
        f.scene.present(toast, from: f.pane)
        await f.pilot.settle()
        #expect(f.scene.focusedView.map { editor.isAncestor(of: $0) } == true)
        await f.pilot.type("hello")
        var notes: [NotificationController] = []
        for i in 1...4 {
            notes.append(f.scene.notify("build \(i) finished", duration: 60, in: f.pane))
            await f.pilot.settle()
            #expect(toast.stackVisibility.target == 1, "after notification \(i) the focused toast is still shown")
            #expect(toast.displayedFrame.height > 0)
        }
        // Three shown (the maximum): the toast and the two newest notifications; two folded.
        #expect(notes[3].stackVisibility.target == 1 && notes[2].stackVisibility.target == 1)
        #expect(notes[0].stackVisibility.target == 0 && notes[1].stackVisibility.target == 0)
        #expect(f.pilot.lines.contains { $0.contains("+2 more") })
        // Keys still go into the toast the user sees.
        await f.pilot.type(" world")
        await f.pilot.settle()
        #expect(f.pilot.text.contains("hello world"))
        let row = toast.displayedFrame.minY + 1
        #expect(f.pilot.lines[row].contains("hello world"), "the typed text is on screen, in the toast")
    }

    @Test func anUnfocusedToastOutlastsNewerNotificationsWhenRoomIsShort() async {
        let f = StackFixture(size: Size(width: 40, height: 12))
        let older = f.toast("build log")
        let a = f.scene.notify("first", duration: 60, in: f.pane)
        let b = f.scene.notify("second", duration: 60, in: f.pane)
        await f.pilot.settle()
        // Room for the newest and one more: the toast, not the older notification.
        #expect(b.stackVisibility.target == 1)
        #expect(older.stackVisibility.target == 1)
        #expect(a.stackVisibility.target == 0)
        #expect(f.pilot.text.contains("build log") && f.pilot.text.contains("second") && !f.pilot.text.contains("first"))
        #expect(f.pilot.lines.contains { $0.contains("+1 more") })
    }
}
