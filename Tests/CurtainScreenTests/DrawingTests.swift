import CurtainLayout
import PropertyBased
import CurtainTestSupport
import Testing
import CurtainScreen

@Suite struct DrawingTests {
    let red = Style(foreground: .red)

    @Test func cellsAreSixteenBytesWithoutPadding() {
        #expect(MemoryLayout<Cell>.size == 16)
        #expect(MemoryLayout<Cell>.stride == 16)
        #expect(MemoryLayout<Style>.size == 8)
        #expect(MemoryLayout<Grapheme>.size == 4)
    }

    @Test func styleKeepsEveryFieldApart() {
        var style = Style(foreground: .rgb(1, 2, 3), background: .indexed(200), attributes: [.bold, .reverse])
        #expect(style.foreground == .rgb(1, 2, 3))
        #expect(style.background == .indexed(200))
        #expect(style.attributes == [.bold, .reverse])
        style.background = .rgb(255, 255, 255)
        style.isDimmed = true
        #expect(style.foreground == .rgb(1, 2, 3))
        #expect(style.background == .rgb(255, 255, 255))
        #expect(style.attributes == [.bold, .reverse])
        #expect(style.isDimmed)
        style.foreground = .default
        #expect(style.foreground == .default && style.background == .rgb(255, 255, 255))
    }

    /// A prepended mark joins the character after it, ASCII included: drawing (which takes
    /// printable ASCII a byte at a time) measures the cluster as the text measure does.
    @Test func aPrependedMarkJoinsTheASCIICharacterAfterIt() {
        for text in ["\u{600}1|", "\u{113D1}a|", "x\u{D4E}a\u{301}b|", "\u{110BD}9|"] {
            var buffer = CellBuffer(size: Size(width: 8, height: 1))
            let advanced = buffer.draw(text, at: Point(x: 0, y: 0), style: red)
            #expect(advanced == TextWidth.of(text), "\(text.debugDescription)")
            #expect(buffer[TextWidth.of(text) - 1, 0].grapheme == Grapheme("|"), "\(text.debugDescription): \(buffer.lines)")
        }
    }

    @Test func drawReturnsTheFullWidthAndWritesCells() {
        var buffer = CellBuffer(size: Size(width: 8, height: 2))
        let advanced = buffer.draw("ab中c", at: Point(x: 1, y: 1), style: red)
        #expect(advanced == 5)
        #expect(buffer.lines == ["        ", " ab中c  "])
        #expect(buffer[3, 1].grapheme == Grapheme("中"))
        #expect(buffer[4, 1] == Cell(grapheme: .continuation, style: red))
        #expect(buffer[1, 1].style == red && buffer[0, 1].style == .plain)
    }

    @Test func textIsClippedAtTheClipEdges() {
        var buffer = CellBuffer(size: Size(width: 8, height: 1))
        let advanced = buffer.draw("abcdef", at: Point(x: 2, y: 0), style: red, clip: Rect(x: 3, y: 0, width: 2, height: 1))
        #expect(advanced == 6)
        #expect(buffer.lines == ["   bc   "])
        #expect(buffer.styles(ofRow: 0) == [.plain, .plain, .plain, red, red, .plain, .plain, .plain])
    }

    @Test func rowsOutsideTheClipAreUntouched() {
        var buffer = CellBuffer(size: Size(width: 4, height: 3))
        #expect(buffer.draw("abc", at: Point(x: 0, y: 2), style: red, clip: Rect(x: 0, y: 0, width: 4, height: 2)) == 3)
        #expect(buffer.draw("abc", at: Point(x: 0, y: -1), style: red) == 3)
        #expect(buffer == CellBuffer(size: Size(width: 4, height: 3)))
    }

    @Test func wideCharacterAtTheRightClipEdgeBecomesABlank() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1), fill: Cell(grapheme: Grapheme("."), style: .plain))
        buffer.draw("a中", at: Point(x: 0, y: 0), style: red, clip: Rect(x: 0, y: 0, width: 2, height: 1))
        #expect(buffer.lines == ["a ..."])
        #expect(buffer[1, 0] == .blank(red))
        #expect(pairingProblems(buffer).isEmpty)
    }

    @Test func wideCharacterAtTheLeftClipEdgeBecomesABlank() {
        var buffer = CellBuffer(size: Size(width: 5, height: 1), fill: Cell(grapheme: Grapheme("."), style: .plain))
        buffer.draw("中b", at: Point(x: 1, y: 0), style: red, clip: Rect(x: 2, y: 0, width: 3, height: 1))
        #expect(buffer.lines == [".. b."])
        #expect(buffer[2, 0] == .blank(red))
        // The same at the buffer's own left edge.
        var other = CellBuffer(size: Size(width: 3, height: 1))
        #expect(other.draw("中b", at: Point(x: -1, y: 0), style: red) == 3)
        #expect(other.lines == [" b "])
        #expect(other[0, 0] == .blank(red))
    }

    @Test func wideCharacterAtTheBufferEdgeIsNeverSplit() {
        var buffer = CellBuffer(size: Size(width: 3, height: 1))
        buffer.draw("ab中", at: .zero, style: red)
        #expect(buffer.lines == ["ab "])
        #expect(!buffer[2, 0].grapheme.isContinuation)
        #expect(pairingProblems(buffer).isEmpty)
    }

    @Test func overwritingHalfAWideCharacterBlanksTheOtherHalf() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.draw("中", at: Point(x: 0, y: 0), style: red)
        buffer.draw("x", at: Point(x: 1, y: 0), style: .plain)
        #expect(buffer.lines == [" x  "])
        #expect(buffer[0, 0] == .blank(red))
        buffer.draw("日", at: Point(x: 2, y: 0), style: red)
        buffer.draw("y", at: Point(x: 2, y: 0), style: .plain)
        #expect(buffer.lines == [" xy "])
        #expect(buffer[3, 0] == .blank(red))
        #expect(pairingProblems(buffer).isEmpty)
    }

    @Test func controlCharactersNeverReachACell() {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        buffer.draw("a\u{1B}b\u{7F}\t", at: .zero, style: .plain)
        #expect(buffer.lines == ["a␛b␡␉ "])
        #expect(Grapheme("\u{1B}").text == "␛")
        #expect(Grapheme("\u{85}").text == "\u{FFFD}")
        #expect(!Grapheme("x\u{1B}\u{301}").text.unicodeScalars.contains { $0.value < 0x20 })
    }

    @Test func setCharacterWritesOneCluster() {
        var buffer = CellBuffer(size: Size(width: 3, height: 1))
        #expect(buffer.setCharacter("中", at: Point(x: 1, y: 0), style: red) == 2)
        #expect(buffer.lines == [" 中"])
        #expect(buffer.setCharacter("q", at: Point(x: 2, y: 0), style: .plain) == 1)
        #expect(buffer.lines == ["  q"])
        #expect(buffer.setCharacter("中", at: Point(x: 2, y: 0), style: red) == 2)
        #expect(buffer[2, 0] == .blank(red))
    }

    @Test func setWritesNarrowCellsOnly() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.draw("中中", at: .zero, style: red)
        buffer.set(Cell(grapheme: Grapheme("q")), x: 3, y: 0)
        #expect(buffer.lines == ["中 q"])
        #expect(buffer[2, 0] == .blank(red))
        buffer.set(Cell(grapheme: .continuation), x: 2, y: 0)
        buffer.set(Cell(grapheme: Grapheme("z")), x: 4, y: 0)
        buffer.set(Cell(grapheme: Grapheme("z")), x: 0, y: -1)
        #expect(buffer.lines == ["中 q"], "continuations and positions outside are ignored")
        #expect(pairingProblems(buffer).isEmpty)
    }

    @Test func fillKeepsNeighbouringWideCharactersWhole() {
        var buffer = CellBuffer(size: Size(width: 6, height: 2))
        buffer.draw("中日中", at: .zero, style: red)
        buffer.fill(Rect(x: 1, y: 0, width: 3, height: 5), style: Style(background: .blue))
        #expect(buffer.lines[0] == "    中")
        #expect(buffer[0, 0] == .blank(red))
        #expect(buffer[1, 0] == .blank(Style(background: .blue)))
        #expect(buffer[4, 0].grapheme == Grapheme("中"))
        #expect(buffer[1, 1] == .blank(Style(background: .blue)))
        #expect(buffer[4, 1] == .blank)
        #expect(pairingProblems(buffer).isEmpty)
        buffer.fill(Rect(x: -5, y: -5, width: 100, height: 100), style: .plain, clip: Rect(x: 0, y: 1, width: 1, height: 1))
        #expect(buffer[0, 1] == .blank && buffer[1, 1] == .blank(Style(background: .blue)))
    }

    @Test func resizeKeepsCellsAndCutsWideCharacters() {
        var buffer = CellBuffer(size: Size(width: 4, height: 2))
        buffer.draw("ab中", at: Point(x: 0, y: 1), style: red)
        buffer.resize(to: Size(width: 3, height: 3))
        #expect(buffer.lines == ["   ", "ab ", "   "])
        #expect(pairingProblems(buffer).isEmpty)
        buffer.resize(to: .zero)
        #expect(buffer.cells.isEmpty && buffer.lines.isEmpty)
    }

    /// The ASCII fast path clusters text exactly as walking its `Character`s does.
    @Test func drawingMatchesCharacterByCharacter() async {
        let pieces = ["a", "b", " ", "~", "\u{301}", "é", "e\u{301}", "\r", "\n", "\r\n", "中", "😀", "\u{1B}", "🇺🇸", "\u{200B}", "x\u{308}"]
        await propertyCheck(count: 300, input: Gen.int(in: 0..<pieces.count).array(of: 0...14), Gen.int(in: -2...3)) { picks, x0 in
            let text = picks.map { pieces[$0] }.joined()
            var drawn = CellBuffer(size: Size(width: 20, height: 1))
            let advanced = drawn.draw(text, at: Point(x: x0, y: 0), style: .plain)
            var expected = CellBuffer(size: Size(width: 20, height: 1))
            var x = x0
            for character in text { x += expected.setCharacter(character, at: Point(x: x, y: 0), style: .plain) }
            #expect(drawn == expected, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
            #expect(advanced == x - x0)
            // Controls always end a cluster, so trimming them off leaves `text`'s clusters as they are.
            let substring = ("\n" + text + "\u{1}").dropFirst().dropLast()
            var fromSubstring = CellBuffer(size: Size(width: 20, height: 1))
            #expect(fromSubstring.draw(substring, at: Point(x: x0, y: 0), style: .plain) == advanced)
            #expect(fromSubstring == drawn)
        }
    }

    /// Whatever is drawn, in any order, wide characters stay paired.
    @Test func randomDrawingKeepsPairsWhole() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...20), Gen.int(in: 0...5), Gen.uint64()) { width, height, seed in
            var rng = SplitMix(seed: seed)
            var buffer = CellBuffer(size: Size(width: width, height: height))
            for _ in 0..<12 {
                Sample.scribble(on: &buffer, operations: 1, &rng)
                let problems = pairingProblems(buffer)
                #expect(problems.isEmpty, "\(problems) in\n\(buffer.textDump())")
                if !problems.isEmpty { return }
            }
        }
    }
}

@Suite struct RowSetTests {
    /// Setting a row of cells at once is setting them one by one, clip, buffer edges
    /// and the wide characters cut at either end included.
    @Test func aRowIsItsCellsSetOneByOne() {
        var rng = SplitMix(seed: 61)
        for _ in 0..<400 {
            let size = Size(width: Int.random(in: 1...16, using: &rng), height: Int.random(in: 1...4, using: &rng))
            let screen = Sample.screen(size, operations: 8, &rng)
            let count = Int.random(in: 0...20, using: &rng)
            var row: [Cell] = []
            for _ in 0..<count {
                let style = Sample.styles.randomElement(using: &rng)!
                row.append(Int.random(in: 0..<8, using: &rng) == 0 ? Cell(grapheme: .continuation, style: style)
                           : Cell(grapheme: Grapheme(["a", "─", "é", "~"].randomElement(using: &rng)!), style: style))
            }
            let x = Int.random(in: -4...(size.width + 1), using: &rng), y = Int.random(in: -1...size.height, using: &rng)
            let clip: Rect? = Bool.random(using: &rng) ? Sample.rect(&rng, in: size) : nil
            var atOnce = screen
            atOnce.set(row[...], x: x, y: y, clip: clip)
            var oneByOne = screen
            let area = clip.map { $0.intersection(screen.bounds) } ?? screen.bounds
            for (offset, cell) in row.enumerated() where area.contains(Point(x: x + offset, y: y)) {
                oneByOne.set(cell.grapheme.isContinuation ? .blank(cell.style) : cell, x: x + offset, y: y)
            }
            #expect(atOnce == oneByOne, "\(size) row of \(count) at (\(x), \(y)) clip \(String(describing: clip))")
            #expect(pairingProblems(atOnce).isEmpty)
        }
    }
}
