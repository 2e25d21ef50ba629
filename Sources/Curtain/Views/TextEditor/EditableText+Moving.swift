/// Moving the caret. Left and Right go by character (grapheme cluster), the word steps by
/// words, Up and Down by wrapped row (so they need the width), Home and End to the ends of the
/// line the caret is on (the line between line breaks, not the wrapped row: in a wrapped
/// paragraph End goes to the end of the paragraph, as in a shell's line editor).
extension EditableText {
    /// One character left; from the start of a line to the end of the line above.
    public mutating func moveLeft() {
        if let before = position(before: caretPosition) { caret = before }
    }

    /// One character right; from the end of a line to the start of the next.
    public mutating func moveRight() {
        if let after = position(after: caretPosition) { caret = after }
    }

    /// To the start of the line.
    public mutating func moveToLineStart() {
        caret = TextPosition(line: caretPosition.line, offset: 0)
    }

    /// To the end of the line.
    public mutating func moveToLineEnd() {
        caret = TextPosition(line: caretPosition.line, offset: lineLength(caretPosition.line))
    }

    /// To the start of the text.
    public mutating func moveToStart() { caret = TextPosition(line: 0, offset: 0) }

    /// To the end of the text.
    public mutating func moveToEnd() { caret = endPosition }

    /// To the end of the word at or after the caret (line breaks and everything that is not a
    /// letter, a digit or `_` separate words).
    public mutating func moveWordRight() {
        var line = caretPosition.line
        var offset = caretPosition.offset
        var inWord = false
        while true {
            let text = lineText(line)
            var index = text.utf8.index(text.startIndex, offsetBy: offset)
            while index < text.endIndex {
                let isWord = EditableText.isWordCharacter(text[index])
                if inWord && !isWord {
                    caret = TextPosition(line: line, offset: text.utf8.distance(from: text.startIndex, to: index))
                    return
                }
                inWord = inWord || isWord
                index = text.index(after: index)
            }
            if inWord || line == lineCount - 1 {
                caret = TextPosition(line: line, offset: text.utf8.count)
                return
            }
            line += 1
            offset = 0
        }
    }

    /// To the start of the word before the caret.
    public mutating func moveWordLeft() {
        var line = caretPosition.line
        var offset = caretPosition.offset
        var inWord = false
        while true {
            let text = lineText(line)
            var index = text.utf8.index(text.startIndex, offsetBy: offset)
            while index > text.startIndex {
                let before = text.index(before: index)
                let isWord = EditableText.isWordCharacter(text[before])
                if inWord && !isWord {
                    caret = TextPosition(line: line, offset: text.utf8.distance(from: text.startIndex, to: index))
                    return
                }
                inWord = inWord || isWord
                index = before
            }
            if inWord || line == 0 {
                caret = TextPosition(line: line, offset: 0)
                return
            }
            line -= 1
            offset = lineLength(line)
        }
    }

    /// One wrapped row up at `width` columns, to the column nearest the one the caret had
    /// when Up or Down began (a short row in between does not lose it). From the first row,
    /// to the start of the text.
    public mutating func moveUp(width: Int) { moveVertically(by: -1, width: width) }

    /// One wrapped row down; from the last row, to the end of the text.
    public mutating func moveDown(width: Int) { moveVertically(by: 1, width: width) }

    /// `rows` wrapped rows down (up when negative), keeping the goal column: Up, Down, and
    /// PageUp and PageDown in an editor.
    public mutating func moveVertically(by rows: Int, width: Int) {
        guard width > 0, rows != 0 else { return }
        setWidth(width)
        let (row, column) = caretPlacement()
        let goal = goalColumn ?? column
        let target = self.row(row, movedBy: rows)
        if target == row {
            caret = rows < 0 ? TextPosition(line: 0, offset: 0) : endPosition
            return
        }
        caretPosition = position(inRow: target, column: goal)
        goalColumn = goal
    }

    /// Letters, digits and `_` make words.
    static func isWordCharacter(_ character: Character) -> Bool {
        character.isLetter || character.isNumber || character == "_"
    }
}
