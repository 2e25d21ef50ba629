import CurtainLayout
import CurtainTesting
import Testing
@testable import Curtain

/// The README says "press on a toast … and drag it", but pressing on an
/// editable toast's text gave every drag to the editor (the caret moved, the toast stayed).
/// Now a drag that goes two rows or more up or down, more up or down than across, moves the
/// toast from anywhere on it; a drag across (or less far) moves the caret.
@MainActor
@Suite struct EditableToastDragTests {
    func editableToast() async -> (StackFixture, ToastPresentationController, TextEditor) {
        let f = StackFixture()
        let editor = TextEditor("drag me by my text\nsecond line\nthird line")
        let toast = ToastPresentationController(presentedView: editor)
        f.scene.present(toast, from: f.pane)
        await f.pilot.settle()
        return (f, toast, editor)
    }

    @Test func aVerticalDragOnTheTextMovesTheToast() async {
        let (f, toast, editor) = await editableToast()
        let rest = toast.displayedFrame
        let press = Point(x: rest.minX + 3, y: rest.minY)
        await f.pilot.mouseDown(at: press)
        let caret = editor.text.caret
        #expect(caret.offset == 3, "the press puts the caret where it is")
        for row in 1...3 {
            f.pilot.clock.advance(by: 0.2)
            await f.pilot.drag(to: Point(x: press.x, y: press.y + row))
        }
        #expect(toast.isBeingDragged)
        #expect(toast.displayedFrame.minY == rest.minY + 3, "the toast follows the pointer: \(toast.displayedFrame)")
        #expect(editor.text.caret == caret, "the caret stays where the press put it")
        f.pilot.clock.advance(by: 0.5)
        await f.pilot.mouseUp(at: Point(x: press.x, y: press.y + 3))
        await f.pilot.settle()
        #expect(!f.scene.presentations.contains { $0 === toast }, "dragged past half way: gone")
    }

    @Test func aShortOrHorizontalDragOnTheTextMovesTheCaret() async {
        let (f, toast, editor) = await editableToast()
        let rest = toast.displayedFrame
        let press = Point(x: rest.minX + 3, y: rest.minY)
        await f.pilot.mouseDown(at: press)
        f.pilot.clock.advance(by: 0.1)
        await f.pilot.drag(to: Point(x: press.x + 4, y: press.y + 1))
        f.pilot.clock.advance(by: 0.1)
        await f.pilot.drag(to: Point(x: press.x + 8, y: press.y + 1))
        #expect(!toast.isBeingDragged)
        #expect(editor.text.caret.offset == 11, "the caret follows across")
        await f.pilot.mouseUp(at: Point(x: press.x + 8, y: press.y + 1))
        await f.pilot.settle()
        #expect(toast.displayedFrame == rest)
        #expect(toast.state == .presented)
    }
}
