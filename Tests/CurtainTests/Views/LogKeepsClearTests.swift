import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A log that keeps clear of presentations shows its newest line above a bottom toast, on
/// every frame of the slide; one that does not is covered.
@MainActor
@Suite struct LogKeepsClearTests {
    func makeApp(keepsClear: Bool) -> (App, PaneView, Log) {
        let log = Log()
        log.keepsClearOfPresentations = keepsClear
        for n in 1...40 { log.append("line \(n)") }
        let pane = PaneView(title: "Output")
        pane.setContentView(log)
        return (App(root: pane, clock: ManualClock()), pane, log)
    }

    /// The row the text is on, if the screen shows it.
    func row(of text: String, in screen: CellBuffer) -> Int? {
        screen.lines(trimmingTrailingSpaces: true).firstIndex { $0.contains(text) }
    }

    @Test func theNewestLineStaysAboveABottomToastThroughoutItsSlide() async {
        let (app, pane, log) = makeApp(keepsClear: true)
        let pilot = Pilot(app, size: Size(width: 40, height: 16), recordsFrames: true)
        #expect(row(of: "line 40", in: pilot.screen) == 14, "the last row inside the border")
        let toast = ToastPresentationController(presentedView: Label("Deploying…\nstep 2 of 5", border: true))
        app.scene.present(toast, from: pane)
        await pilot.settle()
        let top = toast.displayedFrame.minY
        #expect(row(of: "line 40", in: pilot.screen) == top - 1, "just above the toast: \(pilot.text)")
        #expect(row(of: "line 39", in: pilot.screen) == top - 2)
        #expect(log.obscuredInsets.bottom == 15 - top)
        // Every frame of the slide: the newest line is drawn, and never under the toast.
        for (_, frame) in pilot.frames {
            guard let newest = row(of: "line 40", in: frame) else { Issue.record("line 40 missing in a frame"); continue }
            let toastTop = frame.lines(trimmingTrailingSpaces: true).firstIndex { $0.contains("┌") && $0.hasPrefix("│") } ?? 15
            #expect(newest < toastTop || newest == 14)
        }
        app.scene.dismiss(toast)
        await pilot.settle()
        #expect(row(of: "line 40", in: pilot.screen) == 14, "back at the bottom once it is gone")
        #expect(log.obscuredInsets == EdgeInsets())
    }

    /// curtain-procs swaps the log a pane shows: one taken out while a notification covered it
    /// and shown again once the notification had gone ends at the pane's bottom row, not above
    /// the rows the notification covered.
    @Test func aLogShownAgainAfterThePresentationWentIsNotCoveredByIt() async {
        let (app, pane, log) = makeApp(keepsClear: true)
        let pilot = Pilot(app, size: Size(width: 40, height: 16))
        let toast = ToastPresentationController(presentedView: Label("exited 0\nafter 1.4 s", border: true))
        app.scene.present(toast, from: pane)
        await pilot.settle()
        #expect(log.obscuredInsets.bottom > 0)
        let other = Log()
        other.append("another command")
        pane.setContentView(other)
        await pilot.settle()
        app.scene.dismiss(toast)
        await pilot.settle()
        pane.setContentView(log)
        await pilot.settle()
        #expect(log.obscuredInsets == EdgeInsets())
        #expect(row(of: "line 40", in: pilot.screen) == 14, "at the bottom: \(pilot.text)")
    }

    @Test func aLogThatDoesNotKeepClearIsCovered() async {
        let (app, pane, _) = makeApp(keepsClear: false)
        let pilot = Pilot(app, size: Size(width: 40, height: 16))
        app.scene.present(ToastPresentationController(presentedView: Label("Deploying…", border: true)), from: pane)
        await pilot.settle()
        #expect(row(of: "line 39", in: pilot.screen) == nil, "under the toast")
    }

    @Test func aScrolledUpLogStaysWhereTheUserPutIt() async {
        let (app, pane, log) = makeApp(keepsClear: true)
        let pilot = Pilot(app, size: Size(width: 40, height: 16))
        log.scroll(by: -10)
        await pilot.settle()
        let before = pilot.lines[1]
        app.scene.present(ToastPresentationController(presentedView: Label("Deploying…", border: true)), from: pane)
        await pilot.settle()
        #expect(pilot.lines[1] == before, "reading older lines: nothing moves")
    }
}
