import CurtainLayout
import CurtainScreen
import Testing
@testable import Curtain

@MainActor
@Suite struct LiveResizeTests {
    func presented() -> (Fixture, ToastPresentationController, TextToastView) {
        let f = Fixture()
        let (c, v) = f.presentToast(in: 0)
        f.settle()
        return (f, c, v)
    }

    @Test(arguments: [1, 5, 40])
    func addingLinesGrowsUpwardWithTheSpringThenCapsAndScrolls(lines: Int) {
        let (f, controller, view) = presented()
        let content = f.root.panes[0].frame.insetBy(dx: 1, dy: 1)
        let bottom = controller.displayedFrame.maxY
        var heights: [Int] = [controller.displayedFrame.height]
        for i in 0..<lines {
            view.insertNewline()
            view.insert(contentsOf: "line \(i + 1)")
        }
        for _ in 0..<120 {
            guard f.step() != nil else { continue }
            #expect(controller.displayedFrame.maxY == bottom, "bottom row fixed")
            heights.append(controller.displayedFrame.height)
        }
        let expected = min(1 + lines + 2, content.height - 2)
        #expect(heights.last == expected)
        #expect(heights.count > 2, "the growth is animated over several frames")
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 <= $1 }, "monotonic growth: \(heights)")
        // The last line stays visible, right above the bottom border.
        let box = findBox(in: f.screen, within: content)!
        let lastRow = (box.minX + 2..<box.maxX - 2).map { f.screen[$0, box.maxY - 2].grapheme.text }.joined()
        #expect(lastRow.hasPrefix("line \(lines)"), "last line visible: \(lastRow)")
    }

    @Test func aCappedToastSaysHowManyRowsAreAbove() throws {
        let (f, controller, view) = presented()
        let content = f.root.panes[0].frame.insetBy(dx: 1, dy: 1)
        for i in 0..<30 { view.insertNewline(); view.insert(contentsOf: "line \(i + 1)") }
        f.settle()
        let box = try #require(findBox(in: f.screen, within: content))
        #expect(box == controller.displayedFrame)
        let visible = box.height - 2
        let topBorder = (box.minX..<box.maxX).map { f.screen[$0, box.minY].grapheme.text }.joined()
        #expect(topBorder.contains(" ↑ \(31 - visible) rows above "), "\(topBorder)")
        // Back under the cap: the count goes away.
        while view.text.lines.count > visible { view.deleteBackward() }
        f.settle()
        let after = try #require(findBox(in: f.screen, within: content))
        let border = (after.minX..<after.maxX).map { f.screen[$0, after.minY].grapheme.text }.joined()
        #expect(!border.contains("above"), "\(border)")
        #expect(view.text.lines.count <= visible)
    }

    @Test func removingLinesShrinksIt() {
        let (f, controller, view) = presented()
        for i in 0..<4 { view.insertNewline(); view.insert(contentsOf: "\(i)") }
        f.settle()
        #expect(controller.displayedFrame.height == 7)
        view.deleteBackward()        // "3" → ""
        view.deleteBackward()        // removes the empty line
        f.settle()
        #expect(controller.displayedFrame.height == 6)
        #expect(view.text.lines == ["", "0", "1", "2"])
    }

    @Test func aSecondChangeMidAnimationCausesNoJump() {
        let (f, controller, view) = presented()
        for _ in 0..<6 { view.insertNewline() }
        var previous = Double(controller.displayedFrame.height)
        var target = 9.0
        var velocity = 0.0
        for frame in 0..<90 {
            if frame == 6 {
                for _ in 0..<3 { view.deleteBackward() }   // retarget mid-flight: 9 → 6 rows
                target = 6
            }
            let before = previous
            let spring = controller._heightAnimation
            velocity = spring?.velocity ?? 0
            f.step()
            let now = Double(controller.displayedFrame.height)
            #expect(abs(now - before) <= abs(velocity) / 60 + 1, "frame \(frame): \(before) → \(now), v \(velocity)")
            previous = now
            _ = target
        }
        #expect(controller.displayedFrame.height == 6)
    }

    @Test func aSecondChangeInTheSameDirectionApproachesMonotonically() {
        let (f, controller, view) = presented()
        for _ in 0..<3 { view.insertNewline() }
        var heights: [Int] = []
        for frame in 0..<90 {
            if frame == 5 { for _ in 0..<4 { view.insertNewline() } }
            f.step()
            heights.append(controller.displayedFrame.height)
        }
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 <= $1 }, "\(heights)")
        #expect(heights.last == 10)
        #expect(heights.allSatisfy { $0 <= 10 }, "no overshoot")
    }

    @Test func narrowerContextRewrapsAndHeightFollows() {
        let (f, controller, view) = presented()
        view.insert(contentsOf: String(repeating: "word ", count: 12))   // 60 columns of text
        f.settle()
        let tall = controller.displayedFrame.height
        f.root.splits = [25]
        f.scene.setNeedsLayout()
        f.settle()
        #expect(controller.frameOfPresentedView.width == 25 - 2 - 4)
        #expect(controller.displayedFrame.height > tall)
        let box = findBox(in: f.screen, within: f.root.panes[0].frame.insetBy(dx: 1, dy: 1))
        #expect(box == controller.frameOfPresentedView)
    }
}
