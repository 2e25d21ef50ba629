import CurtainLayout
import Foundation
import Testing

/// An exported COLUMNS or LINES must not pin the screen size.
extension DemoEndToEndTests {
    /// ncurses takes `COLUMNS` and `LINES` over the terminal's own size unless told not to:
    /// exported (too large, the same, too small), they must change nothing, at the start or
    /// after a resize.
    @Test(arguments: [(300, 100), (80, 24), (20, 8)])
    func exportedSizeVariablesDoNotPinTheSize(columns: Int, lines: Int) throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        var layout = ExpectedLayout(columns: 80, rows: 24)
        var screen = try demo.launch(prefix: "env COLUMNS=\(columns) LINES=\(lines) ")
        expectGrid(screen, layout)
        for (width, height) in [(60, 20), (110, 30)] {
            try demo.tmux.resize(columns: width, rows: height)
            layout.resize(columns: width, rows: height)
            screen = try demo.settle(changedFrom: screen) { $0.rows.count == height && $0.box(titled: "About") == layout.pane(3) }
            expectGrid(screen, layout)
        }
        try demo.tmux.type("q")
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:0")
        #expect(exit.before == exit.after)
    }
}
