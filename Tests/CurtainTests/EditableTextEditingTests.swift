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
    /// a row of the caret's own below its line when it sits at the line's end after text or
    /// spaces that fill the last row.
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
            } else if caret.offset == line.utf8.count {
                rows.append("")   // the caret's own row
                caretRow = rows.count - 1
                caretColumn = 0
            } else if row < starts.count - 1 {
                caretRow = first + row + 1   // no cell on its row: the start of the next
                caretColumn = 0
            } else {
                caretRow = first + row   // among spaces overflowing the last row
                caretColumn = width - 1
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
                switch step {
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
            }
        }
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
}
