import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

@MainActor
@Suite struct ContextTests {
    @Test func aToastInOnePaneLeavesEveryOtherPaneUntouched() {
        let f = Fixture(columns: 3)
        let before = f.screen
        f.presentToast(in: 1)
        f.settle()
        for index in [0, 2] {
            let pane = f.root.panes[index].frame
            #expect(rows(f.screen, pane) == rows(before, pane), "pane \(index) unchanged")
        }
        let help = Rect(x: 0, y: 23, width: 80, height: 1)
        #expect(rows(f.screen, help) == rows(before, help), "help bar not dimmed")
    }

    @Test func twoContextsPresentAtOnce() {
        let f = Fixture(columns: 2)
        let (a, _) = f.presentToast(in: 0, lines: ["left"])
        let (b, _) = f.presentToast(in: 1, lines: ["right", "two"])
        f.settle()
        #expect(findBox(in: f.screen, within: f.root.panes[0].frame.insetBy(dx: 1, dy: 1)) == a.frameOfPresentedView)
        #expect(findBox(in: f.screen, within: f.root.panes[1].frame.insetBy(dx: 1, dy: 1)) == b.frameOfPresentedView)
        #expect(a.frameOfPresentedView.height == 3 && b.frameOfPresentedView.height == 4)
    }

    @Test func focusMovesToAnotherPaneAndBackWhileTheToastStays() {
        let f = Fixture(columns: 2)
        f.scene.focus(f.root.panes[0])
        let (controller, view) = f.presentToast(in: 0)
        f.settle()
        #expect(f.scene.focusedView === view.editor, "the toast takes focus (its editor)")
        f.scene.focus(f.root.panes[1])
        f.settle()
        #expect(f.scene.focusedView === f.root.panes[1])
        #expect(!view.editor.isFocused && f.root.panes[1].isFocused)
        #expect(controller.state == .presented)
        f.scene.focus(view.editor)
        #expect(f.scene.focusedView === view.editor)
        f.scene.dismiss(controller)
        #expect(f.scene.focusedView === f.root.panes[0], "focus returns to its pane")
        f.settle()
        #expect(f.scene.presentations.isEmpty)
    }

    @Test func screenContextDimsAllPanesButNotTheHelpBar() {
        let f = Fixture(columns: 2)
        let before = f.screen
        let view = TextToastView()
        let controller = ToastPresentationController(presentedView: view)
        f.scene.present(controller, from: f.root)
        f.settle()
        let help = Rect(x: 0, y: 23, width: 80, height: 1)
        #expect(rows(f.screen, help) == rows(before, help))
        for pane in f.root.panes {
            let probe = Point(x: pane.frame.minX + 1, y: pane.frame.minY + 1)
            #expect(brightness(f.screen[probe.x, probe.y]) < brightness(before[probe.x, probe.y]))
        }
        #expect(controller.frameOfPresentedView == Rect(x: 2, y: 19, width: 76, height: 3))
    }

    @Test func fullScreenModalOverAToastAndBack() {
        let f = Fixture(columns: 2)
        let (toast, toastView) = f.presentToast(in: 0, lines: ["keep", "me"])
        f.settle()
        let pane = f.root.panes[0].frame
        let before = rows(f.screen, pane)
        let toastFrame = toast.displayedFrame
        let modalView = TextToastView(title: "Modal")
        let modal = FullScreenPresentationController(presentedView: modalView)
        f.scene.present(modal, from: toastView)
        f.settle()
        #expect(f.scene.focusedView === modalView.editor)
        #expect(modal.contextView === f.root)
        f.scene.dismiss(modal)
        #expect(f.scene.focusedView === toastView.editor, "focus returns to where it was")
        // Step until the modal is gone; the first frame without it must show the toast as before.
        var sawGone = false
        for _ in 0..<120 {
            f.step()
            if f.scene.presentations.count == 1 {
                #expect(toast.displayedFrame == toastFrame)
                #expect(rows(f.screen, pane) == before, "toast back exactly in the first frame after")
                sawGone = true
                break
            }
        }
        #expect(sawGone)
    }

    @Test func cancelledDismissalOfTheModalKeepsTheToastFrame() {
        let f = Fixture(columns: 2)
        let (toast, toastView) = f.presentToast(in: 0, lines: ["x"])
        f.settle()
        let frame = toast.frameOfPresentedView
        let modal = FullScreenPresentationController(presentedView: TextToastView())
        f.scene.present(modal, from: toastView)
        f.settle()
        f.scene.dismiss(modal)
        f.step(); f.step()
        f.scene.present(modal, from: toastView)   // cancel
        f.settle()
        f.scene.dismiss(modal)
        f.settle()
        #expect(toast.displayedFrame == frame)
        #expect(findBox(in: f.screen, within: f.root.panes[0].frame.insetBy(dx: 1, dy: 1)) == frame)
    }

    @Test func splitMovedOrScreenResizedWhileSlidingContinuesInsideTheContext() {
        for change in 0..<2 {
            let f = Fixture(columns: 2)
            let (controller, _) = f.presentToast(in: 0)
            for _ in 0..<6 { f.step() }
            let before = controller.displayedFrame
            if change == 0 { f.root.splits = [30] } else { f.scene.size = Size(width: 60, height: 20) }
            f.scene.setNeedsLayout()
            var previousTop = Int.max
            for i in 0..<60 {
                f.step()
                let pane = f.root.panes[0].frame
                let shown = controller.displayedFrame
                let drawn = shown.intersection(pane.insetBy(dx: 1, dy: 1))
                #expect(pane.contains(drawn), "frame \(i)")
                if i == 0 {
                    let progressRows = before.minY - controller.frameOfPresentedView.minY
                    #expect(shown.minY - controller.frameOfPresentedView.minY <= progressRows + 1, "no jump back")
                }
                #expect(shown.minY <= previousTop || shown.minY <= controller.frameOfPresentedView.minY)
                previousTop = shown.minY
            }
            #expect(controller.displayedFrame == controller.frameOfPresentedView)
            #expect(findBox(in: f.screen, within: f.root.panes[0].frame.insetBy(dx: 1, dy: 1)) == controller.frameOfPresentedView)
        }
    }

    @Test func autoDismissWaitsWhileFocused() {
        let f = Fixture(columns: 2)
        f.scene.focus(f.root.panes[0])
        let view = TextToastView()
        let controller = ToastPresentationController(presentedView: view, autoDismissAfter: 2)
        f.scene.present(controller, from: f.root.panes[0])
        f.settle()
        f.step(3)
        #expect(controller.state == .presented, "kept while it has focus")
        f.scene.focus(f.root.panes[1])
        #expect(f.scene.nextFrameTime != nil)
        f.step(1)
        #expect(controller.state == .presented)
        f.step(1.1)
        #expect(controller.state == .dismissing || controller.state == .dismissed)
        f.settle()
        #expect(f.scene.presentations.isEmpty)
    }
}
