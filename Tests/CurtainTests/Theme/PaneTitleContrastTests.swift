import Curtain
import CurtainLayout
import CurtainScreen
import CurtainTestSupport
import CurtainTesting
import Testing

/// A pane's title is text, focused or not: at least 4.5:1 on the terminal's background, read
/// from the cells a grid of two panes draws (one focused), reduced to each depth and seen with
/// xterm's palette (the unfocused title was 3.95:1 on white at 256 colours; in grey 8 at 16
/// colours 4.0:1 on white and 4.2:1 on #1e1e1e) — on white, on black, and on the dark grey
/// many terminals use.
@MainActor
@Suite struct PaneTitleContrastTests {
    static let terminals: [TerminalColors] = [.light, .dark, TerminalColors(backgroundNamed: "#1e1e1e")!]

    @Test(arguments: ColorDepth.allCases.filter { $0 != .monochrome })
    func bothTitlesRead(depth: ColorDepth) async throws {
        for terminal in Self.terminals {
            let panes = [PaneView(title: "Focused"), PaneView(title: "Other")]
            let grid = GridView(columns: 2, rows: 1, panes: panes, minimumPaneSize: Size(width: 10, height: 3))
            let pilot = Pilot(App(root: grid, clock: ManualClock()), size: Size(width: 40, height: 6),
                              appearance: TerminalAppearance(colorDepth: depth, colors: terminal))
            pilot.app.scene.focus(panes[0])
            _ = await pilot.settle()
            let screen = pilot.screen.reducingColors(to: depth)
            for (title, pane) in zip(["Focused", "Other"], panes) {
                let row = pane.frame.minY
                let text = (0..<screen.size.width).map { screen[$0, row].grapheme.description }.joined()
                let start = try #require(text.range(of: title)).lowerBound.utf16Offset(in: text)
                for x in start..<start + title.count {
                    for seen in SeenColors.bothBoldModels(screen[x, row].style, terminal: terminal) {
                        #expect(seen.contrast >= 4.5,
                                "\(terminal.background) \(depth) '\(title)' title: \(seen.contrast):1")
                    }
                }
            }
        }
    }
}
