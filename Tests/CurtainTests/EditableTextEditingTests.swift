@testable import CurtainLayout
import CurtainTestSupport
import PropertyBased
import Testing
@testable import Curtain

/// The same edits on plain lines of text: the oracle the block storage, the kept line layouts
/// and the caret snapping must agree with.
struct ReferenceText {
    var lines: [String] = [""]
    var caret = TextPosition(line: 0, offset: 0)

    /// The offsets in `line` where a cluster starts, and its end.
    static func boundaries(_ line: String) -> [Int] {
        var offsets = [0]
        var offset = 0
        for character in line {
            offset += character.utf8.count
            offsets.append(offset)
        }
        return offsets
    }

    func index(_ line: String, _ offset: Int) -> String.Index { line.utf8.index(line.startIndex, offsetBy: offset) }

    mutating func insert(_ text: String) {
        let pieces = String(TextStorage.normalizingBreaks(text)).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let line = lines[caret.line]
        let head = String(line[..<index(line, caret.offset)])
        let tail = String(line[index(line, caret.offset)...])
        var inserted = pieces
        inserted[0] = head + inserted[0]
        let caretLine = caret.line + pieces.count - 1
        let caretOffset = inserted[inserted.count - 1].utf8.count
        inserted[inserted.count - 1] += tail
        lines.replaceSubrange(caret.line...caret.line, with: inserted)
        // The caret goes after the insertion, or after the cluster it ended inside.
        let next = ReferenceText.boundaries(lines[caretLine]).first { $0 >= caretOffset }!
        caret = TextPosition(line: caretLine, offset: next)
    }

    mutating func deleteBackward() {
        if caret.offset > 0 {
            let line = lines[caret.line]
            let before = ReferenceText.boundaries(line).last { $0 < caret.offset }!
            lines[caret.line] = String(line[..<index(line, before)]) + String(line[index(line, caret.offset)...])
            caret.offset = ReferenceText.boundaries(lines[caret.line]).first { $0 >= before }!
        } else if caret.line > 0 {
            let above = lines[caret.line - 1]
            lines[caret.line - 1] = above + lines[caret.line]
            lines.remove(at: caret.line)
            caret = TextPosition(line: caret.line - 1, offset: ReferenceText.boundaries(lines[caret.line - 1]).first { $0 >= above.utf8.count }!)
        }
    }

    mutating func deleteForward() {
        let line = lines[caret.line]
        if caret.offset < line.utf8.count {
            let after = ReferenceText.boundaries(line).first { $0 > caret.offset }!
            lines[caret.line] = String(line[..<index(line, caret.offset)]) + String(line[index(line, after)...])
            caret.offset = ReferenceText.boundaries(lines[caret.line]).first { $0 >= caret.offset }!
        } else if caret.line < lines.count - 1 {
            lines[caret.line] = line + lines[caret.line + 1]
            lines.remove(at: caret.line + 1)
            caret.offset = ReferenceText.boundaries(lines[caret.line]).first { $0 >= caret.offset }!
        }
    }

    /// Every row at `width`: each line wrapped on its own (an empty line is one empty row), and
    /// a row of the caret's own below its line when it sits on the last row after text or
    /// spaces that fill it (at the line's end or before more spaces).
    func rows(width: Int) -> (rows: [String], caretRow: Int, caretColumn: Int) {
        var rows: [String] = []
        var caretRow = 0
        var caretColumn = 0
        for (number, line) in lines.enumerated() {
            let wrapped = TextWrapper.wrap(line, width: width)
            let first = rows.count
            rows += wrapped.isEmpty ? [""] : wrapped
            guard number == caret.line else { continue }
            // The caret's row: the last row starting at or before it.
            var starts: [Int] = []
            TextWrapper.forEachRow(of: line[...], width: width) { start, _ in
                starts.append(start)
                return true
            }
            if starts.isEmpty { starts = [0] }
            let row = starts.lastIndex { $0 <= caret.offset }!
            let prefix = line[index(line, starts[row])..<index(line, caret.offset)]
            let column = prefix.reduce(0) { $0 + min(DisplayCluster($1).width, width) }
            if column < width {
                caretRow = first + row
                caretColumn = column
            } else if row < starts.count - 1 {
                caretRow = first + row + 1   // no cell on its row: the start of the next
                caretColumn = 0
            } else {
                // No cell on the last row (after the characters that fill it, or among the
                // spaces after them, at the line's end or not): the caret's own row.
                rows.append("")
                caretRow = rows.count - 1
                caretColumn = 0
            }
        }
        return (rows, caretRow, caretColumn)
    }
}

/// Pieces typed or pasted: spaces, wide characters, emoji, marks that join the character
/// before them, regional indicators that pair up, punctuation that must not start or end a
/// row, controls, and every kind of line break.
let editPieces: [String] = [
    "a", "b", "word", "longerword", " ", " ", "  ", "-", "日", "本", "。", "（", "🎉", "👍🏽", "👨‍👩‍👧",
    "e\u{301}", "\u{301}", "\u{A0}", "\u{1F1EB}", "\u{1F1F7}", "\t", "\u{1B}", "\n", "\r\n", "\u{2028}", "가",
    "x\u{308}", "\u{903}",
]

enum EditStep: Sendable {
    case insert(Int), paste([Int]), backspace, delete, left, right, wordLeft, wordRight, home, end, up, down, caret(Int, Int), width(Int)

    /// Does the step to `text`, and its edits to `reference` (whose caret the caller sets to
    /// the text's after moves); a width step changes `width`.
    func apply(to text: inout EditableText, reference: inout ReferenceText, width: inout Int) {
        switch self {
        case .insert(let piece):
            text.insert(contentsOf: editPieces[piece])
            reference.insert(editPieces[piece])
        case .paste(let pieces):
            let pasted = pieces.map { editPieces[$0] }.joined()
            text.insert(contentsOf: pasted)
            reference.insert(pasted)
        case .backspace:
            text.deleteBackward()
            reference.deleteBackward()
        case .delete:
            text.deleteForward()
            reference.deleteForward()
        case .left: text.moveLeft()
        case .right: text.moveRight()
        case .wordLeft: text.moveWordLeft()
        case .wordRight: text.moveWordRight()
        case .home: text.moveToLineStart()
        case .end: text.moveToLineEnd()
        case .up: text.moveUp(width: width)
        case .down: text.moveDown(width: width)
        case .caret(let line, let offset):
            text.caret = TextPosition(line: line, offset: offset)
        case .width(let newWidth): width = newWidth
        }
    }
}

/// Checks what the caret cell shows, whatever the rules for placing the caret: never half of
/// a wide character, and when it falls on a character of its row, the first character drawn
/// after the caret (past characters of no width and the spaces the wrapper drops at a row's
/// end) — not one before it, as a caret put in the last column of a row that ends exactly at
/// the width would. `row` is the caret's row counted from the first of `line` (the caret's
/// line); `offset` is the caret's.
func expectCaretCellShowsWhatFollows(line: String, offset: Int, row: Int, column: Int, width: Int, _ label: String,
                                     sourceLocation: SourceLocation = #_sourceLocation) {
    // The rows' contents in the line (between them: spaces the wrapper drops).
    var contents: [Range<Int>] = []
    TextWrapper.forEachRow(of: line[...], width: width) { start, end in
        contents.append(start..<end)
        return true
    }
    if contents.isEmpty { contents = [0..<0] }
    guard row < contents.count else {
        #expect(row == contents.count && column == 0, "the caret's own row: \(label)", sourceLocation: sourceLocation)
        return
    }
    // Each cluster drawn: its offset, first column, row and display text (a cluster wider than
    // the row is drawn as "…"); the line's own clusters, not its display text's, which can join
    // differently (a control picture takes the spacing mark after a control character).
    var drawn: [(offset: Int, column: Int, row: Int, text: String, cells: Int)] = []
    var offset0 = 0
    for character in line {
        defer { offset0 += character.utf8.count }
        guard let inRow = contents.firstIndex(where: { $0.contains(offset0) }) else { continue }
        let cluster = DisplayCluster(character)
        let cells = min(cluster.width, width)
        guard cells > 0 else { continue }
        let x = drawn.last.map { $0.row == inRow ? $0.column + $0.cells : 0 } ?? 0
        drawn.append((offset0, x, inRow, cluster.width > width ? "\u{2026}" : cluster.text, cells))
    }
    let rowCells = drawn.filter { $0.row == row }
    guard column < rowCells.reduce(0, { $0 + $1.cells }) else { return }   // after the row's content
    let under = rowCells.first { $0.column == column }
    #expect(under != nil, "the caret cell is inside a wide character: \(label)", sourceLocation: sourceLocation)
    let next = drawn.first { $0.offset >= offset }
    #expect(under?.offset == next?.offset,
            "the caret cell shows \(under?.text ?? "nil"), the next character drawn is \(next?.text ?? "nil"): \(label)",
            sourceLocation: sourceLocation)
}

let editSteps = Gen.oneOf(
    Gen.int(in: 0..<editPieces.count).map { EditStep.insert($0) },
    Gen.int(in: 0..<editPieces.count).map { EditStep.insert($0) },
    Gen.int(in: 0..<editPieces.count).array(of: 0...12).map { EditStep.paste($0) },
    Gen.always(EditStep.backspace), Gen.always(EditStep.delete),
    Gen.always(EditStep.left), Gen.always(EditStep.right), Gen.always(EditStep.wordLeft), Gen.always(EditStep.wordRight),
    Gen.always(EditStep.home), Gen.always(EditStep.end), Gen.always(EditStep.up), Gen.always(EditStep.down),
    zip(Gen.int(in: 0...40), Gen.int(in: 0...80)).map { EditStep.caret($0, $1) },
    Gen.int(in: 1...12).map { EditStep.width($0) })

@Suite struct EditableTextEditingTests {
    /// Random edits anywhere, random caret moves and width changes: after every step the text
    /// equals the reference's, the caret is where the reference puts it (on a cluster
    /// boundary), and the rows — measured incrementally, kept layouts updated in place —
    /// equal every line wrapped from scratch.
    @Test func editsAnywhereAgreeWithWrappingFromScratch() async {
        await propertyCheck(count: 100, input: editSteps.array(of: 1...60), Gen.int(in: 1...12)) { steps, startWidth in
            var text = EditableText()
            var reference = ReferenceText()
            var width = startWidth
            _ = text.rowCount(width: width)
            for (number, step) in steps.enumerated() {
                step.apply(to: &text, reference: &reference, width: &width)
                // Moves are checked for landing on a boundary; the reference follows the caret.
                reference.caret = text.caret
                let label = "step \(number) \(step), width \(width), lines \(reference.lines), caret \(text.caret)"
                #expect(text.lines == reference.lines, "\(label)")
                #expect(text.lineCount == reference.lines.count, "\(label)")
                #expect(text.utf8Count == reference.lines.joined(separator: "\n").utf8.count, "\(label)")
                let line = reference.lines[min(text.caret.line, reference.lines.count - 1)]
                #expect(ReferenceText.boundaries(line).contains(text.caret.offset), "caret inside a cluster: \(label)")
                let expected = reference.rows(width: width)
                #expect(text._rows(width: width) == expected.rows, "\(label)")
                #expect(text.rowCount(width: width) == expected.rows.count, "\(label)")
                let caret = text._caret(width: width)
                #expect(caret.row == expected.caretRow && caret.column == expected.caretColumn, "\(label)")
                let rowsAbove = reference.lines[..<text.caret.line].reduce(0) { $0 + max(1, TextWrapper.lineCount($1, width: width)) }
                expectCaretCellShowsWhatFollows(line: line, offset: text.caret.offset, row: caret.row - rowsAbove,
                                                column: caret.column, width: width, label)
            }
        }
    }

    /// The same random edits, checked against a fresh ``EditableText`` of the same string with
    /// the caret in the same place (the caret's own row depends on where it is): after every
    /// step the rows, their count (block sums and the caret's own row) and the caret agree,
    /// and every layout the edited text keeps — updated in place by the edits — is the line
    /// laid out from scratch.
    @Test func incrementalMeasuringAgreesWithAFreshText() async {
        await propertyCheck(count: 300, input: editSteps.array(of: 1...80), Gen.int(in: 1...12)) { steps, startWidth in
            var text = EditableText()
            var reference = ReferenceText()
            var width = startWidth
            _ = text.rowCount(width: width)
            for (number, step) in steps.enumerated() {
                step.apply(to: &text, reference: &reference, width: &width)
                let label = "step \(number) \(step), width \(width), lines \(text.lines), caret \(text.caret)"
                for (line, kept) in text.layout.lines {
                    #expect(kept == LineLayout(text.lineText(line), width: text.measuredWidth), "line \(line): \(label)")
                }
                var fresh = EditableText(text.string)
                fresh.caret = text.caret
                #expect(fresh.caret == text.caret, "\(label)")
                #expect(text.rowCount(width: width) == fresh.rowCount(width: width), "\(label)")
                #expect(text._rows(width: width) == fresh._rows(width: width), "\(label)")
                let caret = text._caret(width: width)
                let freshCaret = fresh._caret(width: width)
                #expect(caret.row == freshCaret.row && caret.column == freshCaret.column, "\(label)")
            }
        }
    }

    /// One line's layout updated after a random edit anywhere in it equals the line laid out
    /// from scratch: the re-wrap from two rows before the edit, until a row starts where an
    /// old one did, at every width from 1.
    @Test func aLineLayoutUpdatedAfterAnEditEqualsAFreshOne() async {
        let piece = Gen.int(in: 0..<editPieces.count).map { editPieces[$0] }.array(of: 0...14).map {
            $0.joined().filter { !TextWrapper.isHardBreak($0) }
        }
        await propertyCheck(count: 2_000, input: piece, piece, Gen.int(in: 0...1_000), Gen.int(in: 0...1_000),
                            Gen.int(in: 1...12)) { before, inserted, from, length, width in
            let boundaries = ReferenceText.boundaries(before)
            let start = boundaries[from % boundaries.count]
            let ends = boundaries.filter { $0 >= start }
            let oldEnd = ends[length % ends.count]
            let utf8 = Array(before.utf8)
            let after = String(decoding: utf8[..<start] + Array(inserted.utf8) + utf8[oldEnd...], as: UTF8.self)
            var layout = LineLayout(before[...], width: width)
            layout.update(after[...], editedFrom: start, oldEnd: oldEnd, newEnd: start + inserted.utf8.count)
            #expect(layout == LineLayout(after[...], width: width), "\(before.debugDescription) [\(start)..<\(oldEnd)] → \(inserted.debugDescription), width \(width)")
        }
    }

    /// A caret on the last row of its line after characters that fill the row exactly, with a
    /// space typed after them, has no cell on that row: it goes to a row of its own, as at the
    /// line's end, instead of onto the row's last character (half of a wide one).
    @Test func aCaretAfterARowThatEndsAtTheWidthHasItsOwnRow() {
        var text = EditableText("and then somea ")
        text.caret = TextPosition(line: 0, offset: 13)   // after "some"
        text.insert("日")
        #expect(text.lines == ["and then some日a "])
        #expect(text.caret == TextPosition(line: 0, offset: 16))
        // A fresh text of the same string has its caret at the end, after the trailing space,
        // where it has a row of its own; with the caret in the same place they agree.
        var atEnd = EditableText(text.string)
        #expect(atEnd.rowCount(width: 7) == 4)
        #expect(atEnd._rows(width: 7) == ["and", "then", "some日a", ""])
        var fresh = EditableText(text.string)
        fresh.caret = text.caret
        #expect(text.rowCount(width: 7) == 3)
        #expect(fresh.rowCount(width: 7) == 3)
        #expect(text._rows(width: 7) == ["and", "then", "some日a"])
        #expect(text._caret(width: 7) == (row: 2, column: 6), "between 日 and a")
        // After "some日a" (7 cells, the width), before the space: its own row, not column 6.
        text.moveRight()
        #expect(text.caret == TextPosition(line: 0, offset: 17))
        #expect(text._caret(width: 7) == (row: 3, column: 0))
        #expect(text.rowCount(width: 7) == 4)
        #expect(text._rows(width: 7) == ["and", "then", "some日a", ""])
        // The editor's case: "somea" then 日 typed between it and a trailing space.
        var typed = EditableText("and then somea ")
        _ = typed.rowCount(width: 7)
        typed.moveLeft()
        typed.insert("日")
        #expect(typed.lines == ["and then somea日 "])
        #expect(typed._rows(width: 7) == ["and", "then", "somea日", ""])
        #expect(typed._caret(width: 7) == (row: 3, column: 0))
        #expect(typed.rowCount(width: 7) == 4)
        // Spaces overflowing a row that is not full: the same, once they reach the width.
        var spaces = EditableText("abc    ")
        spaces.caret = TextPosition(line: 0, offset: 4)
        #expect(spaces._caret(width: 5) == (row: 0, column: 4))
        #expect(spaces.rowCount(width: 5) == 1)
        spaces.caret = TextPosition(line: 0, offset: 5)
        #expect(spaces._caret(width: 5) == (row: 1, column: 0))
        #expect(spaces.rowCount(width: 5) == 2)
        // A mark of no width that cannot join the control character before it still belongs
        // to the row's content: a caret before it, after "a␉" filling the row, has no cell.
        var mark = EditableText("a\t\u{301}")
        mark.caret = TextPosition(line: 0, offset: 2)
        #expect(mark.caret.offset == 2, "a cluster boundary")
        #expect(mark._caret(width: 2) == (row: 1, column: 0))
        #expect(mark.rowCount(width: 2) == 2)
        mark.caret = TextPosition(line: 0, offset: 1)
        #expect(mark._caret(width: 2) == (row: 0, column: 1))
        #expect(mark.rowCount(width: 2) == 1)
    }

    /// The same on a text of many blocks (edits that cross block boundaries, join and split
    /// blocks), checking the rows above a line as the block sums give them.
    @Test func editsAcrossBlocksKeepTheBlockSums() {
        var generator = SplitMix(seed: 17)
        var lines: [String] = []
        for i in 0..<900 { lines.append(String(repeating: "line \(i) 日本 ", count: i % 7)) }
        var text = EditableText(lines: lines)
        var reference = ReferenceText()
        reference.lines = lines
        reference.caret = text.caret
        #expect(text._blocks.count > 4, "several blocks: \(text._blocks)")
        let width = 23
        _ = text.rowCount(width: width)
        for step in 0..<200 {
            let line = Int(generator.next() % UInt64(text.lineCount))
            text.caret = TextPosition(line: line, offset: Int(generator.next() % 40))
            reference.caret = text.caret
            switch generator.next() % 5 {
            case 0:
                text.insert(contentsOf: "new\nlines 🎉\n")
                reference.insert("new\nlines 🎉\n")
            case 1:
                let big = String(repeating: "pasted block of text\n", count: Int(generator.next() % 300))
                text.insert(contentsOf: big)
                reference.insert(big)
            case 2:
                for _ in 0..<Int(generator.next() % 30) {
                    text.deleteBackward()
                    reference.deleteBackward()
                }
            case 3:
                for _ in 0..<Int(generator.next() % 30) {
                    text.deleteForward()
                    reference.deleteForward()
                }
            default:
                text.insert("x")
                reference.insert("x")
            }
            #expect(text.caret == reference.caret, "step \(step)")
            guard step % 20 == 19 else { continue }
            #expect(text.lines == reference.lines, "step \(step)")
            let probe = Int(generator.next() % UInt64(text.lineCount))
            let expected = reference.rows(width: width).rows.count
            let lineRows = reference.lines.map { max(1, TextWrapper.lineCount($0, width: width)) }
            let caretOwnRow = expected - lineRows.reduce(0, +)
            let above = lineRows[..<probe].reduce(0, +) + (reference.caret.line < probe ? caretOwnRow : 0)
            _ = text.rowCount(width: width)   // measures what the edits left unmeasured
            #expect(text._rowsBefore(line: probe, row: 0) == above, "step \(step), line \(probe)")
            #expect(text.rowCount(width: width) == expected, "step \(step)")
        }
    }

    /// Typing anywhere in a line longer than a block keeps its kept layout equal to the line
    /// laid out from scratch (the layout is updated from two rows before the edit until the
    /// rows agree again).
    @Test(arguments: [1, 7, 40])
    func typingInsideALongLineUpdatesItsLayout(width: Int) {
        var generator = SplitMix(seed: UInt64(width))
        let long = String(repeating: "word 日本語 🎉 abcdefghijklmnop, ", count: 150)   // 4.5 KB, one line
        var text = EditableText(long)
        var reference = ReferenceText()
        reference.lines = [long]
        reference.caret = text.caret
        _ = text.rowCount(width: width)
        for step in 0..<120 {
            text.caret = TextPosition(line: 0, offset: Int(generator.next() % UInt64(text.utf8Count + 1)))
            reference.caret = text.caret
            let piece = editPieces[Int(generator.next() % UInt64(editPieces.count))]
            if piece.contains(where: \.isNewline) || generator.next() % 3 == 0 {
                text.deleteBackward()
                reference.deleteBackward()
            } else {
                text.insert(contentsOf: piece)
                reference.insert(piece)
            }
            let kept = text.layout.lines[0]
            #expect(kept == LineLayout(reference.lines[0][...], width: width), "step \(step) at \(text.caret)")
        }
        #expect(text._rows(width: width) == reference.rows(width: width).rows)
    }
}

@Suite struct EditableTextMovingTests {
    @Test func leftAndRightStepOverWholeClusters() {
        var text = EditableText("a日🎉e\u{301}👨‍👩‍👧b")
        var offsets = [text.caret.offset]
        while text.caret.offset > 0 {
            text.moveLeft()
            offsets.append(text.caret.offset)
        }
        // a 日 🎉 é (e and a combining accent) 👨‍👩‍👧 (18 bytes: three people, two joiners) b
        #expect(offsets == [30, 29, 11, 8, 4, 1, 0])
        text.moveLeft()
        #expect(text.caret.offset == 0, "nothing before the start")
        text.moveRight()
        text.moveRight()
        #expect(text.caret.offset == 4, "after a and 日")
    }

    @Test func leftAndRightCrossLineEnds() {
        var text = EditableText("ab\ncd")
        text.caret = TextPosition(line: 1, offset: 0)
        text.moveLeft()
        #expect(text.caret == TextPosition(line: 0, offset: 2))
        text.moveRight()
        #expect(text.caret == TextPosition(line: 1, offset: 0))
    }

    @Test func wordSteps() {
        var text = EditableText("one two_2, three\n  four")
        text.caret = TextPosition(line: 0, offset: 0)
        var stops: [TextPosition] = []
        for _ in 0..<5 {
            text.moveWordRight()
            stops.append(text.caret)
        }
        #expect(stops == [TextPosition(line: 0, offset: 3), TextPosition(line: 0, offset: 9), TextPosition(line: 0, offset: 16),
                          TextPosition(line: 1, offset: 6), TextPosition(line: 1, offset: 6)])
        stops = []
        for _ in 0..<5 {
            text.moveWordLeft()
            stops.append(text.caret)
        }
        #expect(stops == [TextPosition(line: 1, offset: 2), TextPosition(line: 0, offset: 11), TextPosition(line: 0, offset: 4),
                          TextPosition(line: 0, offset: 0), TextPosition(line: 0, offset: 0)])
    }

    /// Up and Down go by wrapped row and aim for the column they started from, across rows
    /// too short for it; they land before a wide character rather than inside it.
    @Test func upAndDownKeepTheGoalColumn() {
        var text = EditableText("abcdefgh\nab\n日本語日本語\nabcdefghij")
        text.caret = TextPosition(line: 0, offset: 7)
        text.moveDown(width: 20)
        #expect(text.caret == TextPosition(line: 1, offset: 2), "a short line: its end")
        text.moveDown(width: 20)
        #expect(text.caret == TextPosition(line: 2, offset: 9), "column 7 is inside 語 (6–7): before it, column 6")
        text.moveDown(width: 20)
        #expect(text.caret == TextPosition(line: 3, offset: 7), "the goal column came through")
        text.moveUp(width: 20)
        text.moveUp(width: 20)
        text.moveUp(width: 20)
        #expect(text.caret == TextPosition(line: 0, offset: 7))
        text.moveUp(width: 20)
        #expect(text.caret == TextPosition(line: 0, offset: 0), "Up on the first row goes to the start")
        text.moveToEnd()
        text.moveDown(width: 20)
        #expect(text.caret == text.endPosition)
    }

    @Test func upAndDownMoveByWrappedRows() {
        var text = EditableText("the quick brown fox jumps")   // at 10: "the quick", "brown fox", "jumps"
        text.caret = TextPosition(line: 0, offset: 2)
        text.moveDown(width: 10)
        #expect(text.caret.offset == 12, "row 2 starts at 10: column 2 is offset 12")
        text.moveDown(width: 10)
        #expect(text.caret.offset == 22)
        text.moveDown(width: 10)
        #expect(text.caret.offset == 25, "from the last row: the end")
    }

    @Test func homeAndEndActOnTheLineNotTheWrappedRow() {
        var text = EditableText("the quick brown fox jumps\nsecond")
        text.caret = TextPosition(line: 0, offset: 12)
        text.moveToLineStart()
        #expect(text.caret == TextPosition(line: 0, offset: 0))
        text.moveToLineEnd()
        #expect(text.caret == TextPosition(line: 0, offset: 25))
    }

    @Test func settingTheCaretRoundsIntoTheText() {
        var text = EditableText("a🎉b\nxy")
        text.caret = TextPosition(line: 0, offset: 3)   // inside 🎉 (bytes 1–4)
        #expect(text.caret == TextPosition(line: 0, offset: 1))
        text.caret = TextPosition(line: 9, offset: 99)
        #expect(text.caret == TextPosition(line: 1, offset: 2))
        text.caret = TextPosition(line: -1, offset: -5)
        #expect(text.caret == TextPosition(line: 0, offset: 0))
    }
}

@Suite struct TextStorageTests {
    /// Blocks stay small enough that finding a line in one is quick: at most 512 lines and a
    /// few kilobytes each, except that a line longer than a block is a block of its own.
    func expectSmallBlocks(_ storage: TextStorage, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, block) in storage.blocks.enumerated() where block.lineCount > 1 {
            #expect(block.lineCount <= 2 * TextStorage.blockLines, "block \(index): \(block.lineCount) lines", sourceLocation: sourceLocation)
            #expect(block.text.utf8.count <= 2 * TextStorage.blockSize, "block \(index): \(block.text.utf8.count) bytes", sourceLocation: sourceLocation)
        }
        #expect(storage.blocks.reduce(0) { $0 + $1.lineCount } == storage.lineCount, sourceLocation: sourceLocation)
        #expect(storage.blocks.map(\.text).joined(separator: "\n").utf8.count == storage.utf8Count, sourceLocation: sourceLocation)
    }

    @Test func aLongLineIsABlockOfItsOwn() {
        let long = String(repeating: "x", count: 20_000)
        var text = EditableText((0..<100).map { "line \($0)" }.joined(separator: "\n") + "\n" + long + "\nafter")
        expectSmallBlocks(text.storage)
        let holder = text.storage.blocks.first { $0.text == long }
        #expect(holder?.lineCount == 1)
        #expect(text.line(100) == long)
        // Typing a long line into a block of short ones splits it off once it outgrows the block.
        text.caret = TextPosition(line: 3, offset: 0)
        text.insert(contentsOf: String(repeating: "y", count: 9_000))
        expectSmallBlocks(text.storage)
        #expect(text.line(3).hasPrefix("yyy") && text.line(3).hasSuffix("line 3"))
        #expect(text.lines.count == 102)
    }

    @Test func manyEmptyLinesMakeManySmallBlocks() {
        var text = EditableText(String(repeating: "\n", count: 5_000))
        #expect(text.lineCount == 5_001)
        expectSmallBlocks(text.storage)
        #expect(text._blocks.count >= 5_001 / (2 * TextStorage.blockLines))
        text.caret = TextPosition(line: 2_000, offset: 0)
        text.insert(contentsOf: String(repeating: "\n", count: 3_000))
        expectSmallBlocks(text.storage)
        #expect(text.lineCount == 8_001)
        #expect(text.rowCount(width: 10) == 8_001)
    }

    /// The line starts the storage keeps for the block looked up last follow the edits inside
    /// that block (typed characters, Enter, joined lines, a pasted run of lines) and are let go
    /// when blocks are cut again: edits that go from block to block find every line where a
    /// fresh text of the same string has it.
    @Test func keptLineStartsFollowEditsFromBlockToBlock() {
        var text = EditableText((0..<3_000).map { "line \($0) 日本" }.joined(separator: "\n"))
        #expect(text._blocks.count > 4)
        let edits: [(line: Int, offset: Int, insert: String?)] = [
            (2_999, 14, "\nappended"), (2_999, 3, "é"), (10, 0, nil), (1_500, 4, "\n\n"),
            (1_499, 0, nil), (11, 2, "a\nb\nc"), (2_000, 7, String(repeating: "p\n", count: 600)),
            (5, 1, "x"), (2_600, 0, nil), (5, 2, "y"), (3_000, 0, "\n"),
        ]
        for (number, edit) in edits.enumerated() {
            text.caret = TextPosition(line: edit.line, offset: edit.offset)
            if let insert = edit.insert { text.insert(contentsOf: insert) } else { text.deleteBackward() }
            var fresh = EditableText(text.string)
            fresh.caret = text.caret
            #expect(text.lineCount == fresh.lineCount, "edit \(number)")
            // line(_:) reads the kept starts where they are for its block; lineText(_:) keeps them.
            for line in 0..<fresh.lineCount where text.line(line) != fresh.line(line) || String(text.lineText(line)) != fresh.line(line) {
                Issue.record("edit \(number): line \(line) is \(text.line(line).debugDescription), not \(fresh.line(line).debugDescription)")
                break
            }
            #expect(text.rowCount(width: 12) == fresh.rowCount(width: 12), "edit \(number)")
            expectSmallBlocks(text.storage)
        }
    }
}
