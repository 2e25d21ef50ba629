import Curtain
import CurtainScreen
import CurtainTestSupport
import Testing

/// Every standard theme, as its terminal shows it, reads: text — secondary text included —
/// at least 4.5:1 against its background, borders at least 3:1 (WCAG 2), on a light and a
/// dark terminal at every colour depth. Each role is reduced to the depth as the backends reduce it
/// and seen with xterm's palette, on the terminal's own colours where it leaves them.
@MainActor
@Suite struct ThemeContrastTests {
    /// Roles whose lines are not read letter by letter: 3:1 is enough. Secondary text is read
    /// ("updates once a second"): 4.5:1, at 16 colours too (issue 37, item 11: palette 8 was
    /// 4.16:1 on dark, 4.00:1 on light).
    static let threeToOne: Set<String> = ["border", "focusedBorder", "toastBorder", "sheetBorder", "modalBorder"]

    static func roles(of theme: Theme) -> [(String, Style)] {
        [("text", theme.text), ("secondaryText", theme.secondaryText), ("accent", theme.accent),
         ("border", theme.border), ("title", theme.title), ("focusedBorder", theme.focusedBorder), ("focusedTitle", theme.focusedTitle),
         ("toast", theme.toast), ("toastBorder", theme.toastBorder), ("sheet", theme.sheet),
         ("sheetBorder", theme.sheetBorder), ("modal", theme.modal), ("modalBorder", theme.modalBorder),
         ("helpBar", theme.helpBar), ("helpKey", theme.helpKey), ("selection", theme.selection),
         ("inactiveSelection", theme.inactiveSelection), ("caret", theme.caret), ("button", theme.button),
         ("focusedButton", theme.focusedButton), ("information", theme.information), ("warning", theme.warning),
         ("error", theme.error)]
    }

    static let terminals: [(String, TerminalColors)] = [("dark", .dark), ("light", .light)]

    @Test(arguments: ColorDepth.allCases.filter { $0 != .monochrome })
    func everyRoleReadsOnItsBackground(depth: ColorDepth) {
        for (name, terminal) in Self.terminals {
            let theme = Theme.standard(for: TerminalAppearance(colorDepth: depth, colors: terminal))
            #expect(theme.isLight == terminal.isLight)
            for (role, style) in Self.roles(of: theme) {
                let needed = Self.threeToOne.contains(role) ? 3.0 : 4.5
                // Bold in colours 0–7 may be drawn bright (xterm's default): it reads either way.
                for seen in SeenColors.bothBoldModels(ColorReduction.reduce(style, to: depth), terminal: terminal) {
                    #expect(seen.contrast >= needed,
                            "\(name) \(depth) \(role): \(seen.foreground) on \(seen.background) is \(seen.contrast):1, needs \(needed)")
                }
            }
        }
    }

    /// A role drawn over another role's area (a help key on the help bar, a title on a
    /// toast's border) reads there too.
    @Test(arguments: ColorDepth.allCases)
    func rolesDrawnOverOthersRead(depth: ColorDepth) {
        for (name, terminal) in Self.terminals {
            let theme = Theme.standard(for: TerminalAppearance(colorDepth: depth, colors: terminal))
            let pairs: [(String, Style, Style)] = [("helpKey on helpBar", theme.helpKey, theme.helpBar)]
            for (label, top, under) in pairs {
                var drawn = top
                if drawn.background.isDefault { drawn.background = under.background }
                for seen in SeenColors.bothBoldModels(ColorReduction.reduce(drawn, to: depth), terminal: terminal) {
                    #expect(seen.contrast >= 4.5, "\(name) \(depth) \(label): \(seen.contrast):1")
                }
            }
        }
    }

    /// Without colours the roles that must stand out do, by attributes: focus by a reversed
    /// title and a heavy border, selection and the focused button in reverse video.
    @Test func withoutColoursFocusAndSelectionStandOut() {
        for (_, terminal) in Self.terminals {
            let theme = Theme.standard(for: TerminalAppearance(colorDepth: .monochrome, colors: terminal))
            #expect(theme.focusedTitle.attributes.contains(.reverse))
            #expect(theme.focusedBorderLine == .heavy)
            for style in [theme.selection, theme.focusedButton, theme.caret] {
                #expect(ColorReduction.reduce(style, to: .monochrome).attributes.contains(.reverse))
            }
        }
    }
}
