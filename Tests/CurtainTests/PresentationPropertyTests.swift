import CurtainLayout
import CurtainScreen
import PropertyBased
import Testing
@testable import Curtain

enum SessionStep: CaseIterable, Sendable { case present, presentScreen, modal, type, newline, delete, resize, split, dismiss, dismissAll, wait }

@MainActor
@Suite struct PresentationPropertyTests {
    @Test func randomSessionsStayInsideTheirContextsAndEndUndimmed() async {
        await propertyCheck(count: 40, input: Gen.int(in: 1...200), Gen.int(in: 1...60),
                            Gen.oneOf(Gen.always(SessionStep.present), Gen.always(SessionStep.type), Gen.always(SessionStep.newline),
                                      Gen.always(SessionStep.delete), Gen.always(SessionStep.resize), Gen.always(SessionStep.split),
                                      Gen.always(SessionStep.dismiss), Gen.always(SessionStep.wait), Gen.always(SessionStep.presentScreen),
                                      Gen.always(SessionStep.modal), Gen.always(SessionStep.dismissAll)).array(of: 1...40),
                            Gen.int(in: 0...1_000_000)) { width, height, events, seed in
            var rng = Xorshift(seed: UInt64(seed) + 1)
            let f = Fixture(columns: 2, size: Size(width: width, height: height))
            var toasts: [(ToastPresentationController, TextToastView)] = []
            for event in events {
                switch event {
                case .present: toasts.append(f.presentToast(in: Int(rng.next() % 2)))
                case .presentScreen:
                    let v = TextToastView(); let c = ToastPresentationController(presentedView: v)
                    f.scene.present(c, from: f.root); toasts.append((c, v))
                case .modal:
                    let v = TextToastView(); let c = FullScreenPresentationController(presentedView: v)
                    f.scene.present(c, from: f.root)
                case .type: toasts.last?.1.insert(contentsOf: "日本 text 🎉")
                case .newline: toasts.last?.1.insertNewline()
                case .delete: toasts.last?.1.deleteBackward()
                case .resize: f.scene.size = Size(width: Int(rng.next() % 200) + 1, height: Int(rng.next() % 60) + 1)
                case .split: f.root.splits = [Int(rng.next() % UInt64(max(1, f.scene.size.width)))]; f.scene.setNeedsLayout()
                case .dismiss: if let p = f.scene.presentations.last { f.scene.dismiss(p) }
                case .dismissAll: for p in f.scene.presentations { f.scene.dismiss(p) }
                case .wait: break
                }
                for _ in 0..<Int(rng.next() % 12) {
                    f.step()
                    for p in f.scene.presentations {
                        guard let context = p.contextView else { continue }
                        let drawn = p.displayedFrame.intersection(p.clipRect(in: context))
                        #expect(context.frame.contains(drawn), "presentation drawn outside its context")
                    }
                }
            }
            for p in f.scene.presentations { f.scene.dismiss(p) }
            f.settle()
            #expect(f.scene.presentations.isEmpty)
            let clean = Fixture(columns: 2, size: f.scene.size)
            clean.root.splits = f.root.splits
            if let focused = f.scene.focusedView, let index = f.root.panes.firstIndex(where: { $0 === focused }) {
                clean.scene.focus(clean.root.panes[index])
            }
            clean.scene.setNeedsLayout()
            clean.step()
            let same = f.screen == clean.screen
            #expect(same, "no dim or toast left once all are dismissed (\(width)×\(height))")
        }
    }
}

struct Xorshift: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state ^= state << 13; state ^= state >> 7; state ^= state << 17
        return state
    }
}
