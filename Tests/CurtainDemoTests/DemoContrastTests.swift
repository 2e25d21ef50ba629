import CurtainPlatform
import Curtain
import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import CurtainTestSupport
import CurtainTesting
import Testing

/// The demo reads on every terminal: for a light and a dark background at every colour depth,
/// the contrast of every cell as the terminal shows it (the frame reduced to the depth, as the
/// backends and `--output ansi` reduce it, seen with xterm's palette on the terminal's own
/// colours). Undimmed text needs 4.5:1, borders, secondary text and glyphs that are not letters
/// 3:1. Under a dim every cell gets darker (unless black already, or an ANSI colour with nothing
/// darker of its hue) and no cell gains contrast.
@MainActor
@Suite struct DemoContrastTests {
    struct Setup: CustomTestStringConvertible, Sendable {
        var background: String
        var depth: ColorDepth
        var terminal: TerminalColors { TerminalColors(backgroundNamed: background)! }
        var testDescription: String { "\(background), \(depth)" }
    }

    nonisolated static let setups: [Setup] = ["dark", "light"].flatMap { name in ColorDepth.allCases.map { Setup(background: name, depth: $0) } }

    /// The states of the demo worth looking at, each from a fresh start at 80 × 24.
    static let states: [(name: String, steps: @MainActor (Pilot) async -> Void)] = [
        ("grid", { _ in }),
        ("toast", { await $0.press("t"); await $0.type("Hello, contrast 123") }),
        ("modal", { await $0.press("m") }),
        ("notification", { await $0.press("n") }),
        ("sheet", { await $0.press("s") }),
        ("card", { await $0.press("c") }),
        ("second pane", { await $0.press("Tab") }),
        ("warning and error", {
            $0.app.scene.notify("Disk almost full", severity: .warning, duration: 60)
            $0.app.scene.notify("Upload failed", severity: .error, duration: 60)
        }),
        ("too small", { await $0.resize(to: Size(width: 30, height: 10)) }),
    ]

    static func start(_ setup: Setup, size: Size = Size(width: 80, height: 24)) -> (DemoApp, Pilot) {
        let demo = DemoApp(clock: ManualClock())
        let pilot = Pilot(demo.app, size: size, appearance: TerminalAppearance(colorDepth: setup.depth, colors: setup.terminal))
        return (demo, pilot)
    }

    static func settled(_ pilot: Pilot) async -> CellBuffer {
        await pilot.advance(by: 1)
        _ = await pilot.settle()
        return pilot.screen
    }

    /// Roles whose cells need only 3:1 (lines and secondary text), as shown at the depth.
    static func threeToOneStyles(_ theme: Theme, depth: ColorDepth) -> Set<Style> {
        Set([theme.secondaryText, theme.border, theme.focusedBorder, theme.toastBorder, theme.sheetBorder,
             theme.modalBorder].map { ColorReduction.reduce($0, to: depth) })
    }

    /// Whether a cell is read as a letter or digit (4.5:1) rather than seen as a shape (3:1).
    static func isLetter(_ cell: Cell) -> Bool {
        cell.grapheme.text.unicodeScalars.contains { $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }

    @Test(arguments: setups)
    func undimmedCellsRead(setup: Setup) async {
        var lowest: [String: Double] = [:]
        for state in Self.states {
            let (demo, pilot) = Self.start(setup)
            await state.steps(pilot)
            let frame = await Self.settled(pilot)
            let shown = frame.reducingColors(to: setup.depth)
            let relaxed = Self.threeToOneStyles(demo.scene.theme, depth: setup.depth)
            #expect(demo.scene.theme.isLight == (setup.background == "light"))
            var failures: [String] = []
            for y in 0..<frame.size.height {
                for x in 0..<frame.size.width {
                    let cell = shown[x, y]
                    let text = cell.grapheme.text
                    // Blank cells show no text; the colour pane's pattern is decoration.
                    guard !frame[x, y].style.isDimmed, !cell.grapheme.isContinuation, text != " ", text != "▚" else { continue }
                    let needed = Self.isLetter(cell) && !relaxed.contains(cell.style) ? 4.5 : 3
                    // Bold in colours 0–7 may be drawn bright (xterm's default): it reads either way.
                    let contrast = SeenColors.bothBoldModels(cell.style, terminal: setup.terminal).map(\.contrast).min()!
                    let kind = needed == 4.5 ? "text" : "lines"
                    lowest[kind] = min(lowest[kind] ?? 21, contrast)
                    if contrast < needed { failures.append("(\(x),\(y)) '\(text)' \(cell.style): \(contrast)") }
                }
            }
            #expect(failures.isEmpty, "\(setup.testDescription), \(state.name): \(failures.count) cells below contrast: \(failures.prefix(6))")
        }
        #expect(lowest["text"] != nil, "no text was checked")
    }

    /// Pairs of states: the second dims cells the first shows undimmed (or dimmed once).
    static let dims: [(name: String, first: @MainActor (Pilot) async -> Void, then: @MainActor (Pilot) async -> Void)] = [
        ("modal over the screen", { _ in }, { await $0.press("m") }),
        ("toast over its pane", { _ in }, { await $0.press("t") }),
        ("card over its pane", { _ in }, { await $0.press("c") }),
        ("screen toast over a dimmed pane", { await $0.press("t"); await $0.press("Tab") }, { await $0.press("T") }),
    ]

    /// How bright a cell looks: mostly its background, partly its text. A glyph inks about a
    /// fifth of its cell; the exact share does not matter, only that both count.
    static func brightness(_ seen: SeenColors, blank: Bool) -> Double {
        blank ? seen.backgroundLuminance : 0.8 * seen.backgroundLuminance + 0.2 * seen.foregroundLuminance
    }

    /// Whether a cell that did not change under a dim already shows the darkest colour of its
    /// hue the palette has: with 8 or 16 colours red to cyan (1–6) have nothing darker but
    /// black (a dimmed toast would become a black hole; its text turns faint instead).
    static func isDarkestOfItsHue(_ now: Style, before: Style, depth: ColorDepth, blank: Bool) -> Bool {
        guard depth == .ansi8 || depth == .ansi16, now.background == before.background,
              blank || now.foreground == before.foreground else { return false }
        if (1...6).contains(now.background.index ?? 0) { return true }
        // Dark text whose background's one darker step is the text's own colour (black on
        // grey with 8 colours, grey on the grey that was white with 16): stepping would erase
        // the text, and any other colour for it would be lighter.
        guard let fg = now.foreground.index, let bg = now.background.index, fg < 16, bg < 16 else { return false }
        let textStep = (9...15).contains(fg) ? fg - 8 : fg
        let backgroundStep: UInt8 = switch bg {
        case 9...15: bg - 8
        case 7: depth == .ansi16 ? 8 : 0
        case 8: 0
        default: bg
        }
        return backgroundStep == textStep && Contrast.luminance(Palette.rgb(of: fg)) < Contrast.luminance(Palette.rgb(of: bg))
    }

    /// With colours, a dim darkens every cell it covers and no text gains contrast. (Without
    /// colours a dim can only be the faint attribute: nothing can darken a white terminal.)
    @Test(arguments: setups.filter { $0.depth != .monochrome })
    func dimmedCellsGetDarkerAndNeverGainContrast(setup: Setup) async {
        for dim in Self.dims {
            let (demo, pilot) = Self.start(setup)
            defer { withExtendedLifetime(demo) {} }   // the demo's handlers refer to it unowned
            await dim.first(pilot)
            let before = await Self.settled(pilot)
            await dim.then(pilot)
            let after = await Self.settled(pilot)
            let method = demo.scene.theme.dimMethod
            let strengths = Set(demo.scene.presentations.map(\.dimmingStrength))
            var checked = 0, sameContent = 0
            var failures: [String] = []
            let shownBefore = before.reducingColors(to: setup.depth), shownAfter = after.reducingColors(to: setup.depth)
            for y in 0..<after.size.height {
                for x in 0..<after.size.width {
                    let old = before[x, y], new = after[x, y]
                    // The cells the new dim covers that show what they showed (not the new view,
                    // not a clock digit that changed).
                    guard new.style.isDimmed, new.grapheme == old.grapheme, !new.grapheme.isContinuation,
                          new.style != old.style else { continue }
                    checked += 1
                    let was = SeenColors(shownBefore[x, y].style, terminal: setup.terminal)
                    let now = SeenColors(shownAfter[x, y].style, terminal: setup.terminal)
                    let blank = new.grapheme.text == " "
                    let wasBrightness = Self.brightness(was, blank: blank), nowBrightness = Self.brightness(now, blank: blank)
                    if nowBrightness > wasBrightness + 1e-9 {
                        failures.append("(\(x),\(y)) '\(new.grapheme.text)' lighter: \(wasBrightness) → \(nowBrightness)")
                    }
                    // Strictly darker, where the depth can show it. At 256 colours the palette
                    // has steps: the blends drawn must get darker, but the nearest palette
                    // colour of a slightly darker blend may be the same one. With 8 or 16
                    // colours red to cyan (1–6) have nothing darker of their hue.
                    let strictly: (was: Double, now: Double)
                    if setup.depth == .indexed256 {
                        strictly = (Self.brightness(SeenColors(old.style, terminal: setup.terminal), blank: blank),
                                    Self.brightness(SeenColors(new.style, terminal: setup.terminal), blank: blank))
                    } else {
                        strictly = (wasBrightness, nowBrightness)
                    }
                    let atFloor = Self.isDarkestOfItsHue(shownAfter[x, y].style, before: shownBefore[x, y].style,
                                                         depth: setup.depth, blank: blank)
                    if strictly.was > 0.002, !atFloor, strictly.now >= strictly.was {
                        failures.append("(\(x),\(y)) '\(new.grapheme.text)' not darker: \(strictly.was) → \(strictly.now)")
                    }
                    // Where only the dim changed the cell (focus moving to the presented view
                    // also recolours a pane's border), its text must not gain contrast.
                    guard !blank, strengths.contains(where: { old.style.dimmed(by: $0, method: method) == new.style }) else { continue }
                    sameContent += 1
                    // Either way bold is drawn (as set, or bright as xterm does).
                    for boldIsBright in [false, true] {
                        let was = SeenColors(shownBefore[x, y].style, terminal: setup.terminal, boldIsBright: boldIsBright)
                        let now = SeenColors(shownAfter[x, y].style, terminal: setup.terminal, boldIsBright: boldIsBright)
                        if now.contrast > was.contrast + 0.01 {
                            failures.append("(\(x),\(y)) '\(new.grapheme.text)' contrast \(was.contrast) → \(now.contrast)\(boldIsBright ? " (bold as bright)" : "")")
                        }
                        if !was.isDarkText || now.foregroundLuminance <= was.foregroundLuminance + 1e-9 { continue }
                        failures.append("(\(x),\(y)) '\(new.grapheme.text)' dark glyph made lighter: \(was.foreground) → \(now.foreground) (\(shownBefore[x, y].style) → \(shownAfter[x, y].style))")
                    }
                }
            }
            #expect(checked > 50, "\(setup.testDescription), \(dim.name): only \(checked) dimmed cells")
            #expect(sameContent > 20, "\(setup.testDescription), \(dim.name): only \(sameContent) cells changed by the dim alone")
            #expect(failures.isEmpty, "\(setup.testDescription), \(dim.name): \(failures.count) cells: \(failures.prefix(6))")
        }
    }
}
