import Foundation
import Testing

/// A stray environment variable a Curtain program reads for the user is told about in one line
/// before the terminal is taken, in every program alike.
@Suite(.enabled(if: DemoBinary.isAvailable, "needs the built programs"))
struct EnvironmentWarningTests {
    @Test("an unreadable CURTAIN_BACKGROUND is named, escaped, before the program says it needs a terminal")
    func unreadableBackground() throws {
        let result = try DemoBinary.runWithoutTerminal("curtain-chat", environment: ["CURTAIN_BACKGROUND": "beige\u{1B}[2J", "TERM": "xterm-256color"])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "curtain-chat: warning: CURTAIN_BACKGROUND 'beige␛[2J' is not a background "
            + "(use light, dark or a colour as #rrggbb); ignored")
        #expect(lines.count == 2, "\(lines)")  // then the refusal: no terminal here
        #expect(result.status == 2)
        let readable = try DemoBinary.runWithoutTerminal("curtain-chat", environment: ["CURTAIN_BACKGROUND": "#102030", "TERM": "xterm-256color"])
        #expect(!readable.stderr.contains("CURTAIN_BACKGROUND"))
    }
}
