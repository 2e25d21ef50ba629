import CurtainScreen
@testable import CurtainTerminal
import Testing

@Suite struct ColorDepthTests {
    @Test func depthFollowsTheColourCount() {
        func depth(_ colors: Int, hasColors: Bool = true, noColor: String? = nil, direct: Bool = false) -> ColorDepth {
            ColorDepth.detect(colors: colors, hasColors: hasColors, noColor: noColor, directColorFlag: direct)
        }
        #expect(depth(256) == .indexed256)
        #expect(depth(0x1_0000) == .indexed256)
        #expect(depth(88) == .ansi16)
        #expect(depth(16) == .ansi16)
        #expect(depth(8) == .ansi8)
        #expect(depth(2) == .monochrome)
        #expect(depth(-1) == .monochrome)
        #expect(depth(256, hasColors: false) == .monochrome)
        #expect(depth(0x100_0000, direct: true) == .trueColor)
        #expect(depth(0x100_0000, direct: false) == .indexed256)
    }

    @Test func noColorMeansMonochromeWhenNotEmpty() {
        #expect(ColorDepth.detect(colors: 256, hasColors: true, noColor: "1", directColorFlag: false) == .monochrome)
        #expect(ColorDepth.detect(colors: 256, hasColors: true, noColor: "", directColorFlag: false) == .indexed256)
    }
}

@Suite struct ColorReductionTests {
    @Test func defaultStaysDefaultAtEveryDepth() {
        for depth in [ColorDepth.monochrome, .ansi8, .ansi16, .indexed256, .trueColor] {
            #expect(depth.colorNumber(for: .default) == -1)
        }
    }

    @Test func monochromeDropsEveryColour() {
        #expect(ColorDepth.monochrome.colorNumber(for: .red) == -1)
        #expect(ColorDepth.monochrome.colorNumber(for: .rgb(1, 2, 3)) == -1)
        #expect(ColorDepth.monochrome.colorNumber(for: .indexed(200)) == -1)
    }

    @Test func indexedColoursPassThroughWhenTheTerminalHasThem() {
        for i in 0...255 {
            #expect(ColorDepth.indexed256.colorNumber(for: .indexed(UInt8(i))) == Int32(i))
        }
        for i in 0..<16 { #expect(ColorDepth.ansi16.colorNumber(for: .indexed(UInt8(i))) == Int32(i)) }
        for i in 0..<8 {
            #expect(ColorDepth.ansi8.colorNumber(for: .indexed(UInt8(i))) == Int32(i))
            #expect(ColorDepth.ansi8.colorNumber(for: .indexed(UInt8(i + 8))) == Int32(i), "bright → normal")
        }
    }

    @Test func rgbReducesToTheCubeAndTheGreyRamp() {
        let depth = ColorDepth.indexed256
        #expect(depth.colorNumber(for: .rgb(255, 0, 0)) == 196)
        #expect(depth.colorNumber(for: .rgb(0, 0, 0)) == 16)
        #expect(depth.colorNumber(for: .rgb(255, 255, 255)) == 231)
        #expect(depth.colorNumber(for: .rgb(95, 135, 175)) == 67)
        #expect(depth.colorNumber(for: .rgb(128, 128, 128)) == 244, "a mid grey uses the ramp (128)")
        #expect(depth.colorNumber(for: .rgb(8, 8, 8)) == 232)
        #expect(depth.colorNumber(for: .rgb(100, 140, 170)) == 67, "nearest cube entry")
        // Every colour lands on its own palette entry's nearest match (idempotent on 16–255).
        for i in 16...255 {
            let rgb = Palette.rgb(of: UInt8(i))
            let back = Palette.rgb(of: UInt8(depth.colorNumber(for: .rgb(rgb.red, rgb.green, rgb.blue))))
            #expect(back == rgb, "index \(i)")
        }
    }

    @Test func rgbAndHighIndicesReduceToSixteenAndEight() {
        #expect(ColorDepth.ansi16.colorNumber(for: .rgb(255, 0, 0)) == 9)
        #expect(ColorDepth.ansi16.colorNumber(for: .rgb(200, 0, 0)) == 1)
        #expect(ColorDepth.ansi16.colorNumber(for: .indexed(196)) == 9)
        #expect(ColorDepth.ansi16.colorNumber(for: .indexed(232)) == 0)
        #expect(ColorDepth.ansi8.colorNumber(for: .rgb(255, 0, 0)) == 1)
        #expect(ColorDepth.ansi8.colorNumber(for: .rgb(0, 0, 200)) == 4)
        #expect(ColorDepth.ansi8.colorNumber(for: .rgb(250, 250, 250)) == 7)
        #expect(ColorDepth.ansi8.colorNumber(for: .indexed(231)) == 7)
        for i in 0...255 {
            #expect((0..<8).contains(ColorDepth.ansi8.colorNumber(for: .indexed(UInt8(i)))))
            #expect((0..<16).contains(ColorDepth.ansi16.colorNumber(for: .indexed(UInt8(i)))))
        }
    }

    @Test func directColourPacksRGBAndKeepsTheANSIColours() {
        #expect(ColorDepth.trueColor.colorNumber(for: .rgb(0x12, 0x34, 0x56)) == 0x12_3456)
        #expect(ColorDepth.trueColor.colorNumber(for: .indexed(3)) == 3)
        #expect(ColorDepth.trueColor.colorNumber(for: .indexed(196)) == 0xFF_0000)
        #expect(ColorDepth.trueColor.colorNumber(for: .rgb(0, 0, 5)) == 8, "0–7 would mean ANSI colours")
    }
}

@Suite struct ColorPairCacheTests {
    @Test func defaultColoursArePairZero() {
        var cache = ColorPairCache(colorPairs: 64)
        #expect(cache.pair(foreground: -1, background: -1) == .existing(0))
        #expect(cache.count == 0)
    }

    @Test func pairsAreAllocatedFromOneAndReused() {
        var cache = ColorPairCache(colorPairs: 64)
        #expect(cache.pair(foreground: 1, background: -1) == .new(1))
        #expect(cache.pair(foreground: 2, background: 4) == .new(2))
        #expect(cache.pair(foreground: 1, background: -1) == .existing(1))
        #expect(cache.pair(foreground: -1, background: 1) == .new(3), "order matters: fg/bg swapped is another pair")
        #expect(cache.count == 3)
        #expect(!cache.didOverflow)
    }

    @Test func exhaustionFallsBackToTheNearestPairAndNeverWraps() {
        var cache = ColorPairCache(colorPairs: 3) // pairs 1 and 2
        #expect(cache.pair(foreground: 1, background: 0) == .new(1))   // red on black
        #expect(cache.pair(foreground: 4, background: 7) == .new(2))   // blue on white
        #expect(cache.pair(foreground: 9, background: 0) == .fallback(1), "bright red on black looks like red on black")
        #expect(cache.pair(foreground: 12, background: 15) == .fallback(2))
        #expect(cache.didOverflow)
        #expect(cache.fallbackCount == 2)
        #expect(cache.count == 2)
        cache.reset()
        #expect(!cache.didOverflow)
        #expect(cache.pair(foreground: 9, background: 0) == .new(1))
    }

    @Test func withoutPairsEverythingIsPairZero() {
        for pairs in [-5, 0, 1] {
            var cache = ColorPairCache(colorPairs: pairs)
            #expect(cache.pair(foreground: 1, background: 2) == .fallback(0))
        }
    }

    @Test func defaultColoursCanBeTheNearestFallback() {
        var cache = ColorPairCache(colorPairs: 2)
        #expect(cache.pair(foreground: 196, background: 21) == .new(1))
        #expect(cache.pair(foreground: 7, background: 0) == .fallback(0), "light grey on black is nearest the defaults")
    }

    /// Thousands of combinations (24-bit colours, whose numbers use all 32 bits of the key's
    /// halves, and -1): each keeps its number as the table grows, and a reset empties it.
    @Test func manyPairsKeepTheirNumbersAcrossGrowthAndReset() {
        var cache = ColorPairCache(colorPairs: 65_536)
        let combinations: [(Int32, Int32)] = (0..<3_000).map { index in
            let n = Int32(index)
            return (index % 7 == 3 ? -1 : 256 + n * 5_501 % 0xFF_FFFF, n % 11 == 0 && index % 7 != 3 ? -1 : 0xFF_FFFF - n)
        }
        for (index, (fg, bg)) in combinations.enumerated() {
            #expect(cache.pair(foreground: fg, background: bg) == .new(Int32(index + 1)))
        }
        for (index, (fg, bg)) in combinations.enumerated().reversed() {
            #expect(cache.pair(foreground: fg, background: bg) == .existing(Int32(index + 1)))
        }
        #expect(cache.pair(foreground: 0xFF_FFFF, background: -1) == .new(3_001), "not stored yet")
        cache.reset()
        #expect(cache.count == 0)
        #expect(cache.pair(foreground: combinations[2].0, background: combinations[2].1) == .new(1))
    }

    @Test func everyLookupGetsAUsablePairUpToAndPastCapacity() {
        var cache = ColorPairCache(colorPairs: 256)
        var seen = Set<Int32>()
        for fg in Int32(-1)..<16 {
            for bg in Int32(-1)..<16 {
                let pair = cache.pair(foreground: fg, background: bg).pair
                #expect((0..<256).contains(pair))
                seen.insert(pair)
            }
        }
        #expect(seen.count == 256, "all 255 pairs used, plus pair 0")
        #expect(cache.didOverflow)
    }
}
