import Curtain
import CurtainLayout
import CurtainScreen
import Testing

/// Text in the theme's secondary style (a colour of its own in light and dark themes).
@MainActor
final class TextRoleView: View {
    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        buffer.draw("text", at: frame.origin, style: theme.secondaryText, clip: clip)
    }
}

@MainActor
@Suite struct AppearanceChangeTests {
    let clock = ManualClock()

    @Test func theAppFollowsColoursReportedAfterTheFirstFrame() async throws {
        let app = App(root: TextRoleView(), clock: clock)
        let queue = QueueBackend([(1, .key(.character("x"))), (2, .key(.character("y")))])
        await app.run(on: ChangingBackend(queue, clock: clock, lightFrom: 1))
        let first = try #require(queue.presented.first?.frame), last = try #require(queue.presented.last?.frame)
        let dark = Theme.standard(for: TerminalAppearance(colorDepth: .trueColor)).secondaryText
        let light = Theme.standard(for: TerminalAppearance(colorDepth: .trueColor, colors: .light)).secondaryText
        #expect(dark.foreground != light.foreground)
        #expect(first[0, 0].style.foreground == dark.foreground)
        #expect(last[0, 0].style.foreground == light.foreground)
        #expect(queue.presented.count == 2, "one frame for the change, none when nothing changed")
    }

    @Test func aThemeOfTheAppsOwnStays() async throws {
        let app = App(root: TextRoleView(), clock: clock)
        app.scene.followsTerminalAppearance = false
        var theme = Theme.dark
        theme.secondaryText = Style(foreground: .rgb(1, 2, 3))
        app.scene.theme = theme
        let queue = QueueBackend([(1, .key(.character("x")))])
        await app.run(on: ChangingBackend(queue, clock: clock, lightFrom: 1))
        for (_, frame) in queue.presented { #expect(frame[0, 0].style.foreground == .rgb(1, 2, 3)) }
    }
}
