import Foundation
import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// Issue 37, item 5: a toast sized to its content both ways, with a maximum width; read from
/// the cells drawn.
@MainActor
@Suite struct ToastWidthTests {
    /// A 40 × 12 pane (content area x 1…38, y 1…10) showing `label` in a fitting toast.
    func show(_ label: Label, maximum: Int?) async -> (Pilot, Rect) {
        let pane = PaneView(title: "Log")
        let app = App(root: pane, clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 40, height: 12))
        app.scene.present(ToastPresentationController(presentedView: label, width: .fitting(maximum: maximum)), from: pane)
        await pilot.settle()
        let box = findBox(in: pilot.screen, within: Rect(x: 1, y: 1, width: 38, height: 10))
        return (pilot, box ?? .zero)
    }

    @Test func aShortMessageIsAsWideAsItsTextCentred() async {
        let (pilot, box) = await show(Label("Saved", border: true), maximum: 30)
        #expect(box.width == 9, "'Saved', a column of padding each side, the border")
        let left = box.minX - 3, right = 37 - box.maxX   // room: x 3…36, inside the insets
        #expect(abs(left - right) <= 1, "centred: \(left) columns left, \(right) right")
        #expect(pilot.lines[box.minY + 1].contains("│ Saved │"))
        #expect(box.height == 3)
        #expect(box.maxY == 10, "against the bottom, one row above the content area's last")
        await pilot.quit()
    }

    @Test func aLongMessageStopsAtTheMaximumAndWraps() async {
        let text = "The deploy of web to production finished in 42 seconds"
        let (pilot, box) = await show(Label(text, border: true), maximum: 24)
        #expect(box.width == 24)
        #expect(box.height > 3, "wrapped to more than one row")
        let rows = (box.minY + 1..<box.maxY - 1).map { y in
            (box.minX + 2..<box.maxX - 2).map { pilot.cell(x: $0, y: y).grapheme.text }.joined()
                .trimmingCharacters(in: .whitespaces)
        }
        #expect(rows.joined(separator: " ") == text)
        await pilot.quit()
    }

    @Test func noMaximumStopsAtTheContext() async {
        let (pilot, box) = await show(Label(String(repeating: "wide ", count: 20), border: true), maximum: nil)
        #expect(box.minX == 3 && box.width == 34, "the context's content area less two columns each side")
        await pilot.quit()
    }

    @Test func theDefaultStillSpansTheContext() async {
        let pane = PaneView(title: "Log")
        let app = App(root: pane, clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 40, height: 12))
        app.scene.present(ToastPresentationController(presentedView: Label("Saved", border: true)), from: pane)
        await pilot.settle()
        let box = findBox(in: pilot.screen, within: Rect(x: 1, y: 1, width: 38, height: 10))
        #expect(box?.width == 34)
        await pilot.quit()
    }
}
