import CurtainLayout
import Foundation
import Testing

/// The demo in a terminal whose locale has no Unicode (`LANG=C`): every glyph it draws has a
/// stand-in of its own width — the terminal's line drawing, ASCII — never a `?`, and its text
/// stays where it was laid out.
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built demo"))
struct ASCIILocaleTests {
    @Test func theDemoInTheCLocaleShowsNoQuestionMarks() throws {
        let session = try DemoSession()
        try session.launch(prefix: "env LANG=C LC_ALL=C ", until: { $0.contains("About") && $0.contains("quit") })
        let shown = try session.tmux.captureText()
        #expect(!shown.contains("?"), "\(shown)")
        #expect(shown.contains("Cafe, naive, Angstrom"))         // accented letters: their base letters
        // The grid stays where the layout core puts it: the stand-ins have the glyphs' widths.
        let layout = ExpectedLayout(columns: 80, rows: 24)
        // (The borders are the terminal's line drawing, captured as its letters: find the titles.)
        let lines = shown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func position(of title: String) -> Point? {
            for (y, line) in lines.enumerated() {
                if let range = line.range(of: " \(title) ") {
                    return Point(x: line.distance(from: line.startIndex, to: range.lowerBound), y: y)
                }
            }
            return nil
        }
        #expect(position(of: "Unicode") == Point(x: layout.pane(1).minX + 2, y: layout.pane(1).minY))
        #expect(position(of: "About") == Point(x: layout.pane(3).minX + 2, y: layout.pane(3).minY))

        try session.tmux.keys("t")
        try session.tmux.type("é日x")
        _ = try session.tmux.waitFor { $0.contains("e[]x") }
        let typed = try session.tmux.captureText()
        #expect(!typed.contains("?"), "\(typed)")
        #expect(typed.contains("BS delete"))                     // ⌫ in the help bar
        try session.tmux.keys("Escape")
        _ = try session.tmux.waitFor { !$0.contains("e[]x") }
        try session.tmux.keys("q")
        let exit = try session.waitForExit()
        #expect(exit.status == "status:0")
        #expect(exit.before == exit.after)
    }

    @Test func theHelpInTheCLocaleIsASCII() throws {
        let session = try DemoSession()
        try session.tmux.shell("env LANG=C LC_ALL=C '\(DemoBinary.path)' --help | LC_ALL=C grep -c '[^ -~]' > '\(session.directory.path)/nonASCII'; echo \"status:$?\" > '\(session.directory.path)/status'")
        for _ in 0..<200 where session.read("status") == nil { usleep(50_000) }
        #expect(session.read("nonASCII") == "0")
    }
}
