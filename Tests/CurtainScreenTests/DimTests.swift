import CurtainLayout
import PropertyBased
import CurtainTestSupport
import Testing
import CurtainScreen

@Suite struct DimTests {
    @Test func dimmingBlendsColoursTowardBlack() {
        var buffer = CellBuffer(size: Size(width: 3, height: 1))
        buffer.draw("abc", at: .zero, style: Style(foreground: .rgb(200, 100, 50), background: .indexed(196)))
        buffer.dim(buffer.bounds, strength: 0.5)
        let style = buffer[1, 0].style
        #expect(style.foreground == .rgb(100, 50, 25))
        #expect(style.background == .rgb(128, 0, 0))
        #expect(style.isDimmed)
        #expect(!style.attributes.contains(.dim))
        #expect(buffer.lines == ["abc"])
    }

    @Test func ansiColoursUseTheXtermDefaults() {
        let dimmed = Style(foreground: .white, background: .indexed(8)).dimmed(by: 0.5)
        #expect(dimmed.foreground == .rgb(115, 115, 115))
        #expect(dimmed.background == .rgb(64, 64, 64))
    }

    @Test func defaultColoursFallBackToTheFaintAttribute() {
        let dimmed = Style(foreground: .default, background: .default, attributes: .bold).dimmed(by: 0.3)
        #expect(dimmed.attributes == [.bold, .dim])
        #expect(dimmed.foreground == .default)
        #expect(dimmed.background == .default, "the default background stays as it is")
        let coloured = Style(foreground: .default, background: .blue).dimmed(by: 0.5)
        #expect(coloured.attributes == .dim)
        #expect(coloured.background == .rgb(0, 0, 119))
    }

    @Test func strengthZeroChangesNothing() {
        var buffer = CellBuffer(size: Size(width: 4, height: 2))
        buffer.draw("ab中", at: .zero, style: Style(foreground: .red))
        let before = buffer
        buffer.dim(buffer.bounds, strength: 0)
        buffer.dim(buffer.bounds, strength: -1)
        buffer.dim(buffer.bounds, strength: .nan)
        #expect(buffer == before)
        #expect(Style(foreground: .red).dimmed(by: 0) == Style(foreground: .red))
    }

    @Test func strengthOneIsBlack() {
        let dimmed = Style(foreground: .rgb(255, 255, 255), background: .indexed(231)).dimmed(by: 1)
        #expect(dimmed.foreground == .rgb(0, 0, 0) && dimmed.background == .rgb(0, 0, 0))
        #expect(Style(foreground: .red).dimmed(by: 7) == Style(foreground: .red).dimmed(by: 1))
    }

    @Test func onlyTheRectangleIsDimmedAndWideCharactersWhole() {
        var buffer = CellBuffer(size: Size(width: 5, height: 2))
        let red = Style(foreground: .red)
        buffer.draw("a中bc", at: .zero, style: red)
        buffer.draw("abcde", at: Point(x: 0, y: 1), style: red)
        buffer.dim(Rect(x: 2, y: 0, width: 1, height: 1), strength: 0.5)
        let dimmed = red.dimmed(by: 0.5)
        #expect(buffer.styles(ofRow: 0) == [red, dimmed, dimmed, red, red])
        #expect(buffer.styles(ofRow: 1) == Array(repeating: red, count: 5))
        buffer.dim(Rect(x: -10, y: -10, width: 100, height: 100), strength: 0.2)
        #expect(buffer[0, 1].style == red.dimmed(by: 0.2))
    }

    static let colors: [Color] = [.default, .black, .red, .white, .indexed(9), .indexed(15), .indexed(100),
                                  .indexed(231), .indexed(240), .rgb(255, 0, 0), .rgb(13, 200, 77), .rgb(255, 255, 255)]

    /// A higher strength is never brighter, channel by channel, for any colour.
    @Test func dimmingIsMonotone() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0..<Self.colors.count), Gen.int(in: 0..<Self.colors.count),
                            Gen.double(in: 0...1), Gen.double(in: 0...1)) { f, b, s1, s2 in
            let style = Style(foreground: Self.colors[f], background: Self.colors[b])
            let (low, high) = (min(s1, s2), max(s1, s2))
            let a = style.dimmed(by: low), c = style.dimmed(by: high)
            for (lighter, darker, original) in [(a.foreground, c.foreground, style.foreground),
                                                 (a.background, c.background, style.background)] {
                guard let l = lighter.resolvedRGB, let d = darker.resolvedRGB else {
                    #expect(lighter == darker)
                    continue
                }
                #expect(d.red <= l.red && d.green <= l.green && d.blue <= l.blue)
                let o = original.resolvedRGB!
                #expect(l.red <= o.red && l.green <= o.green && l.blue <= o.blue)
            }
        }
    }
}

@Suite struct DimCopyTests {
    /// Issue 16: `dimmed(_:strength:)` makes in one pass what copying and dimming in place
    /// make, on random screens, rectangles and strengths.
    @Test func aDimmedCopyEqualsDimmingInPlace() {
        var rng = SplitMix(seed: 16)
        for _ in 0..<300 {
            let size = Size(width: Int.random(in: 0...20, using: &rng), height: Int.random(in: 0...6, using: &rng))
            let screen = Sample.screen(size, operations: 12, &rng)
            let rect = Sample.rect(&rng, in: size)
            let strength = [0, 0.25, 0.5, 1, Double.random(in: -0.5...1.5, using: &rng)].randomElement(using: &rng)!
            let copy = screen.dimmed(rect, strength: strength)
            var inPlace = screen
            inPlace.dim(rect, strength: strength)
            #expect(copy == inPlace, "\(size) \(rect) \(strength)")
        }
    }

    /// Many styles in one rectangle, more than the blend's table holds: each cell still gets
    /// its own style's blend.
    @Test func manyStylesEachGetTheirOwnBlend() {
        var buffer = CellBuffer(size: Size(width: 256, height: 2))
        for x in 0..<256 {
            buffer.set(Cell(grapheme: Grapheme("x"), style: Style(foreground: .indexed(UInt8(x)), background: .indexed(UInt8(255 - x)))), x: x, y: 0)
            buffer.set(Cell(grapheme: Grapheme("y"), style: Style(foreground: .indexed(UInt8((x * 7) % 256)))), x: x, y: 1)
        }
        var dimmed = buffer
        dimmed.dim(dimmed.bounds, strength: 0.4)
        for y in 0..<2 {
            for x in 0..<256 { #expect(dimmed[x, y].style == buffer[x, y].style.dimmed(by: 0.4)) }
        }
    }
}
