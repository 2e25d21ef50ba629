/// Deleting more than a character at a time: the keys of a shell's line editor (readline,
/// zle, Emacs), which terminal users type without thinking — Ctrl-W, Ctrl-U, Ctrl-K.
extension EditableText {
    /// Deletes the word before the caret and the separators between it and the caret, as far
    /// as ``moveWordLeft()`` steps: at the start of a line that is the line break and the
    /// word that ends the line above.
    public mutating func deleteWordBackward() {
        let end = caretPosition
        moveWordLeft()
        let start = caretPosition
        if start < end { replace(start..<end, with: "") }
    }

    /// Deletes from the start of the line to the caret; nothing at the start of a line.
    public mutating func deleteToLineStart() {
        let end = caretPosition
        guard end.offset > 0 else { return }
        replace(TextPosition(line: end.line, offset: 0)..<end, with: "")
    }

    /// Deletes from the caret to the end of the line; at the end of a line, joins the next
    /// line to it (as Emacs's Ctrl-K does, so that pressing it again goes on).
    public mutating func deleteToLineEnd() {
        let start = caretPosition
        let end = TextPosition(line: start.line, offset: lineLength(start.line))
        if start < end { replace(start..<end, with: "") } else { deleteForward() }
    }
}
