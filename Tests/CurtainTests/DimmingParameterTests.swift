import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

/// `dimming:` on the stock controllers: `.none` leaves every cell beneath as it was drawn, a
/// strength dims as much as it says, and the default is unchanged.
@MainActor
@Suite struct DimmingParameterTests {
    /// The fixture's screen with `controller` presented from the left pane and settled.
    func presented(_ controller: PresentationController) -> (Fixture, before: CellBuffer) {
        let f = Fixture(columns: 2, size: Size(width: 60, height: 16))
        let before = f.screen
        f.scene.present(controller, from: f.root.panes[0])
        f.settle()
        return (f, before)
    }

    /// Every cell outside `controller`'s frame, compared with the screen before it came.
    func cellsBeside(_ controller: PresentationController, in f: Fixture, before: CellBuffer) -> [(now: Cell, before: Cell)] {
        var cells: [(Cell, Cell)] = []
        for y in 0..<f.screen.size.height {
            for x in 0..<f.screen.size.width where !controller.displayedFrame.contains(Point(x: x, y: y)) {
                cells.append((f.screen[x, y], before[x, y]))
            }
        }
        return cells
    }

    @Test(arguments: [0, 1, 2, 3])
    func nothingUnderANonDimmingPresentationIsDimmed(kind: Int) {
        let content = Label("Deploying…", border: true)
        let controller: PresentationController = switch kind {
        case 0: ToastPresentationController(presentedView: content, dimming: .none)
        case 1: SheetPresentationController(presentedView: content, dimming: .none)
        case 2: CardPresentationController(presentedView: content, height: .rows(4), dimming: .none)
        default: NotificationController(message: "Deploying…", duration: 60)
        }
        let (f, before) = presented(controller)
        #expect(controller.state == .presented)
        #expect(!controller.displayedFrame.isEmpty)
        let beside = cellsBeside(controller, in: f, before: before)
        #expect(beside.count > 0)
        for (now, old) in beside {
            #expect(!now.style.isDimmed)
            #expect(now == old, "a cell beside it is as it was drawn")
        }
        #expect(controller.displayedDim == 0)
    }

    @Test func theDefaultIsUnchangedAndAStrengthDimsAsMuchAsItSays() {
        let standard = ToastPresentationController(presentedView: Label("Saved", border: true))
        #expect(standard.dimmingStrength == 0.5)
        #expect(SheetPresentationController(presentedView: Label("a")).dimmingStrength == 0.5)
        #expect(CardPresentationController(presentedView: Label("a"), height: .rows(3)).dimmingStrength == 0.5)
        #expect(NotificationController(message: "a").dimmingStrength == 0)
        #expect(NotificationController(message: "a", dimming: .strength(0.3)).dimmingStrength == 0.3)
        #expect(Dimming.strength(7).strength == 1 && Dimming.strength(-1).strength == 0 && Dimming.strength(.nan).strength == 0)

        let (f, before) = presented(standard)
        let light = ToastPresentationController(presentedView: Label("Saved", border: true), dimming: .strength(0.2))
        let (g, _) = presented(light)
        // A cell of the left pane's content, away from the toast: dimmed in both, less by 0.2.
        let point = Point(x: 5, y: 3)
        #expect(f.screen[point.x, point.y].style.isDimmed && g.screen[point.x, point.y].style.isDimmed)
        #expect(brightness(before[point.x, point.y]) > brightness(g.screen[point.x, point.y]))
        #expect(brightness(g.screen[point.x, point.y]) > brightness(f.screen[point.x, point.y]))
    }

    @Test func aPressBesideANonDimmingToastGoesToTheViewsBeneath() {
        let toast = ToastPresentationController(presentedView: Label("Deploying…", border: true), dimming: .none)
        let (f, _) = presented(toast)
        f.scene.handle(.mouse(MouseEvent(.press, at: Point(x: 5, y: 3))))
        f.scene.handle(.mouse(MouseEvent(.release, at: Point(x: 5, y: 3))))
        f.settle()
        #expect(toast.state == .presented, "nothing dimmed to press on: the toast stays")
    }
}
