import CurtainLayout
import CurtainScreen
import CurtainTesting
import Testing
@testable import Curtain

/// The standard theme for a terminal whose locale is not UTF-8.
let asciiTheme = Theme.standard(for: TerminalAppearance(colorDepth: .trueColor, supportsUnicode: false))

/// `root` on a headless screen that, like a `LANG=C` terminal, shows no Unicode.
@MainActor
func asciiPilot(_ root: View, size: Size = Size(width: 40, height: 10)) -> Pilot {
    let app = App(root: root, clock: ManualClock())
    app.scene.followsTerminalAppearance = false
    app.scene.theme = asciiTheme
    return Pilot(app, size: size)
}

@Suite struct ThemeDisplayableTests {
    @Test func theStandardThemeCarriesTheTerminalsUnicode() {
        #expect(Theme.dark.supportsUnicode)
        #expect(Theme.standard(for: .unknown).supportsUnicode)
        #expect(!asciiTheme.supportsUnicode)
        #expect(asciiTheme != Theme.dark, "themes that show text differently are different themes")
        var unicode = asciiTheme
        unicode.supportsUnicode = true
        #expect(unicode == Theme.dark)
    }

    @Test func textIsUnchangedWithUnicodeAndASCIIWithout() {
        let text = "⌫ delete · ←→↑↓ move · wait… ≥ 2 · Café"
        #expect(Theme.dark.displayable(text) == text)
        #expect(asciiTheme.displayable(text) == "BS delete - <>^v move - wait... >= 2 - Cafe")
        #expect(asciiTheme.displayable("漢字 😀") == "漢字 😀", "no ASCII stand-in: left to the terminal backend")
    }
}

/// Each library view that draws text of its own shows it, and measures it, as the theme's
/// ASCII stand-ins on a terminal without Unicode.
@MainActor
@Suite struct ASCIITextViewTests {
    @Test func aLabelWrapsAndStylesItsTextAsShown() {
        let bold = Style(attributes: .bold)
        let label = Label(StyledText("⌫", style: bold) + " up · ←→ move", border: true, title: "Keys ↑")
        let pilot = asciiPilot(label, size: Size(width: 12, height: 5))
        // "BS up - <> move" is 15 columns: it wraps at 8 (12 less the box and padding).
        #expect(pilot.lines[0].contains(" Keys ^ "), "\(pilot.text)")
        #expect(pilot.lines[1] == "│ BS up -  │")
        #expect(pilot.lines[2] == "│ <> move  │")
        #expect(pilot.cell(x: 2, y: 1).style.attributes.contains(.bold) && pilot.cell(x: 3, y: 1).style.attributes.contains(.bold))
        #expect(!pilot.cell(x: 5, y: 1).style.attributes.contains(.bold), "the runs' styles follow their stand-ins")
        #expect(label.naturalWidth == TextWidth.of("BS up - <> move") + 4)
        #expect(label.fittingSize(width: 12).height == 4)
    }

    @Test func aToastsHintAndRowsAboveAreASCII() async {
        let pane = PaneView(title: "Notes · 1")
        let pilot = asciiPilot(pane, size: Size(width: 40, height: 8))
        let toast = TextToastView(hint: "Esc close · Enter new line")
        let controller = ToastPresentationController(presentedView: toast)
        toast.onChange = { [unowned controller] in controller.updatePresentationLayout(animated: true) }
        pilot.app.scene.present(controller, from: pane)
        await pilot.settle()
        #expect(pilot.text.contains("Notes - 1"))
        #expect(pilot.text.contains("Esc close - Enter new line"), "\(pilot.text)")
        await pilot.paste((1...12).map { "line \($0)" }.joined(separator: "\n"))
        await pilot.settle()
        #expect(pilot.text.contains(" rows above"), "\(pilot.text)")
        #expect(pilot.text.contains("^ "), "\(pilot.text)")
        #expect(!pilot.text.contains("↑"))
    }

    @Test func aLogsMarkerIsASCII() async {
        let pane = PaneView(title: "Log")
        let log = Log()
        pane.setContentView(log)
        let pilot = asciiPilot(pane, size: Size(width: 30, height: 8))
        log.append(contentsOf: (1...40).map { "line \($0)" })
        pilot.app.scene.focus(log)
        await pilot.press(.pageUp)
        #expect(pilot.text.contains(" v "), "\(pilot.text)")
        #expect(pilot.text.contains(" more "))
        #expect(!pilot.text.contains("↓"))
    }

    @Test func theTooSmallScreenIsASCII() async {
        let pilot = asciiPilot(View(), size: Size(width: 30, height: 10))
        pilot.app.scene.minimumSize = Size(width: 36, height: 15)
        pilot.app.scene.tooSmallView.hint = "q quits…"
        await pilot.resize(to: Size(width: 31, height: 10))
        #expect(pilot.text.contains("31x10, needs 36x15"), "\(pilot.text)")
        #expect(pilot.text.contains("q quits..."))
    }

    @Test func aListsRowsAndMarkerAreASCII() {
        let list = ListView(items: ["café ↑", "naïve"])
        list.selectionMarker = "› "
        let pilot = asciiPilot(list, size: Size(width: 20, height: 3))
        #expect(pilot.lines[0] == "> cafe ^")
        #expect(pilot.lines[1] == "  naive")
    }

    @Test func notificationsAlertsAndButtonsAreASCII() async {
        let root = View()
        let pilot = asciiPilot(root, size: Size(width: 60, height: 14))
        pilot.app.scene.notify("Build finished · #1", title: "CI → done", in: root)
        await pilot.settle()
        #expect(pilot.text.contains("Build finished - #1"), "\(pilot.text)")
        #expect(pilot.text.contains("CI > done"))
        let alert = AlertController(title: "Clear…", message: "Clear “all” lines?", actions: [
            AlertAction("Yes — clear", shortcut: "y"), AlertAction("No", shortcut: "n", role: .cancel),
        ])
        pilot.app.scene.present(alert, from: root)
        await pilot.settle()
        #expect(pilot.text.contains("Clear..."), "\(pilot.text)")
        #expect(pilot.text.contains("Clear \"all\" lines?"))
        #expect(pilot.text.contains(" Yes - clear "))
    }
}
