import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

/// Keys and pastes travel the responder chain: focused view → superviews → presentation
/// controller → (unless it traps focus) the presenting view and up → bindings → Tab defaults.
@MainActor
@Suite struct ResponderChainTests {
    let log = EventLog()
    let clock = ManualClock()
    let root: Probe
    let pane: Probe
    let field: Probe
    let scene: Scene

    init() {
        root = Probe("root", log: log)
        pane = root.place(Probe("pane", focusable: true, log: log), Rect(x: 0, y: 0, width: 40, height: 20))
        pane.definesPresentationContext = true
        field = pane.place(Probe("field", focusable: true, log: log), Rect(x: 1, y: 1, width: 20, height: 3))
        scene = Scene(root: root, size: Size(width: 80, height: 24), clock: clock)
        scene.renderFrame()
    }

    /// Presents content (a box holding a focusable field) from `field`.
    func presentContent(traps: Bool = false) -> (ProbeController, Probe, Probe) {
        let content = Probe("content", log: log)
        let inside = content.place(Probe("inside", focusable: true, log: log), Rect(x: 5, y: 17, width: 10, height: 1))
        let controller = ProbeController(presentedView: content, log: log, traps: traps)
        scene.present(controller, from: field)
        scene.renderFrame()
        return (controller, content, inside)
    }

    @Test func anUnhandledKeyTravelsFromTheFocusedViewToTheRoot() {
        scene.focus(field)
        #expect(scene.handle(.key(.character("x"))) == false)
        #expect(log.take() == ["field: x", "pane: x", "root: x"])
    }

    @Test func theFirstViewThatHandlesAKeyEndsItsTrip() {
        scene.focus(field)
        pane.handles = [.character("x")]
        #expect(scene.handle(.key(.character("x"))))
        #expect(log.take() == ["field: x", "pane: x"])
    }

    @Test func withNothingFocusedKeysGoToTheRoot() {
        #expect(scene.focusedView == nil)
        scene.handle(.key(.enter))
        #expect(log.take() == ["root: Enter"])
    }

    @Test func fromPresentedContentAKeyGoesToItsControllerThenToTheViewItWasPresentedFrom() {
        let (_, _, inside) = presentContent()
        #expect(scene.focusedView === inside, "the content took focus")
        scene.handle(.key(.ctrl("k")))
        #expect(log.take() == ["inside: Ctrl-K", "content: Ctrl-K", "controller: Ctrl-K", "field: Ctrl-K", "pane: Ctrl-K", "root: Ctrl-K"])
    }

    @Test func aPresentationThatTrapsFocusKeepsKeysFromTheViewsBeneath() {
        _ = presentContent(traps: true)
        var bound = 0
        scene.bind(.ctrl("k")) { bound += 1 }
        #expect(scene.handle(.key(.ctrl("k"))) == false)
        #expect(log.take() == ["inside: Ctrl-K", "content: Ctrl-K", "controller: Ctrl-K"], "the field and pane beneath never see it")
        #expect(bound == 0, "nor do the bindings, which belong to the views beneath")
    }

    @Test func aGlobalBindingActsUnderAPresentationThatTrapsFocus() {
        let (controller, _, _) = presentContent(traps: true)
        var ran: [String] = []
        scene.bind(.character("q")) { ran.append("q") }
        scene.bind(.character("h"), global: true) { ran.append("h") }
        scene.handle(.key(.character("q")))
        scene.handle(.key(.character("h")))
        #expect(ran == ["h"])
        scene.dismiss(controller)
        scene.handle(.key(.character("q")))
        #expect(ran == ["h", "q"], "once the trap is leaving, the bindings act again")
    }

    @Test func bindingsActUnderAPresentationThatDoesNotTrapFocus() {
        _ = presentContent(traps: false)
        var bound = 0
        scene.bind(.ctrl("k")) { bound += 1 }
        #expect(scene.handle(.key(.ctrl("k"))))
        #expect(bound == 1)
    }

    @Test func escapeReachesTheControllerWhichDismisses() {
        let (controller, _, _) = presentContent()
        scene.handle(.key(.escape))
        #expect(controller.state == .dismissing)
        #expect(scene.focusedView === field, "focus returns to the view that had it")
        #expect(log.take() == ["inside: Esc", "content: Esc", "controller: Esc"])
    }

    @Test func bindingsComeAfterEveryViewAndBeforeTheDefaults() {
        scene.focus(field)
        var ran: [String] = []
        scene.bind(.character("q")) { ran.append("q") }
        scene.bind(.tab) { ran.append("tab") }
        #expect(scene.handle(.key(.character("q"))))
        #expect(log.take() == ["field: q", "pane: q", "root: q"])
        scene.handle(.key(.tab))
        #expect(ran == ["q", "tab"])
        #expect(scene.focusedView === field, "a bound Tab replaces focus traversal")
        scene.unbind(.tab)
        // The pane holds the field, so it is no stop of its own: Tab needs a second view.
        let other = root.place(Probe("other", focusable: true, log: log), Rect(x: 41, y: 0, width: 20, height: 3))
        scene.renderFrame()
        scene.handle(.key(.tab))
        #expect(scene.focusedView === other, "unbound, Tab moves focus again")
    }

    @Test func pasteTakesTheSamePath() {
        scene.focus(field)
        pane.handlesPaste = true
        #expect(scene.handle(.paste("hello")))
        #expect(log.take() == ["field: paste", "pane: paste"])
    }

    @Test func belowTheMinimumSizeOnlyTheRootAndBindingsSeeKeys() {
        scene.focus(field)
        scene.minimumSize = Size(width: 100, height: 30)
        var quit = false
        scene.bind(.character("q")) { quit = true }
        scene.handle(.key(.character("q")))
        #expect(log.take() == ["root: q"])
        #expect(quit)
        scene.handle(.key(.tab))
        #expect(scene.focusedView === field, "no traversal while the views are not shown")
        #expect(scene.handle(.paste("x")) == false)
        #expect(log.take().contains("field: paste") == false)
    }

    @Test func aModalWhoseContentCannotTakeFocusStillGetsTheKeys() {
        scene.focus(field)
        let content = Probe("modal", log: log)
        let modal = FullScreenPresentationController(presentedView: content)
        scene.present(modal, from: field)
        scene.renderFrame()
        #expect(scene.focusedView == nil && !field.isFocused, "nothing in it could take the focus, and the field lost it")
        scene.handle(.key(.character("x")))
        #expect(log.take() == ["modal: x"], "the views beneath never see it")
        scene.handle(.key(.escape))
        #expect(modal.state == .dismissing, "Esc reached its controller")
        #expect(scene.focusedView === field, "focus went back to the field")
    }
}
