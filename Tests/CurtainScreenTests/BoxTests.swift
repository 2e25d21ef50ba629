import CurtainLayout
import Testing
@testable import CurtainScreen

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
