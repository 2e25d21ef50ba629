import CurtainLayout
import PropertyBased
import Testing
import CurtainScreen

@Suite struct ReductionTests {
    @Test func paletteEntries() {
        #expect(Palette.rgb(of: 0) == (0, 0, 0))
        #expect(Palette.rgb(of: 1) == (205, 0, 0))
        #expect(Palette.rgb(of: 12) == (92, 92, 255))
        #expect(Palette.rgb(of: 16) == (0, 0, 0))
        #expect(Palette.rgb(of: 196) == (255, 0, 0))
        #expect(Palette.rgb(of: 67) == (95, 135, 175))
        #expect(Palette.rgb(of: 231) == (255, 255, 255))
        #expect(Palette.rgb(of: 232) == (8, 8, 8))
        #expect(Palette.rgb(of: 255) == (238, 238, 238))
    }

    @Test func knownColoursMapToExpectedIndexes() {
        #expect(ColorReduction.nearestIndexed256(red: 255, green: 0, blue: 0) == 196)
        #expect(ColorReduction.nearestIndexed256(red: 0, green: 0, blue: 0) == 16)
        #expect(ColorReduction.nearestIndexed256(red: 255, green: 255, blue: 255) == 231)
        #expect(ColorReduction.nearestIndexed256(red: 128, green: 128, blue: 128) == 244)
        #expect(ColorReduction.nearestIndexed256(red: 250, green: 130, blue: 0) == 208)
        #expect(ColorReduction.nearestIndexed256(red: 30, green: 30, blue: 30) == 234)
        #expect(ColorReduction.nearestANSI16(red: 205, green: 0, blue: 0) == 1)
        #expect(ColorReduction.nearestANSI16(red: 255, green: 10, blue: 10) == 9)
        #expect(ColorReduction.nearestANSI16(red: 250, green: 250, blue: 250) == 15)
        #expect(ColorReduction.nearestANSI16(red: 20, green: 20, blue: 200) == 4)
        #expect(ColorReduction.nearestANSI8(red: 255, green: 0, blue: 0) == 1)
        #expect(ColorReduction.nearestANSI8(red: 255, green: 255, blue: 255) == 7)
        #expect(ColorReduction.nearestANSI8(red: 0, green: 200, blue: 190) == 6)
    }

    @Test func paletteColoursRoundTrip() {
        for index in UInt8(16)...255 {
            let c = Palette.rgb(of: index)
            #expect(ColorReduction.nearestIndexed256(red: c.red, green: c.green, blue: c.blue) == index, "index \(index)")
        }
        for index in UInt8(0)..<16 {
            let c = Palette.rgb(of: index)
            #expect(ColorReduction.nearestANSI16(red: c.red, green: c.green, blue: c.blue) == index, "index \(index)")
        }
        for index in UInt8(0)..<8 {
            let c = Palette.rgb(of: index)
            #expect(ColorReduction.nearestANSI8(red: c.red, green: c.green, blue: c.blue) == index, "index \(index)")
        }
    }

    /// The 256-colour choice is the perceptually nearest palette entry (OKLab, chroma weighted)
    /// and always close to the colour.
    @Test func nearestIndexedIsTheNearestInOKLab() async {
        await propertyCheck(count: 500, input: Gen.uint8(), Gen.uint8(), Gen.uint8()) { r, g, b in
            let index = ColorReduction.nearestIndexed256(red: r, green: g, blue: b)
            #expect(index >= 16)
            let chosen = ColorReduction.distance((r, g, b), Palette.rgb(of: index))
            let best = (16...255).map { ColorReduction.distance((r, g, b), Palette.rgb(of: UInt8($0))) }.min()!
            #expect(chosen == best, "rgb(\(r), \(g), \(b)) → \(index)")
            #expect(chosen < 0.02, "within a cube step or so, perceptually: \(chosen)")
        }
    }

    /// A dimmed colour keeps its hue at 256 colours: a darker version of itself, not a grey.
    @Test func dimmedColoursKeepTheirHueAt256() {
        for index in [UInt8(196), 202, 208, 214, 220, 226, 190, 118, 46, 51, 39, 27, 21, 93, 201] {
            let c = Palette.rgb(of: index)
            let dimmed = OKLab(red: c.red, green: c.green, blue: c.blue).darkened(by: 0.5).rgb
            let reduced = Palette.rgb(of: ColorReduction.nearestIndexed256(red: dimmed.red, green: dimmed.green, blue: dimmed.blue))
            let lab = OKLab(red: reduced.red, green: reduced.green, blue: reduced.blue)
            #expect(lab.chroma > 0.05, "indexed(\(index)) dimmed stays a colour: \(reduced)")
        }
    }

    @Test func colourReductionByDepth() {
        let orange = Color.rgb(250, 130, 0)
        #expect(ColorReduction.reduce(orange, to: .trueColor) == orange)
        #expect(ColorReduction.reduce(orange, to: .indexed256) == .indexed(208))
        #expect(ColorReduction.reduce(Color.indexed(208), to: .indexed256) == .indexed(208))
        #expect(ColorReduction.reduce(Color.indexed(12), to: .ansi16) == .indexed(12))
        #expect(ColorReduction.reduce(Color.indexed(196), to: .ansi16) == .indexed(9))
        #expect(ColorReduction.reduce(Color.indexed(12), to: .ansi8) == .indexed(4))
        #expect(ColorReduction.reduce(Color.indexed(196), to: .ansi8) == .indexed(1))
        for depth in ColorDepth.allCases {
            #expect(ColorReduction.reduce(Color.default, to: depth) == .default)
        }
        #expect(ColorReduction.reduce(orange, to: .monochrome) == .default)
    }

    @Test func styleReductionKeepsDimmingVisible() {
        let style = Style(foreground: .indexed(196), background: .rgb(0, 0, 200), attributes: .underline)
        let mono = ColorReduction.reduce(style, to: .monochrome)
        #expect(mono == Style(attributes: .underline), "an undimmed style just loses its colours")
        let dimmed = style.dimmed(by: 0.5)
        let dimmedMono = ColorReduction.reduce(dimmed, to: .monochrome)
        #expect(dimmedMono.foreground == .default && dimmedMono.background == .default)
        #expect(dimmedMono.attributes == [.underline, .dim])
        let dimmed16 = ColorReduction.reduce(dimmed, to: .ansi16)
        #expect(dimmed16.attributes.contains(.dim))
        #expect(dimmed16.foreground == .indexed(9), "the hue survives; faint does the darkening")
        #expect(dimmed16.background == .indexed(4), "a half-dark blue background keeps its hue: blue")
        let dimmed256 = ColorReduction.reduce(dimmed, to: .indexed256)
        #expect(!dimmed256.attributes.contains(.dim))
        #expect(dimmed256.foreground == .indexed(ColorReduction.nearestIndexed256(red: 128, green: 0, blue: 0)))
        #expect(ColorReduction.reduce(dimmed, to: .trueColor) == dimmed)
    }

    @Test func dimShowsAsFaintOnlyWhereColoursAreFew() {
        #expect(ColorDepth.allCases.filter(\.showsDimAsFaint) == [.ansi16, .ansi8, .monochrome])
    }

    @Test func noColorIsAnyNonEmptyValue() {
        #expect(ColorDepth.noColorRequested(by: "1"))
        #expect(ColorDepth.noColorRequested(by: "0"))  // any value, even "0" (no-color.org)
        #expect(!ColorDepth.noColorRequested(by: ""))
        #expect(!ColorDepth.noColorRequested(by: nil))
    }

    @Test func bufferReducedToMonochromeShowsTheDimAsFaint() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        _ = buffer.draw("ab", at: Point(x: 0, y: 0), style: Style(foreground: .indexed(214), background: .indexed(24)))
        _ = buffer.draw("cd", at: Point(x: 2, y: 0), style: Style(foreground: .indexed(245)))
        buffer.dim(Rect(x: 0, y: 0, width: 2, height: 1), strength: 0.5)
        let plain = buffer.reducingColors(to: .monochrome)
        #expect(plain.lines(trimmingTrailingSpaces: false) == buffer.lines(trimmingTrailingSpaces: false))
        for x in 0..<4 {
            #expect(plain[x, 0].style.foreground.isDefault && plain[x, 0].style.background.isDefault)
            #expect(plain[x, 0].style.attributes.contains(.dim) == (x < 2), "cell \(x)")
        }
        #expect(buffer.reducingColors(to: .trueColor) == buffer)
    }

    /// Without colours, dark-on-light cells (a caret, a status bar) keep standing out: reverse.
    @Test func monochromeShowsDarkOnLightInReverse() {
        let caret = ColorReduction.reduce(Style(foreground: .indexed(24), background: .indexed(230)), to: .monochrome)
        #expect(caret.attributes.contains(.reverse))
        #expect(caret.foreground == .default && caret.background == .default)
        let text = ColorReduction.reduce(Style(foreground: .indexed(231), background: .indexed(24)), to: .monochrome)
        #expect(!text.attributes.contains(.reverse), "light on dark is the normal look")
        let plain = ColorReduction.reduce(Style(foreground: .indexed(16)), to: .monochrome)
        #expect(!plain.attributes.contains(.reverse), "a default background is unknown: left alone")
        let reversed = ColorReduction.reduce(Style(foreground: .indexed(24), background: .indexed(230), attributes: .reverse), to: .monochrome)
        #expect(!reversed.attributes.contains(.reverse), "already shown light on dark")
        // With colours the colours do the work.
        let coloured = ColorReduction.reduce(Style(foreground: .indexed(24), background: .indexed(230)), to: .ansi8)
        #expect(!coloured.attributes.contains(.reverse))
    }
}
