import CurtainPlatform
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

    /// The 256-colour choice is the perceptually nearest palette entry (OKLab, chroma and hue
    /// weighted) — for a colour, the nearest colour unless none is near — and always close.
    @Test func nearestIndexedIsTheNearestInOKLab() async {
        await propertyCheck(count: 500, input: Gen.uint8(), Gen.uint8(), Gen.uint8()) { r, g, b in
            let index = ColorReduction.nearestIndexed256(red: r, green: g, blue: b)
            #expect(index >= 16)
            func distance(_ i: Int) -> Double { ColorReduction.distance((r, g, b), Palette.rgb(of: UInt8(i))) }
            func isColour(_ c: (red: UInt8, green: UInt8, blue: UInt8)) -> Bool {
                OKLab(red: c.red, green: c.green, blue: c.blue).chroma >= ColorReduction.greyChroma
            }
            let chosen = distance(Int(index))
            let best = (16...255).map(distance).min()!
            let bestColour = (16...255).filter { isColour(Palette.rgb(of: UInt8($0))) }.map(distance).min()!
            if isColour((r, g, b)), bestColour <= ColorReduction.nearEnough {
                #expect(chosen == bestColour, "rgb(\(r), \(g), \(b)) → \(index): the nearest colour, not a grey")
            } else {
                #expect(chosen == best, "rgb(\(r), \(g), \(b)) → \(index)")
            }
            #expect(chosen <= ColorReduction.nearEnough, "within two cube steps or so, perceptually: \(chosen)")
        }
    }

    /// The hue angle of a colour in OKLab, in degrees.
    static func hue(_ c: (red: UInt8, green: UInt8, blue: UInt8)) -> Double {
        let lab = OKLab(red: c.red, green: c.green, blue: c.blue)
        return atan2(lab.b, lab.a) * 180 / .pi
    }

    static func hueDifference(_ x: Double, _ y: Double) -> Double {
        let d = abs(x - y).truncatingRemainder(dividingBy: 360)
        return min(d, 360 - d)
    }

    /// The demo's colour bands: a hue circle of saturated colours.
    static let bands: [UInt8] = [196, 202, 208, 214, 220, 226, 190, 154, 118, 82, 46, 47, 48, 49, 50, 51,
                                 45, 39, 33, 27, 21, 57, 93, 129, 165, 201, 200, 199, 198, 197]

    /// Dimmed once (0.5) or twice (0.75, a pane's and the screen's dims composed), a colour at
    /// 256 colours stays a colour of its own hue: a darker version of itself, never a grey.
    @Test(arguments: [0.25, 0.5, 0.75])
    func dimmedColoursKeepTheirHueAt256(strength: Double) {
        for index in Self.bands {
            let dimmed = Color.indexed(index).darkened(by: strength).rgbComponents!
            let reduced = Palette.rgb(of: ColorReduction.nearestIndexed256(red: dimmed.red, green: dimmed.green, blue: dimmed.blue))
            let lab = OKLab(red: reduced.red, green: reduced.green, blue: reduced.blue)
            #expect(lab.chroma > ColorReduction.greyChroma, "indexed(\(index)) dimmed by \(strength) stays a colour: \(reduced)")
            let drift = Self.hueDifference(Self.hue(dimmed), Self.hue(reduced))
            #expect(drift < 35, "indexed(\(index)) dimmed by \(strength): hue moves \(drift)°")
            #expect(Contrast.luminance(reduced) < Contrast.luminance(Palette.rgb(of: index)), "darker than the colour itself")
        }
    }

    /// Colours that differ before a dim still differ after it wherever the palette allows:
    /// the bands, dimmed, reduce to as many palette colours as there are palette colours of
    /// distinct hue near their lightness (a dark palette has few: the cube's dark corner holds
    /// 6 colours, 3 at 0.75 strength for the bands' two cube steps).
    @Test func dimmedBandsStayApartAsFarAsThePaletteAllows() {
        func distinct(_ strength: Double) -> Int {
            Set(Self.bands.map { index -> UInt8 in
                let c = Color.indexed(index).darkened(by: strength).rgbComponents!
                return ColorReduction.nearestIndexed256(red: c.red, green: c.green, blue: c.blue)
            }).count
        }
        // Measured with the previous, lightness-first matching: 26, 12 and 8 (three of them greys).
        #expect(distinct(0.25) >= 29)
        #expect(distinct(0.5) >= 17)
        #expect(distinct(0.75) >= 7)
        // Neighbouring bands that differ in hue by 30° or more never become one colour.
        for strength in [0.25, 0.5] {
            for (x, y) in zip(Self.bands, Self.bands.dropFirst()) {
                let a = Color.indexed(x).darkened(by: strength).rgbComponents!, b = Color.indexed(y).darkened(by: strength).rgbComponents!
                guard Self.hueDifference(Self.hue(a), Self.hue(b)) >= 30 else { continue }
                #expect(ColorReduction.nearestIndexed256(red: a.red, green: a.green, blue: a.blue)
                        != ColorReduction.nearestIndexed256(red: b.red, green: b.green, blue: b.blue), "\(x) and \(y) at \(strength)")
            }
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
