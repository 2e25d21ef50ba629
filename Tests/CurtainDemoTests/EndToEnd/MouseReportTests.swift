import CurtainLayout
import Foundation
import Testing

/// Mouse reports through tmux, whatever terminfo says.
extension DemoEndToEndTests {
    /// Whatever terminfo says about the mouse, the demo asks tmux for button events (1002, not
    /// every motion) in SGR coordinates (1006), and a click past column 223 — beyond what the
    /// X10 encoding can say — lands on the pane under it.
    @Test(arguments: ["tmux-256color", "screen"])
    func clicksPastColumn223ReachTheirPane(term: String) throws {
        let demo = try DemoSession(columns: 460, rows: 40)
        let layout = ExpectedLayout(columns: 460, rows: 40)
        var screen = try demo.launch(prefix: "env TERM=\(term) ")
        let flags = try demo.tmux.paneFlags(["mouse_any_flag", "mouse_button_flag", "mouse_sgr_flag", "mouse_all_flag"])
        #expect(flags == ["mouse_any_flag": "1", "mouse_button_flag": "1", "mouse_sgr_flag": "1", "mouse_all_flag": "0"],
                "TERM=\(term): \(flags)")
        let unicode = layout.pane(1)
        let unfocused = screen.borderStyle(of: unicode)
        #expect(unicode.minX > 223)
        // A press and release inside the Unicode pane, at column 241 and row 6 (1-based), as
        // tmux reports them in SGR.
        let column = unicode.minX + 10 + 1, row = unicode.minY + 4 + 1
        try demo.tmux.type("\u{1B}[<0;\(column);\(row)M\u{1B}[<0;\(column);\(row)m")
        screen = try demo.settle(changedFrom: screen) { $0.borderStyle(of: unicode) != unfocused }
        #expect(screen.borderStyle(of: layout.pane(0)) == unfocused, "focus moved from Colours to Unicode\n\(screen)")
        try demo.tmux.type("q")
        #expect(try demo.waitForExit().status == "status:0")
    }
}
