import CurtainLayout
import Testing
import CurtainScreen

@Suite struct BoxTests {
    let line = Style(foreground: .cyan)
    let titleStyle = Style(foreground: .yellow, attributes: .bold)

    @Test func boxWithTitle() {
        var buffer = CellBuffer(size: Size(width: 12, height: 5))
        buffer.drawBox(Rect(x: 1, y: 1, width: 10, height: 4), style: line, title: "Hi", titleStyle: titleStyle)
        #expect(buffer.lines == [
            "            ",
            " ┌─ Hi ───┐ ",
            " │        │ ",
            " │        │ ",
            " └────────┘ ",
        ])
        #expect(buffer.styles(ofRow: 1) == [.plain, line, line] + Array(repeating: titleStyle, count: 4)
            + Array(repeating: line, count: 4) + [.plain])
        #expect(buffer[5, 2] == .blank, "the inside is left alone")
    }

    @Test func titlesAreTruncatedToFit() {
        func top(width: Int, title: String) -> String {
            var buffer = CellBuffer(size: Size(width: width, height: 2))
            buffer.drawBox(buffer.bounds, style: .plain, title: title)
            return buffer.lines[0]
        }
        #expect(top(width: 13, title: "Hello") == "┌─ Hello ───┐")
        #expect(top(width: 11, title: "Hello") == "┌─ Hello ─┐")
        #expect(top(width: 10, title: "Hello") == "┌─ Hel… ─┐")
        #expect(top(width: 7, title: "Hello") == "┌─ … ─┐")
        #expect(top(width: 6, title: "Hello") == "┌────┐")
        #expect(top(width: 10, title: "中文字") == "┌─ 中… ──┐")
        #expect(top(width: 12, title: "中文字") == "┌─ 中文字 ─┐")
    }

    @Test func roundedBorder() {
        var buffer = CellBuffer(size: Size(width: 4, height: 3))
        buffer.drawBox(buffer.bounds, style: .plain, border: .rounded)
        #expect(buffer.lines == ["╭──╮", "│  │", "╰──╯"])
    }

    @Test func degenerateBoxesAreLines() {
        var buffer = CellBuffer(size: Size(width: 3, height: 3))
        buffer.drawBox(Rect(x: 0, y: 0, width: 3, height: 1), style: .plain)
        buffer.drawBox(Rect(x: 1, y: 1, width: 1, height: 2), style: .plain)
        #expect(buffer.lines == ["───", " │ ", " │ "])
        buffer.drawBox(Rect(x: 0, y: 0, width: 0, height: 3), style: line)
        buffer.drawBox(Rect(x: .min, y: .max, width: .max, height: .max), style: line)
        #expect(buffer.lines == ["───", " │ ", " │ "])
    }

    @Test func boxesAreClipped() {
        var buffer = CellBuffer(size: Size(width: 6, height: 4))
        buffer.drawBox(Rect(x: -2, y: 1, width: 8, height: 5), style: line, title: "T", titleStyle: titleStyle,
                       clip: Rect(x: 0, y: 0, width: 4, height: 3))
        #expect(buffer.lines == ["      ", " T ─  ", "      ", "      "])
        #expect(buffer.styles(ofRow: 1) == [titleStyle, titleStyle, titleStyle, line, .plain, .plain])
        buffer.drawBox(Rect(x: 2, y: 0, width: 4, height: 4), style: line, clip: Rect(x: 4, y: 0, width: 10, height: 10))
        #expect(buffer.lines == ["    ─┐", " T ─ │", "     │", "    ─┘"])
    }
}

@Suite struct BoxSweepTests {
    /// Every width from 1 to 200 and a few heights: corners where they belong, the top line
    /// exactly as wide as the box, the title whole or cut with `…`, pairs intact.
    @Test func sweepWidths() {
        for width in 1...200 {
            for height in [1, 2, 3, 7] {
                var buffer = CellBuffer(size: Size(width: width + 2, height: height + 2))
                buffer.drawBox(Rect(x: 1, y: 1, width: width, height: height), style: .plain, title: "Title 中文 title")
                let lines = buffer.lines
                #expect(lines[0] == String(repeating: " ", count: width + 2))
                let top = Array(lines[1])
                let topWidth = (0..<(width + 2)).filter { !buffer[$0, 1].grapheme.isContinuation }.count
                #expect(topWidth == top.count)
                #expect(buffer[0, 1] == .blank && buffer[width + 1, 1] == .blank, "width \(width)")
                if width >= 2 && height >= 2 {
                    #expect(buffer[1, 1].grapheme == Grapheme("┌") && buffer[width, 1].grapheme == Grapheme("┐"), "width \(width)")
                    #expect(buffer[1, height].grapheme == Grapheme("└") && buffer[width, height].grapheme == Grapheme("┘"))
                    #expect(buffer[2, 1].grapheme == Grapheme("─") && buffer[width - 1, 1].grapheme == Grapheme("─") || width < 3)
                    if width >= 7 {
                        let shown = CellBuffer.truncate("Title 中文 title", toWidth: width - 6)
                        #expect(lines[1].hasPrefix(" ┌─ " + shown + " ─"), "width \(width): \(lines[1])")
                        #expect(shown.hasSuffix("…") == (width < 22), "the title is 16 columns; 6 go to corners, lines and spaces")
                    }
                    if width >= 22 { #expect(lines[1].contains(" Title 中文 title ")) }
                }
                #expect(pairingProblems(buffer).isEmpty, "width \(width)")
            }
        }
    }

    @Test func asciiTitlesAreCutLikeAnyOther() {
        for width in 0...14 {
            let shown = CellBuffer.truncate("Pane title", toWidth: width)
            #expect(TextWidth.of(shown) <= width, "width \(width): \(shown)")
            if width >= 10 { #expect(shown == "Pane title") }
            if width > 0 && width < 10 { #expect(shown == String("Pane title".prefix(width - 1)) + "…") }
        }
        // Control characters are not "printable ASCII": they still become control pictures.
        #expect(CellBuffer.truncate("a\u{7}b", toWidth: 5) == "a\u{2407}b")
        #expect(CellBuffer.truncate("a\tb", toWidth: 5) == "a\u{2409}b")
    }
}
