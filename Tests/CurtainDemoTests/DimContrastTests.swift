import Curtain
import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import CurtainTestSupport
import CurtainTesting
import Testing

/// What a dim does to the glyphs it covers, as a person sees them: every glyph under a new dim
/// has at most the contrast it had before (the frame before and the frame after, reduced to the
/// depth and seen with xterm's palette, both ways of drawing bold) — including the glyphs whose
/// style changed for another reason at the same time (a pane's border losing focus to the toast
/// presented in it). At every depth, on a light and a dark terminal.
@MainActor
@Suite struct DimContrastTests {
    struct Setup: CustomTestStringConvertible, Sendable {
        var background: String
        var depth: ColorDepth
        var terminal: TerminalColors { TerminalColors(backgroundNamed: background)! }
        var testDescription: String { "\(background), \(depth)" }
    }

    nonisolated static let setups: [Setup] = ["dark", "light"].flatMap { name in
        [ColorDepth.trueColor, .indexed256, .ansi16, .ansi8].map { Setup(background: name, depth: $0) }
    }

    static let dims: [(name: String, steps: @MainActor (Pilot) async -> Void)] = [
        ("toast over its pane", { await $0.press("t") }),
        ("card over its pane", { await $0.press("c") }),
        ("modal over the screen", { await $0.press("m") }),
    ]

    @Test(arguments: setups)
    func noGlyphGainsContrastUnderADim(setup: Setup) async {
        for dim in Self.dims {
            let demo = DemoApp(clock: ManualClock())
            let pilot = Pilot(demo.app, size: Size(width: 120, height: 40),
                              appearance: TerminalAppearance(colorDepth: setup.depth, colors: setup.terminal))
            await pilot.advance(by: 1)
            _ = await pilot.settle()
            let before = pilot.screen
            await dim.steps(pilot)
            await pilot.advance(by: 1)
            _ = await pilot.settle()
            let after = pilot.screen
            let shownBefore = before.reducingColors(to: setup.depth), shownAfter = after.reducingColors(to: setup.depth)
            var checked = 0
            var gains: [String] = []
            for y in 0..<after.size.height {
                for x in 0..<after.size.width {
                    let old = before[x, y], new = after[x, y]
                    guard new.style.isDimmed, !old.style.isDimmed, new.grapheme == old.grapheme,
                          !new.grapheme.isContinuation, new.grapheme.text != " " else { continue }
                    checked += 1
                    for boldIsBright in [false, true] {
                        let was = SeenColors(shownBefore[x, y].style, terminal: setup.terminal, boldIsBright: boldIsBright).contrast
                        let now = SeenColors(shownAfter[x, y].style, terminal: setup.terminal, boldIsBright: boldIsBright).contrast
                        if now > was + 0.01 {
                            gains.append("(\(x),\(y)) '\(new.grapheme.text)' \(String(format: "%.2f", was)) → \(String(format: "%.2f", now))\(boldIsBright ? " bold as bright" : "") [\(shownBefore[x, y].style) → \(shownAfter[x, y].style)]")
                        }
                    }
                }
            }
            withExtendedLifetime(demo) {}
            #expect(checked > 50, "\(setup.testDescription), \(dim.name): only \(checked) glyphs dimmed")
            #expect(gains.isEmpty, "\(setup.testDescription), \(dim.name): \(gains.count) glyph contrasts rose: \(gains.prefix(4))")
        }
    }
}
