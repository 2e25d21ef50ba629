import Curtain
import CurtainScreen
import CurtainTesting
import Testing
@testable import curtain_chat

/// curtain-chat driven by the pilot: a message that wraps lines up under its text.
@MainActor
@Suite struct ChatPilotTests {
    /// At 40 columns the log is 38 cells wide; "you: " takes 5 of them on every row.
    @Test func aWrappedMessageGoesOnUnderItsText() async {
        let chat = Chat(clock: ManualClock())
        defer { withExtendedLifetime(chat) {} }   // the app's closures hold it unowned
        let pilot = Pilot(chat.app, size: Size(width: 40, height: 14))
        await pilot.press("c")
        await pilot.settle()
        await pilot.type("this is a long message that wraps onto several rows of the pane, as chats do")
        await pilot.press(.enter)
        await pilot.settle()
        let lines = pilot.lines
        let first = lines.firstIndex { $0.contains("you: this") }
        #expect(first != nil, "\(pilot.text)")
        guard let first, lines.count > first + 2 else { return }
        #expect(lines[first] == "│you: this is a long message that wraps│")
        #expect(lines[first + 1] == "│     onto several rows of the pane, as│")
        #expect(lines[first + 2].hasPrefix("│     chats do "))
        // Cells, not just text: the continuation's first letter sits under the message's.
        #expect(pilot.cell(x: 6, y: first + 1).grapheme == Grapheme("o"))
        #expect((1...5).allSatisfy { pilot.cell(x: $0, y: first + 1).grapheme == Grapheme(" ") })
    }
}
