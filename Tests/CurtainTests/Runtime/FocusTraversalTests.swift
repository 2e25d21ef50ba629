import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

/// Tab and Shift-Tab move focus in reading order inside the focus scope.
@MainActor
@Suite struct FocusTraversalTests {
    let log = EventLog()
    let clock = ManualClock()
    let root: Probe
    /// Focusable views placed out of tree order, so reading order is what the test sees.
    let bottomRight, topRight, topLeft, bottomLeft, hidden: Probe
    let scene: Scene

    init() {
        root = Probe("root", log: log)
        bottomRight = root.place(Probe("bottomRight", focusable: true, log: log), Rect(x: 40, y: 12, width: 40, height: 11))
        topRight = root.place(Probe("topRight", focusable: true, log: log), Rect(x: 40, y: 0, width: 40, height: 12))
        hidden = root.place(Probe("hidden", focusable: true, log: log), Rect(x: 0, y: 0, width: 0, height: 0))
        topLeft = root.place(Probe("topLeft", focusable: true, log: log), Rect(x: 0, y: 0, width: 40, height: 12))
        bottomLeft = root.place(Probe("bottomLeft", focusable: true, log: log), Rect(x: 0, y: 12, width: 40, height: 11))
        for view in [bottomRight, topRight, topLeft, bottomLeft] { view.definesPresentationContext = true }
        scene = Scene(root: root, size: Size(width: 80, height: 24), clock: clock)
        scene.renderFrame()
    }

    var order: [Probe] { [topLeft, topRight, bottomLeft, bottomRight] }

    @Test func tabVisitsFocusableViewsInReadingOrderAndWraps() {
        scene.focus(topLeft)
        var visited: [String] = []
        for _ in 0..<5 {
            scene.handle(.key(.tab))
            visited.append((scene.focusedView as? Probe)?.name ?? "none")
        }
        #expect(visited == ["topRight", "bottomLeft", "bottomRight", "topLeft", "topRight"], "a view with an empty frame is skipped")
    }

    /// Two panes, a list in one and a log in the other: Tab goes between the list and the log.
    /// The panes are stops only while nothing in them can take focus (Tab stopped on the list's
    /// pane too, where the list, drawn as unfocused, ignored every key).
    @Test func aPaneHoldingAFocusableViewIsNotAStopOfItsOwn() {
        let list = ListView(items: ["a", "b"])
        let output = Log()
        let listPane = PaneView(title: "Commands")
        listPane.setContentView(list)
        let outputPane = PaneView(title: "Output")
        outputPane.setContentView(output)
        let emptyPane = PaneView(title: "Empty")
        let scene = Scene(root: GridView(columns: 3, rows: 1, panes: [listPane, outputPane, emptyPane], minimumPaneSize: Size(width: 10, height: 4)),
                          size: Size(width: 90, height: 10), clock: clock)
        scene.renderFrame()
        scene.focus(list)
        var visited: [View] = []
        for _ in 0..<6 {
            scene.handle(.key(.tab))
            visited.append(scene.focusedView ?? View())
        }
        #expect(visited.map(ObjectIdentifier.init) == [output, emptyPane, list, output, emptyPane, list].map(ObjectIdentifier.init))
        scene.handle(.key(.backTab))
        #expect(scene.focusedView === emptyPane)
    }

    @Test func shiftTabGoesBackwards() {
        scene.focus(topLeft)
        scene.handle(.key(.backTab))
        #expect(scene.focusedView === bottomRight)
        scene.handle(.key(.backTab))
        #expect(scene.focusedView === bottomLeft)
    }

    @Test func withNothingFocusedTabStartsAtTheFirstView() {
        scene.focusNext()
        #expect(scene.focusedView === topLeft)
    }

    /// A toast's content is not in the cycle: from it, Tab goes on from the view it came from.
    @Test func fromAToastTabContinuesFromThePresentingView() {
        scene.focus(bottomLeft)
        let content = Probe("toast", focusable: true, log: log)
        scene.present(ToastPresentationController(presentedView: content), from: bottomLeft)
        scene.renderFrame()
        #expect(scene.focusedView === content)
        scene.handle(.key(.tab))
        #expect(scene.focusedView === bottomRight)
        scene.focus(content)
        scene.handle(.key(.backTab))
        #expect(scene.focusedView === topRight)
    }

    /// A toast presented from a view that cannot take focus counts from the view that had
    /// focus when it was presented.
    @Test func fromAScreenToastTabCountsFromTheViewThatHadFocus() {
        scene.focus(topRight)
        let content = Probe("toast", focusable: true, log: log)
        scene.present(ToastPresentationController(presentedView: content), from: root)
        scene.renderFrame()
        scene.handle(.key(.tab))
        #expect(scene.focusedView === bottomLeft)
    }

    /// A modal traps focus: Tab cycles inside it.
    @Test func aModalKeepsTabInside() {
        scene.focus(topLeft)
        let modal = Probe("modal", log: log)
        let first = modal.place(Probe("first", focusable: true, log: log), Rect(x: 10, y: 5, width: 10, height: 1))
        let second = modal.place(Probe("second", focusable: true, log: log), Rect(x: 30, y: 5, width: 10, height: 1))
        let controller = FullScreenPresentationController(presentedView: modal)
        scene.present(controller, from: topLeft)
        scene.renderFrame()
        #expect(scene.focusedView === first)
        scene.handle(.key(.tab))
        #expect(scene.focusedView === second)
        scene.handle(.key(.tab))
        #expect(scene.focusedView === first, "wraps inside the modal, never to the views beneath")
        scene.handle(.key(.escape))
        #expect(scene.focusedView === topLeft, "dismissed, focus is back where it was")
    }

    #if DEBUG
    @Test func focusingAViewThatCannotTakeFocusStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let traversal = FocusTraversalTests()
                traversal.scene.focus(traversal.root)
            }
        }
    }

    @Test func focusingAViewThatIsNotOnScreenStopsADebugBuild() async {
        await #expect(processExitsWith: .failure) {
            await MainActor.run {
                let traversal = FocusTraversalTests()
                traversal.scene.focus(Probe("orphan", focusable: true, log: traversal.log))
            }
        }
    }
    #endif
}
