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
        // About what UIKit's dimming view gives (RGB × 0.5, give or take sRGB's linear toe).
        #expect(near(style.foreground, (100, 50, 25)))
        #expect(near(style.background, (128, 0, 0)))
        #expect(sameHue(style.foreground, .rgb(200, 100, 50)), "blended in OKLab: the hue stays")
        #expect(style.isDimmed)
        #expect(!style.attributes.contains(.dim))
        #expect(buffer.lines == ["abc"])
    }

    @Test func ansiColoursUseTheXtermDefaults() {
        let dimmed = Style(foreground: .white, background: .indexed(8)).dimmed(by: 0.5)
        #expect(near(dimmed.foreground, (115, 115, 115)))
        #expect(near(dimmed.background, (64, 64, 64)))
    }

    @Test func defaultColoursFallBackToTheFaintAttribute() {
        let dimmed = Style(foreground: .default, background: .default, attributes: .bold).dimmed(by: 0.3)
        #expect(dimmed.attributes == [.bold, .dim])
        #expect(dimmed.foreground == .default)
        #expect(dimmed.background == .default, "the default background stays as it is")
        let coloured = Style(foreground: .default, background: .blue).dimmed(by: 0.5)
        #expect(coloured.attributes == .dim)
        #expect(near(coloured.background, (0, 0, 119)))
    }

    /// With the terminal's colours known, a cell in the default colours is blended too: a
    /// white terminal dims to grey, so a dimmed area is never brighter than the rest.
    @Test func knownTerminalColoursDimToo() {
        let white = TerminalColors.light
        let dimmed = Style.plain.dimmed(by: 0.5, method: .blend(terminal: white))
        #expect(near(dimmed.background, (128, 128, 128)))
        #expect(dimmed.foreground == .rgb(0, 0, 0))
        #expect(!dimmed.attributes.contains(.dim), "no faint needed: the colours are known")
        let onDark = Style.plain.dimmed(by: 0.5, method: .blend(terminal: .dark))
        #expect(onDark.background == .rgb(0, 0, 0))
        #expect(near(onDark.foreground, (115, 115, 115)))
    }

    /// With 8 or 16 colours a dim steps to darker palette colours; text lighter than its
    /// background also turns faint.
    @Test func theANSIMethodStepsToDarkerColours() {
        let dark = DimMethod.ansi(terminal: .dark, hasBrightColors: true)
        let onBlack = Style(foreground: .indexed(12), background: .indexed(0)).dimmed(by: 0.5, method: dark)
        #expect(onBlack.foreground == .indexed(4))
        #expect(onBlack.background == .indexed(0))
        #expect(onBlack.attributes == .dim)
        #expect(onBlack.isDimmed)
        // Light blue on blue would become blue on blue, gone: it stays light blue, faint.
        let onBlue = Style(foreground: .indexed(12), background: .indexed(4)).dimmed(by: 0.5, method: dark)
        #expect(onBlue.foreground == .indexed(12))
        #expect(onBlue.attributes == .dim)
        // A grey bar goes darker grey; its black text stays black, not faint (that would lighten it).
        let bar = Style(foreground: .indexed(0), background: .indexed(7)).dimmed(by: 0.5, method: dark)
        #expect(bar.background == .indexed(8))
        #expect(bar.foreground == .indexed(0))
        #expect(!bar.attributes.contains(.dim))
        // Without bright colours there is no grey: the bar's only darker step is black, its
        // text's own colour. Grey text on black would be lighter and read better than black on
        // grey: the cell stays as it was.
        let eight = Style(foreground: .indexed(0), background: .indexed(7))
            .dimmed(by: 0.5, method: .ansi(terminal: .dark, hasBrightColors: false))
        #expect(eight.background == .indexed(7))
        #expect(eight.foreground == .indexed(0))
        #expect(eight.attributes.isEmpty)
        #expect(eight.isDimmed)
        // The same with 16 colours, dimmed twice: grey on the grey that was white.
        let twice = Style(foreground: .indexed(8), background: .indexed(7)).dimmed(by: 0.5, method: dark)
        #expect(twice.foreground == .indexed(8) && twice.background == .indexed(7) && twice.attributes.isEmpty)
    }

    /// On a light terminal the default background is painted white-grey, and the default
    /// (black) text stays: a white terminal dims to grey, as under a dimming view.
    @Test func theANSIMethodGreysALightTerminal() {
        let dimmed = Style.plain.dimmed(by: 0.5, method: .ansi(terminal: .light, hasBrightColors: true))
        #expect(dimmed.background == .indexed(7))
        #expect(dimmed.foreground.isDefault)
        #expect(!dimmed.attributes.contains(.dim))
        let onDark = Style.plain.dimmed(by: 0.5, method: .ansi(terminal: .dark, hasBrightColors: true))
        #expect(onDark.background.isDefault)
        #expect(onDark.attributes.contains(.dim))
    }

    /// Without colours a dim is the faint attribute alone.
    @Test func theFaintMethodIsTheFaintAttribute() {
        let dimmed = Style(attributes: .bold).dimmed(by: 0.5, method: .faint)
        #expect(dimmed.attributes == [.bold, .dim])
        #expect(dimmed.isDimmed)
    }

    /// Twice by half is once by three quarters, up to rounding.
    @Test func dimsCompose() {
        let style = Style(foreground: .rgb(220, 180, 40), background: .rgb(30, 90, 200))
        let twice = style.dimmed(by: 0.5).dimmed(by: 0.5)
        let once = style.dimmed(by: 0.75)
        #expect(near(twice.foreground, once.foreground.resolvedRGB!, tolerance: 2))
        #expect(near(twice.background, once.background.resolvedRGB!, tolerance: 2))
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

/// Whether `color` is within `tolerance` of `expected` on every channel.
func near(_ color: Color, _ expected: (Int, Int, Int), tolerance: Int = 6) -> Bool {
    guard let c = color.resolvedRGB else { return false }
    return abs(Int(c.red) - expected.0) <= tolerance && abs(Int(c.green) - expected.1) <= tolerance
        && abs(Int(c.blue) - expected.2) <= tolerance
}

func near(_ color: Color, _ expected: (red: UInt8, green: UInt8, blue: UInt8), tolerance: Int) -> Bool {
    near(color, (Int(expected.red), Int(expected.green), Int(expected.blue)), tolerance: tolerance)
}

/// Whether two colours have the same OKLab hue angle (to a degree or so).
func sameHue(_ x: Color, _ y: Color) -> Bool {
    guard let a = x.resolvedRGB, let b = y.resolvedRGB else { return false }
    let p = OKLab(red: a.red, green: a.green, blue: a.blue), q = OKLab(red: b.red, green: b.green, blue: b.blue)
    let cross = p.a * q.b - p.b * q.a, dot = p.a * q.a + p.b * q.b
    return abs(cross) <= 0.03 * abs(dot) && dot > 0
}

@Suite struct DimCopyTests {
    /// `dimmed(_:strength:method:)` makes in one pass what copying and dimming in
    /// place make, on random screens, rectangles, strengths and methods.
    @Test func aDimmedCopyEqualsDimmingInPlace() {
        var rng = SplitMix(seed: 16)
        for _ in 0..<300 {
            let size = Size(width: Int.random(in: 0...20, using: &rng), height: Int.random(in: 0...6, using: &rng))
            let screen = Sample.screen(size, operations: 12, &rng)
            let rect = Sample.rect(&rng, in: size)
            let strength = [0, 0.25, 0.5, 1, Double.random(in: -0.5...1.5, using: &rng)].randomElement(using: &rng)!
            let method: DimMethod = [
                .blend(terminal: nil), .blend(terminal: TerminalColors(background: (255, 255, 255))),
                .ansi(terminal: TerminalColors(background: (0, 0, 0)), hasBrightColors: true), .faint,
            ].randomElement(using: &rng)!
            let copy = screen.dimmed(rect, strength: strength, method: method)
            var inPlace = screen
            inPlace.dim(rect, strength: strength, method: method)
            #expect(copy == inPlace, "\(size) \(rect) \(strength) \(method)")
        }
    }

    /// Blends kept from one dim to the next (as the scene keeps them between frames) change
    /// nothing: every dim, in place or copied, equals a fresh one, whether the strength and
    /// method repeat or change between dims.
    @Test func keptBlendsDimAsFreshOnes() {
        var rng = SplitMix(seed: 1616)
        var blends = DimBlends()
        let methods: [DimMethod] = [
            .blend(terminal: nil), .blend(terminal: TerminalColors(background: (255, 255, 255))),
            .ansi(terminal: TerminalColors(background: (0, 0, 0)), hasBrightColors: true), .faint,
        ]
        var strength = 0.5, method = methods[0]
        for _ in 0..<300 {
            let size = Size(width: Int.random(in: 0...20, using: &rng), height: Int.random(in: 0...6, using: &rng))
            let screen = Sample.screen(size, operations: 12, &rng)
            let rect = Sample.rect(&rng, in: size)
            // Mostly the same dim again, as frame after frame under a toast.
            if Int.random(in: 0..<4, using: &rng) == 0 {
                strength = [0, 0.25, 0.5, 1, Double.random(in: -0.5...1.5, using: &rng)].randomElement(using: &rng)!
                method = methods.randomElement(using: &rng)!
            }
            var fresh = screen
            fresh.dim(rect, strength: strength, method: method)
            if Bool.random(using: &rng) {
                #expect(screen.dimmed(rect, strength: strength, method: method, blends: &blends) == fresh, "\(size) \(rect) \(strength) \(method)")
            } else {
                var kept = screen
                kept.dim(rect, strength: strength, method: method, blends: &blends)
                #expect(kept == fresh, "\(size) \(rect) \(strength) \(method)")
            }
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
