import CurtainLayout
import Testing
import CurtainScreen

@Suite struct DumpTests {
    @Test func linesSkipContinuationCells() {
        var buffer = CellBuffer(size: Size(width: 6, height: 2))
        buffer.draw("a中b", at: Point(x: 1, y: 0), style: .plain)
        #expect(buffer.lines == [" a中b ", "      "])
        #expect(buffer.lines(trimmingTrailingSpaces: true) == [" a中b", ""])
        #expect(buffer.textDump() == " a中b\n")
        #expect(buffer.textDump(trimmingTrailingSpaces: false) == " a中b \n      ")
        #expect(CellBuffer(size: .zero).textDump() == "")
    }

    @Test func styleDumpLettersStylesInOrder() {
        var buffer = CellBuffer(size: Size(width: 4, height: 2))
        buffer.draw("ab", at: .zero, style: Style(foreground: .red))
        buffer.draw("c", at: Point(x: 1, y: 1), style: Style(attributes: .bold))
        buffer.draw("d", at: Point(x: 3, y: 1), style: Style(foreground: .red))
        #expect(buffer.styleDump() == """
            aa..
            .b.a

            a: fg: indexed(1)
            b: attributes: [bold]
            """)
        #expect(buffer.styles(ofRow: 1) == [.plain, Style(attributes: .bold), .plain, Style(foreground: .red)])
        #expect(buffer.styles(ofRow: 2).isEmpty && buffer.styles(ofRow: -1).isEmpty)
    }
}

@Suite struct DescriptionTests {
    @Test func buffersDescribeThemselvesAsText() {
        var buffer = CellBuffer(size: Size(width: 3, height: 2))
        buffer.draw("a中", at: .zero, style: Style(foreground: .red))
        #expect(buffer.description == "CellBuffer 3×2\n|a中|\n|   |")
        #expect(buffer[0, 0].description == "\"a\" fg: indexed(1)")
        #expect(buffer[2, 0].description == "\"<cont>\" fg: indexed(1)")
    }
}
