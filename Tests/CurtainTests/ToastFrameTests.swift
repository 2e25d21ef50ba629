import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

@MainActor
@Suite struct ToastFrameTests {
    /// Checks the toast contract on the cells of the screen for a pane at an arbitrary origin.
    func checkContract(columns: Int, size: Size, pane index: Int, lines: [String]) {
        let f = Fixture(columns: columns, size: size, motion: MotionSettings(reduceMotion: true))
        let (controller, view) = f.presentToast(in: index, lines: lines)
        f.settle()
        let pane = f.root.panes[index].frame
        let content = pane.insetBy(dx: 1, dy: 1)
        let expectedWidth = content.width - 4
        var text = view.text
        let wrappedRows = lines.isEmpty ? 1 : text.rowCount(width: expectedWidth - 4)
        let expectedHeight = min(wrappedRows + 2, content.height - 2)
        let box = findBox(in: f.screen, within: content)
        let label = "columns \(columns) size \(size) pane \(index) lines \(lines.count)"
        #expect(box != nil, "no toast box drawn: \(label)")
        guard let box else { return }
        #expect(box.width == expectedWidth, "\(label)")
        #expect(box.minX == content.minX + 2, "\(label)")
        #expect(box.maxY - 1 == content.maxY - 2, "bottom border one row above the content's last row: \(label)")
        #expect(box.height == expectedHeight, "\(label)")
        #expect(pane.contains(box), "\(label)")
        #expect(controller.frameOfPresentedView == box, "stored frame equals drawn box: \(label)")
    }

    @Test func oneEmptyLineIsThreeRowsTall() {
        checkContract(columns: 2, size: Size(width: 80, height: 24), pane: 0, lines: [])
        let f = Fixture(motion: MotionSettings(reduceMotion: true))
        f.presentToast(in: 0)
        f.settle()
        let box = findBox(in: f.screen, within: f.root.panes[0].frame.insetBy(dx: 1, dy: 1))
        #expect(box == Rect(x: 3, y: 18, width: 34, height: 3))
    }

    @Test(arguments: [0, 1, 2])
    func contractHoldsAtSeveralOrigins(pane: Int) {
        for size in [Size(width: 80, height: 24), Size(width: 121, height: 40), Size(width: 66, height: 13)] {
            checkContract(columns: 3, size: size, pane: pane, lines: ["hello"])
            checkContract(columns: 3, size: size, pane: pane, lines: ["a line that is long enough to wrap inside a narrow pane for sure", "x", "日本語のテキスト🎉"])
            checkContract(columns: 3, size: size, pane: pane, lines: (0..<30).map { "line \($0)" })
        }
    }

    @Test func textInsideTheBorderIsWhatWasTyped() {
        let f = Fixture(motion: MotionSettings(reduceMotion: true))
        f.presentToast(in: 1, lines: ["hi there", "日本"])
        f.settle()
        let box = findBox(in: f.screen, within: f.root.panes[1].frame.insetBy(dx: 1, dy: 1))!
        let line1 = (box.minX + 2..<box.maxX - 2).map { f.screen[$0, box.minY + 1].grapheme.text }.joined()
        let line2 = (box.minX + 2..<box.maxX - 2).map { f.screen[$0, box.minY + 2].grapheme.text }.joined()
        #expect(line1.hasPrefix("hi there "))
        #expect(line2.hasPrefix("日本"))
        #expect(box.height == 4)
    }

    @Test func sheetSitsAgainstTheTopEdge() {
        let f = Fixture(motion: MotionSettings(reduceMotion: true))
        let view = TextToastView()
        view.insert(contentsOf: "banner")
        let sheet = SheetPresentationController(presentedView: view)
        f.scene.present(sheet, from: f.root.panes[1])
        f.settle()
        let content = f.root.panes[1].frame.insetBy(dx: 1, dy: 1)
        #expect(sheet.frameOfPresentedView == Rect(x: content.minX + 2, y: content.minY + 1, width: content.width - 4, height: 3))
        #expect(f.screen[content.minX + 2, content.minY + 1].grapheme.text == "┌")
    }

    @Test func noRoomGivesNoToast() {
        let f = Fixture(columns: 2, size: Size(width: 8, height: 4), motion: MotionSettings(reduceMotion: true))
        let (controller, _) = f.presentToast(in: 0)
        f.settle()
        #expect(controller.frameOfPresentedView.isEmpty)
    }
}
