import Foundation
import Testing

/// The colours the demo sends in a real terminal (tmux, `TERM=tmux-256color`), read from the
/// cells tmux holds: 256 by default, 24-bit when `COLORTERM` says the terminal has it, and what
/// `--colors` asks for.
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built demo"))
struct ColorDepthEndToEndTests {
    /// The SGR colour forms in a capture: `38;2` (RGB), `38;5` (256) or ANSI `3x`/`9x`.
    static func forms(_ capture: String) -> Set<String> {
        var forms: Set<String> = []
        for sequence in capture.components(separatedBy: "\u{1B}[").dropFirst() {
            guard let end = sequence.firstIndex(of: "m") else { continue }
            let parameters = sequence[..<end].split(separator: ";").map(String.init)
            var i = 0
            while i < parameters.count {
                let p = parameters[i]
                if (p == "38" || p == "48"), i + 1 < parameters.count {
                    forms.insert(parameters[i + 1] == "2" ? "rgb" : "256")
                    i += parameters[i + 1] == "2" ? 5 : 3
                    continue
                }
                if let n = Int(p), (30...37).contains(n) || (40...47).contains(n) || (90...97).contains(n) || (100...107).contains(n) {
                    forms.insert("ansi")
                }
                i += 1
            }
        }
        return forms
    }

    func run(_ arguments: String, prefix: String = "") throws -> Set<String> {
        let session = try DemoSession()
        // (Found by text: without colours the focused pane has a heavy border.)
        try session.launch(arguments: arguments, prefix: prefix, until: { $0.contains("About") && $0.contains("quit") })
        let forms = Self.forms(try session.tmux.capture())
        try session.tmux.keys("q")
        let exit = try session.waitForExit()
        #expect(exit.status == "status:0")
        return forms
    }

    @Test func twoHundredFiftySixColoursByDefault() throws {
        #expect(try run("").contains("256"))
        #expect(!(try run("")).contains("rgb"))
    }

    @Test func twentyFourBitWhenTheTerminalSaysSo() throws {
        // tmux-direct (ncurses-term) is the entry drawn with.
        #expect(try run("", prefix: "env COLORTERM=truecolor ").contains("rgb"))
        #expect(try run("--colors truecolor").contains("rgb"))
        // The program's limit wins over COLORTERM.
        #expect(!(try run("--colors 256", prefix: "env COLORTERM=truecolor ")).contains("rgb"))
    }

    /// Each terminal family's direct entry (`DirectColorFamily`), as its `TERM` or its variables
    /// name it, with `COLORTERM=truecolor`: 24-bit colours reach the screen.
    /// `xterm-kitty` is kitty's own entry, which kitty installs: here a copy of ncurses' `kitty`.
    @Test(arguments: [
        "TERM=xterm-kitty", "TERM=kitty", "TERM=alacritty", "TERM=iTerm2.app", "TERM=vte-256color",
        "TERM=konsole-256color", "TERM=mintty", "TERM=st-256color", "TERM=vscode", "TERM=mlterm-256color",
        "TERM=xterm-256color", "TERM=xterm-256color VTE_VERSION=7600", "TERM=xterm-256color KONSOLE_VERSION=230401",
        "TERM=xterm-256color TERM_PROGRAM=iTerm.app", "TERM=xterm-256color TERM_PROGRAM=vscode",
        "TERM=xterm-256color TERM_PROGRAM=WezTerm", "TERM=xterm-256color KITTY_WINDOW_ID=1",
        "TERM=xterm-256color ALACRITTY_WINDOW_ID=1", "TERM=xterm-256color TERM_PROGRAM=mintty",
    ])
    func twentyFourBitInEachFamily(variables: String) throws {
        let terminfo = FileManager.default.temporaryDirectory.appendingPathComponent("curtain-kitty-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: terminfo) }
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/bin/sh")
        made.arguments = ["-c", "infocmp -x kitty | sed 's/^kitty|/xterm-kitty|/' | tic -x -o '\(terminfo)' -"]
        try made.run()
        made.waitUntilExit()
        try #require(made.terminationStatus == 0, "tic could not make xterm-kitty")
        let forms = try run("", prefix: "env TERMINFO_DIRS='\(terminfo)': COLORTERM=truecolor \(variables) ")
        #expect(forms.contains("rgb"), "\(variables): \(forms)")
    }

    @Test func fewerColoursWhenAsked() throws {
        let eight = try run("--colors 8")
        #expect(eight == ["ansi"], "\(eight)")
        #expect(try run("--colors none").isEmpty)
    }
}
