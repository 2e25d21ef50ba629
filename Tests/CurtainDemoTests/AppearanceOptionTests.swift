import Foundation
import Testing

// `--background` and `--colors` (and CURTAIN_BACKGROUND) through the built binary: headless
// output and recordings show the theme a terminal with that background and depth gets.

@Suite("Appearance options")
struct AppearanceOptionTests {
    /// The focused pane's top-left corner as printed by `--output ansi`.
    static func focusedCorner(_ arguments: [String], environment: [String: String] = [:]) throws -> (CapturedCell, DemoCLI.Result) {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let result = try DemoCLI.run(["--headless", "--output", "ansi"] + arguments, in: scratch, environment: environment)
        let rows = parseScreen(result.text)
        return (rows.first?.first ?? CapturedCell(text: "", style: CapturedStyle()), result)
    }

    /// Each background and depth prints the focused border in that theme's colour and line:
    /// the light and dark themes differ at every depth, the 8- and 16-colour ones use ANSI
    /// colours only, and on a light terminal with 8 or 16 colours focus is a heavy black line
    /// (a colour there would stand out less than the black of the panes a dim leaves).
    @Test(arguments: [
        (["--background", "dark", "--colors", "truecolor"], "idx:214", "┌"),
        (["--background", "light", "--colors", "truecolor"], "idx:130", "┌"),
        (["--background", "dark", "--colors", "256"], "idx:214", "┌"),
        (["--background", "light", "--colors", "256"], "idx:130", "┌"),
        (["--background", "dark", "--colors", "16"], "idx:11", "┌"),
        (["--background", "light", "--colors", "16"], "idx:0", "┏"),
        (["--background", "dark", "--colors", "8"], "idx:3", "┌"),
        (["--background", "#fdf6e3", "--colors", "8"], "idx:0", "┏"),
    ])
    func theFocusedBorderHasTheThemesColour(arguments: [String], colour: String, corner glyph: String) throws {
        let (corner, result) = try Self.focusedCorner(arguments)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(corner.text == glyph)
        #expect(corner.style.foreground == colour, "\(arguments)")
    }

    @Test func withoutColoursFocusIsAHeavyBorderAndNoColourIsPrinted() throws {
        let (corner, result) = try Self.focusedCorner(["--colors", "none"])
        #expect(result.status == 0)
        #expect(corner.text == "┏")
        #expect(!result.text.contains("38;") && !result.text.contains("48;"))
    }

    /// `--colors` says what the terminal shows, over `NO_COLOR` (a per-run option beats the
    /// environment, as no-color.org asks).
    @Test func colorsOverridesNoColor() throws {
        let (corner, result) = try Self.focusedCorner(["--colors", "16"], environment: ["NO_COLOR": "1"])
        #expect(result.status == 0)
        #expect(corner.style.foreground == "idx:11")
    }

    @Test func curtainBackgroundActsLikeTheOptionWhichWins() throws {
        let (fromEnvironment, _) = try Self.focusedCorner(["--colors", "256"], environment: ["CURTAIN_BACKGROUND": "light"])
        #expect(fromEnvironment.style.foreground == "idx:130")
        let (fromOption, _) = try Self.focusedCorner(["--colors", "256", "--background", "dark"],
                                                     environment: ["CURTAIN_BACKGROUND": "light"])
        #expect(fromOption.style.foreground == "idx:214")
    }

    @Test func anUnreadableCurtainBackgroundIsReportedAndIgnored() throws {
        let (corner, result) = try Self.focusedCorner(["--colors", "256"], environment: ["CURTAIN_BACKGROUND": "beige\u{1B}[2J"])
        #expect(result.status == 0)
        #expect(corner.style.foreground == "idx:214", "the dark default")
        #expect(result.stderr.contains("warning: CURTAIN_BACKGROUND"))
        #expect(!result.stderr.contains("\u{1B}"), "escaped: \(result.stderr)")
    }

    @Test(arguments: [
        (["--background", "pink"], "--background 'pink' is not a background; use light, dark or a colour as #rrggbb"),
        (["--background", "#12345"], "--background '#12345' is not a background"),
        (["--colors", "42"], "--colors '42' is not a colour depth; use 8, 16, 256, truecolor or none"),
    ])
    func badValuesAreUsageErrors(arguments: [String], message: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let result = try DemoCLI.run(["--headless"] + arguments, in: scratch)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// A recording carries the theme of the background it was made for.
    @Test func aRecordingCarriesTheLightTheme() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let light = try DemoCLI.run(["--headless", "--background", "light", "--record", "light.cast"], in: scratch)
        let dark = try DemoCLI.run(["--headless", "--background", "dark", "--record", "dark.cast"], in: scratch)
        #expect(light.status == 0 && dark.status == 0)
        let lightCast = String(decoding: try scratch.read("light.cast"), as: UTF8.self)
        let darkCast = String(decoding: try scratch.read("dark.cast"), as: UTF8.self)
        #expect(lightCast.contains("38;5;130"), "the light theme's focused border")
        #expect(!darkCast.contains("38;5;130"))
        #expect(darkCast.contains("38;5;214"))
    }

    /// Headless output and recordings at 8 and 16 colours write the ANSI colour forms
    /// (`30–37`, `90–97`, `40–47`, `100–107`), which such terminals play; never `38;5;n`.
    @Test(arguments: ["8", "16"])
    func eightAndSixteenColourOutputUsesTheANSIForms(colors: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let printed = try DemoCLI.run(["--headless", "--output", "ansi", "--colors", colors], in: scratch)
        let recorded = try DemoCLI.run(["--headless", "--colors", colors, "--record", "c.cast"], in: scratch)
        #expect(printed.status == 0 && recorded.status == 0)
        let cast = String(decoding: try scratch.read("c.cast"), as: UTF8.self)
        for output in [printed.text, cast] {
            #expect(!output.contains("38;5;") && !output.contains("48;5;"))
            #expect(output.range(of: #"[\[;](3[0-7]|9[0-7])[;m]"#, options: .regularExpression) != nil)
        }
    }
}
