import CurtainLayout
import Testing
import CurtainScreen

@Suite struct LayerTests {
    let back = Style(background: .blue)
    let front = Style(foreground: .yellow)

    func background() -> CellBuffer {
        var buffer = CellBuffer(size: Size(width: 6, height: 3), fill: .blank(back))
        for y in 0..<3 { buffer.draw("......", at: Point(x: 0, y: y), style: back) }
        return buffer
    }

    @Test func layersComposeBackToFront() {
        var screen = background()
        var panel = CellBuffer(size: Size(width: 3, height: 2), fill: .blank(front))
        panel.draw("ab", at: .zero, style: front)
        var toast = CellBuffer(size: Size(width: 2, height: 1))
        toast.draw("XY", at: .zero, style: .plain)
        screen.overlay(panel, at: Point(x: 1, y: 1))
        screen.overlay(toast, at: Point(x: 2, y: 2))
        #expect(screen.lines == ["......", ".ab ..", ". XY.."])
        #expect(screen.styles(ofRow: 2) == [back, front, .plain, .plain, back, back])
    }

    @Test func overlayIsClippedToTheClipAndTheBuffer() {
        var screen = background()
        var layer = CellBuffer(size: Size(width: 4, height: 4))
        for y in 0..<4 { layer.draw("wxyz", at: Point(x: 0, y: y), style: front) }
        screen.overlay(layer, at: Point(x: -1, y: -1), clip: Rect(x: 0, y: 0, width: 2, height: 6))
        #expect(screen.lines == ["xy....", "xy....", "xy...."])
        screen.overlay(layer, at: Point(x: 4, y: 2))
        #expect(screen.lines == ["xy....", "xy....", "xy..wx"])
    }

    @Test func wideCharactersCutByTheClipBecomeBlanks() {
        var screen = background()
        var layer = CellBuffer(size: Size(width: 6, height: 1))
        layer.draw("中日中", at: .zero, style: front)
        screen.overlay(layer, at: .zero, clip: Rect(x: 1, y: 0, width: 4, height: 1))
        #expect(screen.lines[0] == ". 日 .")
        #expect(screen[1, 0] == .blank(front) && screen[4, 0] == .blank(front))
        #expect(pairingProblems(screen).isEmpty)
    }

    @Test func overlayOverHalfAWideCharacterBlanksTheOtherHalf() {
        var screen = CellBuffer(size: Size(width: 6, height: 1))
        screen.draw("中日中", at: .zero, style: back)
        var layer = CellBuffer(size: Size(width: 2, height: 1))
        layer.draw("ab", at: .zero, style: front)
        screen.overlay(layer, at: Point(x: 1, y: 0))
        #expect(screen.lines == [" ab 中"])
        #expect(screen[0, 0] == .blank(back) && screen[3, 0] == .blank(back))
        #expect(pairingProblems(screen).isEmpty)
    }

    @Test func transparentCellsLetTheCellBeneathShow() {
        var screen = background()
        var layer = CellBuffer(size: Size(width: 6, height: 1))
        layer.draw("a中", at: Point(x: 1, y: 0), style: front)
        screen.overlay(layer, at: .zero, transparent: .blank)
        #expect(screen.lines[0] == ".a中..")
        screen.overlay(layer, at: Point(x: 1, y: 1), clip: Rect(x: 0, y: 0, width: 4, height: 3), transparent: .blank)
        #expect(screen.lines[1] == "..a ..")
        #expect(screen[3, 1] == .blank(front))
        #expect(pairingProblems(screen).isEmpty)
    }
}
