import CurtainLayout
import CurtainScreen
import PropertyBased
import Testing
@testable import Curtain

enum StackStep: CaseIterable, Sendable { case arrive, grow, shrink, leave, leaveOldest, resize, drag, wait }

@MainActor
@Suite struct StackingPropertyTests {
    /// Whatever arrives, grows, shrinks, leaves or is dragged, and however the screen is
    /// resized, at every frame the presentations of a context never overlap and never show a
    /// cell outside it.
    @Test func stacksNeverOverlapNorLeaveTheirContextAtAnyFrame() async {
        await propertyCheck(count: 60, input: Gen.int(in: 12...120), Gen.int(in: 8...50),
                            Gen.oneOf(Gen.always(StackStep.arrive), Gen.always(StackStep.grow), Gen.always(StackStep.shrink), Gen.always(StackStep.leave),
                                      Gen.always(StackStep.leaveOldest), Gen.always(StackStep.resize), Gen.always(StackStep.drag),
                                      Gen.always(StackStep.wait)).array(of: 1...30),
                            Gen.int(in: 0...1_000_000)) { width, height, steps, seed in
            var rng = Xorshift(seed: UInt64(seed) + 1)
            let f = Fixture(columns: 2, size: Size(width: width, height: height))
            f.scene.maximumStackedPresentations = Int(rng.next() % 4) + 1
            var editors: [TextToastView] = []
            for step in steps {
                switch step {
                case .arrive:
                    let pane = Int(rng.next() % 2)
                    if rng.next() % 2 == 0 {
                        editors.append(f.presentToast(in: pane, lines: ["x"]).1)
                    } else {
                        f.scene.notify("note \(rng.next() % 100)", duration: 1, in: f.root.panes[pane])
                    }
                case .grow: editors.filter { $0.scene != nil }.randomElement(using: &rng)?.insert(contentsOf: "\nmore 日本")
                case .shrink: editors.filter { $0.scene != nil }.randomElement(using: &rng)?.deleteBackward()
                case .leave: if let p = f.scene.presentations.randomElement(using: &rng) { f.scene.dismiss(p) }
                case .leaveOldest: if let p = f.scene.presentations.first { f.scene.dismiss(p) }
                case .resize: f.scene.size = Size(width: Int(rng.next() % 110) + 12, height: Int(rng.next() % 44) + 8)
                case .drag:
                    if let p = f.scene.presentations.randomElement(using: &rng), !p.displayedFrame.isEmpty {
                        let start = p.displayedFrame.origin
                        f.scene.handle(.mouse(MouseEvent(.press, at: start)))
                        f.scene.handle(.mouse(MouseEvent(.drag, at: Point(x: start.x, y: start.y + Int(rng.next() % 7) - 3))))
                        f.scene.handle(.mouse(MouseEvent(.release, at: Point(x: start.x, y: start.y + Int(rng.next() % 7) - 3))))
                    }
                case .wait: break
                }
                for _ in 0..<Int(rng.next() % 20) {
                    f.step()
                    check(f)
                }
            }
        }
    }

    private func check(_ f: Fixture) {
        var shown: [(context: ObjectIdentifier, rect: Rect)] = []
        for controller in f.scene.presentations {
            guard let context = controller.contextView else { continue }
            let visible = controller.displayedFrame.intersection(controller.clipRect(in: context))
            guard !visible.isEmpty else { continue }
            #expect(context.frame.contains(visible), "a cell outside the context")
            for other in shown where other.context == ObjectIdentifier(context) {
                #expect(!other.rect.intersects(visible), "two presentations of one context overlap")
            }
            shown.append((ObjectIdentifier(context), visible))
        }
    }
}
