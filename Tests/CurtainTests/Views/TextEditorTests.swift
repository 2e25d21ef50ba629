@testable import CurtainLayout
import CurtainScreen
import CurtainTestSupport
import CurtainTesting
import PropertyBased
import Testing
@testable import Curtain

/// Styles that tell the caret's cells from the text's.
enum EditorStyles {
    static let text = Style(foreground: .indexed(252))
    static let caret = Style(foreground: .indexed(16), background: .indexed(231))
}

/// A pane holding a focused editor, driven by the pilot: at the default 20×8 the editor is
/// the 18×6 cells from (1, 1).
@MainActor
func makeEditorApp(_ text: String = "", size: Size = Size(width: 20, height: 8)) -> (Pilot, TextEditor) {
    let pane = PaneView(title: "Edit")
    let editor = TextEditor(text, textStyle: EditorStyles.text, caretStyle: EditorStyles.caret)
    pane.setContentView(editor)
    let app = App(root: pane, clock: ManualClock())
    app.scene.focus(editor)
    return (Pilot(app, size: size), editor)
}

/// The rows of `rect` as text, a wide character once, trailing spaces removed.
@MainActor
func rows(_ pilot: Pilot, in rect: Rect) -> [String] {
    (rect.minY..<rect.maxY).map { y in
        var row = ""
        for x in rect.minX..<rect.maxX { row += pilot.screen[x, y].grapheme.text }
        while row.last == " " { row.removeLast() }
        return row
    }
}

/// The cells of `rect` drawn in the caret's style.
@MainActor
func caretCells(_ pilot: Pilot, in rect: Rect) -> [Point] {
    var cells: [Point] = []
    for y in rect.minY..<rect.maxY {
        for x in rect.minX..<rect.maxX where pilot.screen[x, y].style == EditorStyles.caret {
            cells.append(Point(x: x, y: y))
        }
    }
    return cells
}

@MainActor
@Suite struct TextEditorTests {
    /// Left and Right step over whole clusters (CJK, emoji, a ZWJ family, an accent written as
    /// a combining mark); the caret cell covers the whole wide character it sits on.
    @Test func leftAndRightCrossWideCharactersByCluster() async {
        let (pilot, editor) = makeEditorApp()
        await pilot.type("日本語🎉ab\nxy한국어")
        let frame = editor.frame
        #expect(rows(pilot, in: frame).prefix(2) == ["日本語🎉ab", "xy한국어"])
        // Expected caret cells after each Left, as (column, row) in the editor.
        let expected: [(Int, Int, Int)] = [   // column, row, cells (a wide character: 2)
            (8, 1, 1), (6, 1, 2), (4, 1, 2), (2, 1, 2), (1, 1, 1), (0, 1, 1),
            (10, 0, 1), (9, 0, 1), (8, 0, 1), (6, 0, 2), (4, 0, 2), (2, 0, 2), (0, 0, 2), (0, 0, 2),
        ]
        for (step, (column, row, width)) in expected.enumerated() {
            if step > 0 { await pilot.press(.left) }
            let cells = caretCells(pilot, in: frame)
            let want = (0..<width).map { Point(x: frame.minX + column + $0, y: frame.minY + row) }
            #expect(cells == want, "after \(step) Left: \(cells)")
            let line = editor.text.line(editor.text.caret.line)
            #expect(ReferenceText.boundaries(line).contains(editor.text.caret.offset))
        }
        for _ in 0..<7 { await pilot.press(.right) }
        #expect(editor.text.caret == TextPosition(line: 1, offset: 0), "six clusters and the line end")
        #expect(caretCells(pilot, in: frame) == [Point(x: frame.minX, y: frame.minY + 1)])
    }

    /// Up and Down go by cell column: a goal column inside a wide character lands before it,
    /// and the goal is kept across a short line.
    @Test func upAndDownGoByCellColumnAndNeverIntoAWideCharacter() async {
        let (pilot, editor) = makeEditorApp("a日本x\n日本語\nab\nabcdef")
        let frame = editor.frame
        await pilot.press(.ctrlHome)
        await pilot.press(.right)   // after a: column 1
        await pilot.press(.down)
        #expect(editor.text.caret == TextPosition(line: 1, offset: 0), "column 1 is inside 日: before it")
        #expect(caretCells(pilot, in: frame) == [Point(x: frame.minX, y: frame.minY + 1), Point(x: frame.minX + 1, y: frame.minY + 1)])
        await pilot.press(.up)
        await pilot.press(.end)     // column 6
        await pilot.press(.down)
        #expect(editor.text.caret == TextPosition(line: 1, offset: 9), "the end of 日本語, column 6")
        await pilot.press(.down)
        #expect(editor.text.caret == TextPosition(line: 2, offset: 2), "ab is shorter: its end")
        await pilot.press(.down)
        #expect(editor.text.caret == TextPosition(line: 3, offset: 6), "the goal column came through the short line")
        #expect(caretCells(pilot, in: frame) == [Point(x: frame.minX + 6, y: frame.minY + 3)])
    }

    @Test func wordStepsWithCtrlAndAlt() async {
        let (pilot, editor) = makeEditorApp("one two, three")
        var columns: [Int] = []
        for key in [Key(.left, modifiers: .control), .alt("b"), Key(.left, modifiers: .alt),
                    Key(.right, modifiers: .control), .alt("f"), Key(.right, modifiers: .alt)] {
            await pilot.press(key)
            columns.append(editor.text.caret.offset)
        }
        #expect(columns == [9, 4, 0, 3, 7, 14])
        #expect(caretCells(pilot, in: editor.frame) == [Point(x: editor.frame.minX + 14, y: editor.frame.minY)])
    }

    /// Random typing, deleting and caret moves (keys and clicks) in the middle of wrapped
    /// lines, at random widths: after each, the editor's rows on screen are its lines wrapped
    /// from scratch, and the caret cell is where that layout puts it.
    @Test func editsInTheMiddleReWrapLikeWrappingFromScratch() async {
        let keys: [Key] = [.character("a"), .character("x"), .character(" "), .character(" "), .character("日"),
                           .character("🎉"), .character("。"), .character("-"), .enter, .backspace, .backspace, .delete,
                           .left, .left, .right, .up, .down, .home, .end, Key(.left, modifiers: .control), .alt("f")]
        await propertyCheck(count: 40, input: Gen.int(in: 3...16), Gen.int(in: 0..<keys.count).array(of: 1...50),
                            Gen.int(in: 0...1_000)) { width, presses, seed in
            let (pilot, editor) = makeEditorApp("the quick brown fox jumps over 日本語のテキスト\nand then some",
                                                size: Size(width: width + 2, height: 62))
            let frame = editor.frame
            var generator = SplitMix(seed: UInt64(seed))
            for (number, press) in presses.enumerated() {
                if generator.next() % 8 == 0 {
                    await pilot.click(at: Point(x: frame.minX + Int(generator.next() % UInt64(width)),
                                          y: frame.minY + Int(generator.next() % 6)))
                } else {
                    await pilot.press(keys[press])
                }
                var reference = ReferenceText()
                reference.lines = editor.text.lines
                reference.caret = editor.text.caret
                let expected = reference.rows(width: width)
                let label = "width \(width), press \(number): \(reference.lines), caret \(reference.caret)"
                #expect(rows(pilot, in: frame).prefix(expected.rows.count).elementsEqual(expected.rows), "\(label)")
                let caret = caretCells(pilot, in: frame).first
                #expect(caret == Point(x: frame.minX + expected.caretColumn, y: frame.minY + expected.caretRow), "\(label)")
                let line = reference.lines[reference.caret.line]
                let rowsAbove = reference.lines[..<reference.caret.line].reduce(0) { $0 + max(1, TextWrapper.lineCount($1, width: width)) }
                expectCaretCellShowsWhatFollows(line: line, offset: reference.caret.offset, row: expected.caretRow - rowsAbove,
                                                column: expected.caretColumn, width: width, label)
            }
        }
    }

    /// A case the random edits found: at width 7, "somea" then a space typed, Left, and 日
    /// typed between them — "somea日" ends exactly at the width, and the caret after it drew
    /// a blank caret cell over the right half of 日 (the screen showed "somea"). The caret
    /// goes to a row of its own below instead.
    @Test func aWideCharacterThatFillsTheLastRowStaysOnScreenWithTheCaretAfterIt() async {
        let (pilot, editor) = makeEditorApp("the quick brown fox jumps over 日本語のテキスト\nand then some",
                                            size: Size(width: 9, height: 62))
        let frame = editor.frame
        await pilot.type("a ")
        await pilot.press(.left)
        await pilot.type("日")
        #expect(editor.text.lines[1] == "and then somea日 ")
        #expect(editor.text.caret == TextPosition(line: 1, offset: 17))
        #expect(Array(rows(pilot, in: frame).prefix(13).suffix(4)) == ["and", "then", "somea日", ""])
        #expect(caretCells(pilot, in: frame) == [Point(x: frame.minX, y: frame.minY + 12)])
        // Left puts the caret on 日 (both cells), Right back on the row of its own.
        await pilot.press(.left)
        #expect(caretCells(pilot, in: frame) == [Point(x: frame.minX + 5, y: frame.minY + 11), Point(x: frame.minX + 6, y: frame.minY + 11)])
        #expect(rows(pilot, in: frame)[11] == "somea日")
        await pilot.press(.right)
        #expect(caretCells(pilot, in: frame) == [Point(x: frame.minX, y: frame.minY + 12)])
        await pilot.press(.right)   // after the space, the end of the line: the same row
        #expect(caretCells(pilot, in: frame) == [Point(x: frame.minX, y: frame.minY + 12)])
        #expect(rows(pilot, in: frame)[11] == "somea日")
    }

    @Test func pasteIsOneEditAndItsLineBreaksStartLines() async {
        let (pilot, editor) = makeEditorApp("ab")
        var changes = 0
        editor.onChange = { changes += 1 }
        await pilot.press(.left)
        await pilot.paste("one\ntwo\r\nthree\u{2028}")
        #expect(changes == 1)
        #expect(editor.text.lines == ["aone", "two", "three", "b"])
        #expect(editor.text.caret == TextPosition(line: 3, offset: 0))
        #expect(rows(pilot, in: editor.frame).prefix(4) == ["aone", "two", "three", "b"])
    }

    @Test func controlCharactersShowAsPictures() async {
        let (pilot, editor) = makeEditorApp()
        await pilot.paste("a\tb\u{1B}[31mc\u{7F}")
        #expect(rows(pilot, in: editor.frame)[0] == "a␉b␛[31mc␡")
    }

    @Test func deleteAtALineEndJoinsTheNextLine() async {
        let (pilot, editor) = makeEditorApp("ab\ncd\nef")
        await pilot.press(.ctrlHome)
        await pilot.press(.end, .delete)
        #expect(editor.text.lines == ["abcd", "ef"])
        await pilot.press(.ctrlEnd, .delete)
        #expect(editor.text.lines == ["abcd", "ef"], "nothing after the end")
        await pilot.press(.home, .backspace)
        #expect(editor.text.lines == ["abcdef"])
        #expect(rows(pilot, in: editor.frame).prefix(2) == ["abcdef", ""])
    }

    /// A frame shorter than the text: the editor scrolls by the least that keeps the caret's
    /// row in sight, and never leaves rows empty below while rows are hidden above.
    @Test func scrollingKeepsTheCaretInSight() async {
        let (pilot, editor) = makeEditorApp(size: Size(width: 20, height: 5))   // 3 rows
        let frame = editor.frame
        await pilot.type((0..<10).map { "line \($0)" }.joined(separator: "\n"))
        #expect(rows(pilot, in: frame) == ["line 7", "line 8", "line 9"])
        func caretRow() -> Int? { caretCells(pilot, in: frame).first.map { $0.y - frame.minY } }
        #expect(caretRow() == 2)
        for _ in 0..<5 { await pilot.press(.up) }
        #expect(rows(pilot, in: frame) == ["line 4", "line 5", "line 6"])
        #expect(caretRow() == 0)
        for _ in 0..<4 { await pilot.press(.down) }
        #expect(rows(pilot, in: frame) == ["line 6", "line 7", "line 8"])
        #expect(caretRow() == 2)
        await pilot.press(.ctrlHome)
        #expect(rows(pilot, in: frame) == ["line 0", "line 1", "line 2"])
        await pilot.press(.pageDown)
        #expect(editor.text.caret.line == 2)
        await pilot.press(.pageDown)
        #expect(rows(pilot, in: frame) == ["line 2", "line 3", "line 4"])
        // Deleting lines at the end pulls hidden rows back down instead of leaving blanks.
        await pilot.press(.ctrlEnd)
        for _ in 0..<21 { await pilot.press(.backspace) }   // line 9, line 8, line 7 and its line break
        #expect(editor.text.lineCount == 7)
        #expect(rows(pilot, in: frame) == ["line 4", "line 5", "line 6"])
        // One long wrapped line scrolls by rows.
        let (wrapped, long) = makeEditorApp(Array(repeating: "word", count: 30).joined(separator: " "), size: Size(width: 12, height: 4))
        #expect(rows(wrapped, in: long.frame) == ["word word", "word word"])
        #expect(long.rowsAbove == 13)
        await wrapped.press(.up)
        await wrapped.press(.up)
        #expect(long.rowsAbove == 12)
    }

    @Test func theCaretShowsOnlyWhileFocused() async {
        let pane = PaneView(title: "Edit")
        let editor = TextEditor("hello", textStyle: EditorStyles.text, caretStyle: EditorStyles.caret)
        pane.setContentView(editor)
        let app = App(root: pane, clock: ManualClock())
        app.scene.focusesFirstViewAtStart = false
        let pilot = Pilot(app, size: Size(width: 20, height: 5))
        #expect(caretCells(pilot, in: editor.frame).isEmpty)
        await pilot.click(at: Point(x: 3, y: 1))
        #expect(app.scene.focusedView === editor, "a press focuses it")
        #expect(caretCells(pilot, in: editor.frame) == [Point(x: 3, y: 1)], "and puts the caret under the pointer")
        #expect(editor.text.caret.offset == 2)
    }

    /// A press puts the caret at the character under the pointer: before a wide character
    /// pressed on either half, at the row's end past it, on the row pressed.
    @Test func aPressMovesTheCaret() async {
        let (pilot, editor) = makeEditorApp("ab日本\nthe quick brown fox jumps")   // 18 wide: 2 rows for line 1
        let frame = editor.frame
        await pilot.click(at: Point(x: frame.minX + 3, y: frame.minY))
        #expect(editor.text.caret == TextPosition(line: 0, offset: 2), "the right half of 日: before it")
        await pilot.click(at: Point(x: frame.minX + 15, y: frame.minY))
        #expect(editor.text.caret == TextPosition(line: 0, offset: 8), "past the end of the row")
        await pilot.click(at: Point(x: frame.minX + 2, y: frame.minY + 2))
        #expect(editor.text.caret == TextPosition(line: 1, offset: 18), "row 2 of line 1 starts at fox")
        await pilot.click(at: Point(x: frame.minX + 10, y: frame.minY + 5))
        #expect(editor.text.caret == editor.text.endPosition, "below the text: its last row")
    }

    @Test func enterCallsOnSubmitWhenSetAndAltEnterOrCtrlJStillBreakLines() async {
        let (pilot, editor) = makeEditorApp("hi")
        var submitted: [String] = []
        editor.onSubmit = { submitted.append(editor.text.string) }
        await pilot.press(.enter)
        #expect(submitted == ["hi"])
        #expect(editor.text.lines == ["hi"])
        await pilot.press(Key(.enter, modifiers: .alt))
        await pilot.type("there")
        await pilot.press(.ctrl("j"))
        #expect(editor.text.lines == ["hi", "there", ""])
        editor.onSubmit = nil
        await pilot.press(.enter)
        #expect(editor.text.lineCount == 4)
    }

    /// Keys the editor does not use go on along the responder chain: Tab to focus
    /// traversal, Esc to the toast's controller (which dismisses), Ctrl-C to the app.
    @Test func keysItDoesNotUseTravelOn() async {
        let pane = PaneView(title: "Notes")
        let other = PaneView(title: "Other")
        let root = Probe("root", log: EventLog())
        root.place(pane, Rect(x: 0, y: 0, width: 30, height: 10))
        root.place(other, Rect(x: 30, y: 0, width: 10, height: 10))
        let app = App(root: root, clock: ManualClock())
        app.scene.focus(pane)
        let pilot = Pilot(app, size: Size(width: 40, height: 10))
        let editor = TextEditor()
        let toast = ToastPresentationController(presentedView: editor)
        app.scene.present(toast, from: pane)
        await pilot.settle()
        #expect(app.scene.focusedView === editor)
        await pilot.type("x")
        await pilot.press(.tab)
        #expect(app.scene.focusedView === other, "Tab from the toast goes on from the pane it came from")
        app.scene.focus(editor)
        await pilot.press(.escape)
        await pilot.settle()
        #expect(app.scene.presentations.isEmpty, "Esc reached the controller, which dismissed the toast")
        #expect(app.scene.focusedView === pane)
        await pilot.press(.ctrl("c"))
        #expect(pilot.hasQuit)
    }

    /// As toast content the editor's fitting height is its rows: with `onChange` calling
    /// `updatePresentationLayout`, the toast grows as lines are added and shrinks as they go,
    /// then caps at the room its pane leaves and scrolls.
    @Test func inAToastItGrowsAndShrinksThePresentation() async {
        let pane = PaneView(title: "Notes")
        let app = App(root: pane, clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 30, height: 12))   // room for 12 - 2 - 2 = 8 rows
        let editor = TextEditor(textStyle: EditorStyles.text, caretStyle: EditorStyles.caret)
        let toast = ToastPresentationController(presentedView: editor)
        editor.onChange = { [unowned toast] in toast.updatePresentationLayout(animated: true) }
        app.scene.present(toast, from: pane)
        await pilot.settle()
        #expect(toast.displayedFrame.height == 1)
        var heights: [Int] = []
        for line in 1...10 {
            await pilot.type("\nline \(line)")
            await pilot.settle()
            heights.append(toast.displayedFrame.height)
        }
        #expect(heights == [2, 3, 4, 5, 6, 7, 8, 8, 8, 8])
        #expect(rows(pilot, in: toast.displayedFrame).last == "line 10", "capped: the caret's row stays in sight")
        #expect(toast.displayedFrame.maxY == 10, "the bottom stays put")
        for _ in 0..<(7 * 6 + 1) { await pilot.press(.backspace) }   // "line 10" … "line 5"
        await pilot.settle()
        #expect(editor.text.lineCount == 5)
        #expect(toast.displayedFrame.height == 5)
        #expect(rows(pilot, in: toast.displayedFrame) == ["", "line 1", "line 2", "line 3", "line 4"])
    }

    /// Text larger than a layout pass measures: the toast says "many rows above" until the
    /// text above the rows shown is measured at the new width, a bounded amount each frame,
    /// then gives the exact count — after a paste and after a width change.
    @Test func aLargeTextIsCountedOverSeveralFrames() async {
        let pane = PaneView(title: "Notes")
        let app = App(root: pane, clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 40, height: 12))
        let toast = TextToastView()
        toast.editor.measuringBudget = 8 * 1024
        let controller = ToastPresentationController(presentedView: toast)
        toast.onChange = { [unowned controller] in controller.updatePresentationLayout(animated: true) }
        app.scene.present(controller, from: pane)
        await pilot.settle()
        // 3 000 lines, about 90 KB: more than an edit measures at once.
        await pilot.paste((0..<3_000).map { "line \($0) of the pasted text" }.joined(separator: "\n"))
        #expect(pilot.text.contains("↑ many rows above"), "\(pilot.text)")
        await pilot.settle()
        // 32 columns: a row a line; 6 rows shown (the pane leaves 8 rows, the border takes 2).
        #expect(pilot.text.contains("↑ 2994 rows above"), "\(pilot.text)")
        #expect(toast.editor.text._blocks.unmeasured == 0)
        await pilot.resize(to: Size(width: 30, height: 12))
        #expect(pilot.text.contains("↑ many rows above"), "\(pilot.text)")
        await pilot.settle()
        // 22 columns: two rows a line.
        #expect(pilot.text.contains("↑ 5994 rows above"), "\(pilot.text)")
        #expect(rows(pilot, in: toast.editor.frame).suffix(2) == ["line 2999 of the", "pasted text"])
    }
}

extension Key {
    static let ctrlHome = Key(.home, modifiers: .control)
    static let ctrlEnd = Key(.end, modifiers: .control)
}
