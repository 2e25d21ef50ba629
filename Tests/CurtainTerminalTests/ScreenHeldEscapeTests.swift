import Testing
@testable import CurtainTerminal

/// GNU screen before 5.0 holds a lone Esc while mouse reporting is on, so the
/// session asks screen for its version and turns the mouse off for screen 4.
@Suite struct ScreenHeldEscapeTests {
    /// The answer as the decoder hands it over, from the bytes a terminal sends.
    private func answer(_ text: String) -> TerminalReply? {
        var decoder = InputDecoder()
        for case .reply(let reply) in decoder.decode(Array(text.utf8)) { return reply }
        return nil
    }

    @Test(arguments: [
        ("\u{1B}[>83;40900;0c", true),   // screen 4.09.00, measured here
        ("\u{1B}[>83;40800;0c", true),   // screen 4.08.00
        ("\u{1B}[>83;50000;0c", false),  // screen 5.0.0: its mouse parser times out
        ("\u{1B}[>84;0;0c", false),      // tmux
        ("\u{1B}[>41;390;0c", false),    // xterm
        ("\u{1B}[>1;10;0c", false),      // VTE
        ("\u{1B}[>83c", false),          // no version
        ("\u{1B}[>83;4x900;0c", false),  // not a number
    ])
    func onlyScreenOlderThanFiveHoldsTheEscape(bytes: String, holds: Bool) throws {
        let reply = try #require(answer(bytes), "decoded as a reply, not as keys")
        #expect(ScreenHeldEscape.holdsEscapeWhileMouseReports(answer: reply) == holds)
    }

    @Test func otherAnswersAreNotScreens() {
        #expect(!ScreenHeldEscape.holdsEscapeWhileMouseReports(answer: .primaryDeviceAttributes([62, 22])))
        #expect(!ScreenHeldEscape.holdsEscapeWhileMouseReports(answer: .deviceStatus(0)))
    }

    @Test(arguments: [("screen", true), ("screen.xterm-256color", true), ("screen-256color", true),
                      ("xterm-256color", false), ("tmux-256color", false), ("", false)])
    func onlyAScreenTermIsAsked(term: String, asks: Bool) {
        #expect(ScreenHeldEscape.shouldAsk(term: term) == asks)
    }

    @Test func withoutTheMouseOnlyBracketedPasteIsTurnedOn() {
        #expect(InputModes.enable(mouse: false) == Array("\u{1B}[?2004h".utf8))
        #expect(InputModes.enable(mouse: true) == Array("\u{1B}[?2004h\u{1B}[?1002h\u{1B}[?1006h".utf8))
    }
}
