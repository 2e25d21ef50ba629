import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// A shell's line-editing keys in a text editor (Ctrl-A/E/B/F, Ctrl-W, Alt-Backspace, Ctrl-U,
/// Ctrl-K), read from the cells the editor draws: before, each was ignored and went on along
/// the responder chain.
@MainActor
@Suite struct TextEditorShellKeysTests {
    @Test func controlWAndAltBackspaceDeleteTheWordBefore() async {
        let (pilot, editor) = makeEditorApp()
        await pilot.type("one two three")
        await pilot.press(Key(.character("w"), modifiers: .control))
        #expect(rows(pilot, in: editor.frame).first == "one two")
        #expect(editor.text.string == "one two ")
        await pilot.press(Key(.backspace, modifiers: .alt))
        #expect(editor.text.string == "one ")
        #expect(rows(pilot, in: editor.frame).first == "one")
    }

    @Test func controlUAndControlKDeleteToTheEndsOfTheLine() async {
        let (pilot, editor) = makeEditorApp()
        await pilot.type("first line\nsecond line")
        for _ in 0..<4 { await pilot.press(Key(.character("b"), modifiers: .control)) } // before "line"
        await pilot.press(Key(.character("u"), modifiers: .control))
        #expect(editor.text.string == "first line\nline")
        await pilot.press(Key(.character("e"), modifiers: .control))
        await pilot.type("s")
        await pilot.press(Key(.character("a"), modifiers: .control))
        await pilot.press(Key(.character("f"), modifiers: .control))
        await pilot.press(Key(.character("k"), modifiers: .control))
        #expect(editor.text.string == "first line\nl")
        #expect(rows(pilot, in: editor.frame).prefix(2) == ["first line", "l"])
        // Ctrl-K at the end of a line joins the next one to it.
        await pilot.press(.up)
        await pilot.press(Key(.character("e"), modifiers: .control))
        await pilot.press(Key(.character("k"), modifiers: .control))
        #expect(editor.text.string == "first linel")
        // Ctrl-U at the start of a line deletes nothing.
        await pilot.press(Key(.character("a"), modifiers: .control))
        await pilot.press(Key(.character("u"), modifiers: .control))
        #expect(editor.text.string == "first linel")
    }

    @Test func theEditingModelDeletesByWordAndToTheLinesEnds() {
        var text = EditableText("alpha, beta\ngamma")
        text.deleteWordBackward()
        #expect(text.string == "alpha, beta\n")
        text.deleteWordBackward() // over the line break and the word before it
        #expect(text.string == "alpha, ")
        text.deleteWordBackward() // the separators, then the word
        #expect(text.string == "")
        text.deleteWordBackward()
        #expect(text.string == "")
        text = EditableText("日本語 🎉ab")
        text.moveLeft()
        text.deleteToLineStart()
        #expect(text.string == "b")
        text.deleteToLineEnd()
        #expect(text.string == "")
    }
}
