import CurtainLayout
import Foundation
import Testing

/// The real `curtain-demo` binary in a real terminal (tmux provides the pty), driven by keys
/// and read back from `capture-pane`. Every wait polls until the screen is still; the Clock
/// pane's content is ignored while waiting because it ticks once a second.
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd,
                             "needs /usr/bin/tmux and a built curtain-demo (swift build, or set CURTAIN_DEMO_BINARY)"))
struct DemoEndToEndTests {
    // MARK: - Checks

    /// Every pane where the layout says, with its title; the last row a help bar.
    func expectGrid(_ screen: CapturedScreen, _ layout: ExpectedLayout, sourceLocation: SourceLocation = #_sourceLocation) {
        for (index, title) in ExpectedLayout.titles.enumerated() {
            #expect(screen.box(titled: title) == layout.pane(index),
                    "pane \(title) at \(layout.size.width)×\(layout.size.height)\n\(screen)", sourceLocation: sourceLocation)
        }
        let bar = layout.size.height - 1
        let barCells = screen.cells(in: Rect(x: 0, y: bar, width: layout.size.width, height: 1))
        #expect(barCells.count == layout.size.width, sourceLocation: sourceLocation)
        #expect(barCells.allSatisfy { $0.style.background != "default" }, "help bar has a background\n\(screen)",
                sourceLocation: sourceLocation)
        #expect(screen.line(bar).contains("quit"), "help bar lists quit: \(screen.line(bar))", sourceLocation: sourceLocation)
    }

    /// The toast of pane `index` at its contract frame for `lines` lines; returns the box found.
    @discardableResult
    func expectToast(_ screen: CapturedScreen, _ layout: ExpectedLayout, pane index: Int, lines: Int,
                     sourceLocation: SourceLocation = #_sourceLocation) -> Rect? {
        let found = screen.lowestBox(in: layout.content(index))
        #expect(found == layout.toast(inPane: index, lines: lines),
                "toast in \(ExpectedLayout.titles[index]) for \(lines) line(s)\n\(screen)", sourceLocation: sourceLocation)
        return found
    }

    /// The text lines inside a toast box, trailing blanks trimmed.
    func toastLines(_ screen: CapturedScreen, _ box: Rect) -> [String] {
        (box.minY + 1..<box.maxY - 1).map { y in
            var line = screen.text(in: Rect(x: box.minX + 2, y: y, width: box.width - 4, height: 1), row: y)
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    func toastHeight(_ layout: ExpectedLayout, pane: Int) -> (CapturedScreen) -> Int? {
        { $0.lowestBox(in: layout.content(pane))?.height }
    }

    // MARK: - The long walk through the demo

    @Test func interactiveSessionFollowsTheContract() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        var layout = ExpectedLayout(columns: 80, rows: 24)
        let original = try demo.launch()

        // Grid, help bar, focus on the first pane.
        expectGrid(original, layout)
        #expect(layout.pane(0) == Rect(x: 0, y: 0, width: 40, height: 12), "default split: half the width, the larger half of 23 rows")
        let focused = original.borderStyle(of: layout.pane(0))
        let unfocused = original.borderStyle(of: layout.pane(1))
        #expect(focused != unfocused, "the focused pane's border is highlighted")
        #expect(original.borderStyle(of: layout.pane(2)) == unfocused)
        #expect(original.borderStyle(of: layout.pane(3)) == unfocused)

        // t: an empty toast slides in, three rows, hint in its top border; only its pane dims.
        try demo.tmux.type("t")
        var screen = try demo.settle(changedFrom: original) { $0.lowestBox(in: layout.content(0)) != nil }
        let toast = expectToast(screen, layout, pane: 0, lines: 1) ?? .zero
        #expect(screen.text(in: Rect(x: toast.minX + 1, y: toast.minY, width: max(0, toast.width - 2), height: 1), row: toast.minY)
            .contains { $0.isLetter }, "the empty toast shows a hint in its top border\n\(screen)")
        let dimmedBefore = original.cells(in: layout.pane(0), excluding: [toast])
        let dimmedAfter = screen.cells(in: layout.pane(0), excluding: [toast])
        #expect(CapturedScreen.meanBrightness(dimmedAfter) < CapturedScreen.meanBrightness(dimmedBefore) - 0.05,
                "the toast's pane is darker")
        let changedStyles = zip(dimmedBefore, dimmedAfter).filter { $0.style != $1.style }.count
        #expect(changedStyles * 10 >= dimmedBefore.count * 8, "most cells of the pane change colour: \(changedStyles) of \(dimmedBefore.count)")
        for other in [1, 3] {
            #expect(screen.cells(in: layout.pane(other)) == original.cells(in: layout.pane(other)),
                    "\(ExpectedLayout.titles[other]) unchanged\n\(screen)")
        }
        #expect(DemoSession.withoutClock(screen).cells(in: layout.pane(2)) == DemoSession.withoutClock(original).cells(in: layout.pane(2)),
                "Clock pane unchanged apart from its ticking content")
        #expect(screen.cells(in: Rect(x: 0, y: 23, width: 80, height: 1)).map(\.style.background)
                == original.cells(in: Rect(x: 0, y: 23, width: 80, height: 1)).map(\.style.background), "help bar not dimmed")

        // A line, then three more each after Enter: three rows taller, same bottom row.
        try demo.tmux.type("hello")
        screen = try demo.settle(changedFrom: screen) { $0.contains("hello") }
        expectToast(screen, layout, pane: 0, lines: 1)
        for (n, word) in ["two", "three", "four"].enumerated() {
            try demo.tmux.keys("Enter")
            try demo.tmux.type(word)
            screen = try demo.settle(changedFrom: screen) { $0.contains(word) && toastHeight(layout, pane: 0)($0) == n + 4 }
        }
        var box = expectToast(screen, layout, pane: 0, lines: 4) ?? .zero
        #expect(toastLines(screen, box) == ["hello", "two", "three", "four"], "\(screen)")

        // Enter (an empty fifth line), then Backspace on it: one row taller, one row shorter.
        try demo.tmux.keys("Enter")
        screen = try demo.settle(changedFrom: screen) { toastHeight(layout, pane: 0)($0) == 7 }
        expectToast(screen, layout, pane: 0, lines: 5)
        try demo.tmux.keys("BSpace")
        screen = try demo.settle(changedFrom: screen) { toastHeight(layout, pane: 0)($0) == 6 }
        box = expectToast(screen, layout, pane: 0, lines: 4) ?? .zero
        #expect(toastLines(screen, box).prefix(3) == ["hello", "two", "three"])

        // Tab: the Unicode pane takes focus, the toast stays where it is. With a pane focused
        // the arrows move the splits (inside the toast they move its caret).
        let beforeTab = screen
        try demo.tmux.keys("Tab")
        screen = try demo.settle(changedFrom: screen) { $0.borderStyle(of: layout.pane(1)) == focused }
        #expect(screen.borderStyle(of: layout.pane(1)) == focused, "Unicode pane focused")
        #expect(screen.borderStyle(of: layout.pane(1)) != beforeTab.borderStyle(of: layout.pane(1)))
        expectToast(screen, layout, pane: 0, lines: 4)

        // Left and Right move the vertical split; the toast re-fits to the new content width.
        for (key, delta) in [("Left", -1), ("Right", 1), ("Left", -1)] {
            try demo.tmux.keys(key)
            layout.moveVertical(by: delta)
            screen = try demo.settle(changedFrom: screen) { $0.box(titled: "Colours") == layout.pane(0) }
            expectGrid(screen, layout)
            expectToast(screen, layout, pane: 0, lines: 4)
        }
        #expect(layout.pane(0).width == 39)

        // m then Escape: the modal covers everything, and afterwards the toast is exactly as before.
        let beforeModal = screen
        try demo.tmux.type("m")
        screen = try demo.settle(changedFrom: screen) { $0.contains("Full-screen modal") }
        try demo.tmux.keys("Escape")
        screen = try demo.settle(changedFrom: screen) { !$0.contains("Full-screen modal") }
        #expect(screen.cells(in: layout.pane(0)) == beforeModal.cells(in: layout.pane(0)),
                "the toast's pane is back cell for cell\nbefore:\n\(beforeModal)\nafter:\n\(screen)")
        #expect(DemoSession.withoutClock(screen) == DemoSession.withoutClock(beforeModal))

        // Resize to 60×20 and back: grid edges where the (proportional) layout says, toast re-fitted.
        for (columns, rows) in [(60, 20), (80, 24)] {
            try demo.tmux.resize(columns: columns, rows: rows)
            layout.resize(columns: columns, rows: rows)
            screen = try demo.settle(changedFrom: screen) { $0.rows.count == rows && $0.box(titled: "Colours") == layout.pane(0) }
            expectGrid(screen, layout)
            expectToast(screen, layout, pane: 0, lines: 4)
        }

        // Right puts the split back to the middle.
        try demo.tmux.keys("Right")
        layout.moveVertical(by: 1)
        screen = try demo.settle(changedFrom: screen) { $0.box(titled: "Colours") == layout.pane(0) }
        #expect(layout.pane(0).width == 40)
        expectGrid(screen, layout)

        // BTab back to Colours, t gives its toast focus again: typing goes into it.
        try demo.tmux.keys("BTab")
        screen = try demo.settle(changedFrom: screen) { $0.borderStyle(of: layout.pane(1)) != focused }
        try demo.tmux.type("t")
        try demo.tmux.type("Z")
        screen = try demo.settle(changedFrom: screen) { $0.contains("Z") }
        box = expectToast(screen, layout, pane: 0, lines: 4) ?? .zero
        #expect(toastLines(screen, box).last == "fourZ", "typing after t goes into the toast\n\(screen)")

        // Escape: the toast slides away and the pane is exactly as at the start.
        try demo.tmux.keys("Escape")
        screen = try demo.settle(changedFrom: screen) { $0.lowestBox(in: layout.content(0)) == nil }
        #expect(screen.cells(in: layout.pane(0)) == original.cells(in: layout.pane(0)),
                "no dim left behind\nstart:\n\(original)\nnow:\n\(screen)")
        #expect(DemoSession.withoutClock(screen) == DemoSession.withoutClock(original))

        // q: exit status 0 and the terminal modes as before.
        try demo.tmux.type("q")
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:0")
        #expect(exit.before == exit.after, "stty -g before and after the demo")
        #expect(!exit.before.isEmpty)
        try demo.tmux.shell("echo alive-$((40+2))")
        _ = try demo.tmux.settle(until: { $0.contains("alive-42") })
    }

    // MARK: - Exits

    /// Termination requests and trap signals (sent with kill, so the process dies at once
    /// rather than in the backtracer) all leave the terminal as it was and a status that names
    /// the signal (128 + its number).
    @Test(arguments: [SIGTERM, SIGHUP, SIGILL, SIGSEGV])
    func signalRestoresTheTerminal(signal: Int32) throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        let started = try demo.launch()
        try demo.tmux.type("t")
        _ = try demo.settle(changedFrom: started) { $0.lowestBox(in: ExpectedLayout(columns: 80, rows: 24).content(0)) != nil }
        let pid = try #require(try demo.tmux.foregroundChildPID(), "the demo runs as the shell's child")
        #expect(kill(pid, signal) == 0)
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:\(128 + signal)", "killed by signal \(signal): \(exit.status)")
        #expect(exit.before == exit.after, "stty -g before and after the demo")
        try demo.tmux.shell("echo alive-$((40+2))")
        let screen = try demo.tmux.settle(until: { $0.contains("alive-42") })
        #expect(screen.box(titled: "Colours") == nil, "the demo's screen is gone (alternate screen left)\n\(screen)")
    }

    /// Ctrl-Z gives the shell back with the terminal restored; `fg` brings the screen back as it
    /// was, toast and typed text included, and the demo still takes keys.
    @Test func suspendAndResume() throws {
        let (demo, layout, before) = try DemoSession.withATypedToast()
        let modes = ["alternate_on", "mouse_button_flag", "mouse_sgr_flag", "keypad_cursor_flag", "keypad_flag"]
        let running = try demo.tmux.paneFlags(modes)

        try demo.tmux.keys("C-z")
        // The shell line goes on after a stopped job: the status is 148 (SIGTSTP) and the modes
        // recorded while the demo is stopped are the shell's own.
        let stopped = try demo.waitForExit()
        #expect(stopped.status == "status:\(128 + SIGTSTP)")
        #expect(stopped.before == stopped.after, "terminal restored while suspended")
        var screen = try demo.tmux.settle(until: { $0.contains("Stopped") })
        #expect(screen.box(titled: "Colours") == nil, "the shell's screen while suspended\n\(screen)")

        try demo.tmux.shell("fg")
        screen = try demo.settle(changedFrom: screen) { $0.contains("kept") && $0.box(titled: "About") != nil }
        #expect(DemoSession.withoutClock(screen) == DemoSession.withoutClock(before), "back intact\nbefore:\n\(before)\nafter:\n\(screen)")
        #expect(try demo.tmux.paneFlags(modes) == running, "keypad and mouse modes back after fg")
        try demo.tmux.type("!")
        screen = try demo.settle(changedFrom: screen) { $0.contains("kept!") }
        try demo.tmux.keys("C-c")
        _ = try demo.tmux.settle(until: { $0.contains("$") && $0.box(titled: "Colours") == nil })
    }

    /// `T` presents on the whole screen: every pane darkens, the help bar does not, and the
    /// toast sits above the help bar, two columns in from the screen's edges.
    @Test func screenToastDimsEveryPaneButNotTheHelpBar() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        let layout = ExpectedLayout(columns: 80, rows: 24)
        let original = try demo.launch()
        try demo.tmux.type("T")
        // Inside the panes' outer border, so the lowest box found is the toast, not a pane.
        let inside = Rect(x: 1, y: 1, width: 78, height: 21)
        let screen = try demo.settle(changedFrom: original) { $0.lowestBox(in: inside) != nil }
        let toast = try #require(screen.lowestBox(in: inside))
        #expect(toast == Rect(x: 2, y: 23 - 1 - 3, width: 76, height: 3), "one-line toast above the help bar\n\(screen)")
        for index in 0..<4 where index != 2 {
            let before = original.cells(in: layout.pane(index), excluding: [toast])
            let after = screen.cells(in: layout.pane(index), excluding: [toast])
            #expect(CapturedScreen.meanBrightness(after) < CapturedScreen.meanBrightness(before) - 0.05,
                    "\(ExpectedLayout.titles[index]) is darker")
        }
        let bar = Rect(x: 0, y: 23, width: 80, height: 1)
        #expect(Set(screen.cells(in: bar).map(\.style.background)) == Set(original.cells(in: bar).map(\.style.background)),
                "help bar not dimmed")
        try demo.tmux.keys("Escape")
        let after = try demo.settle(changedFrom: screen) { $0.lowestBox(in: inside) == nil }
        #expect(DemoSession.withoutClock(after).cells(in: Rect(x: 0, y: 0, width: 80, height: 23))
                == DemoSession.withoutClock(original).cells(in: Rect(x: 0, y: 0, width: 80, height: 23)), "no dim left\n\(after)")
        try demo.tmux.type("q")
        #expect(try demo.waitForExit().status == "status:0")
    }

    @Test func notATerminalExitsWithStatusTwo() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("curtain-e2e-notty-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appendingPathComponent("out")
        FileManager.default.createFile(atPath: output.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DemoBinary.path)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardInput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        let lines = message.split(separator: "\n")
        #expect(lines.count == 1, "one line on stderr: \(message)")
        #expect(message.lowercased().contains("terminal") || message.lowercased().contains("tty"), "\(message)")
        #expect((try? Data(contentsOf: output))?.isEmpty == true, "nothing written to the redirected stdout")
    }

    // MARK: - Paste and small terminals

    @Test func bracketedPasteLandsAsTwoLines() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        let layout = ExpectedLayout(columns: 80, rows: 24)
        var screen = try demo.launch()
        try demo.tmux.type("t")
        screen = try demo.settle(changedFrom: screen) { $0.lowestBox(in: layout.content(0)) != nil }
        try demo.tmux.paste("one\ntwo")
        screen = try demo.settle(changedFrom: screen) { $0.contains("two") }
        let box = expectToast(screen, layout, pane: 0, lines: 2) ?? .zero
        #expect(toastLines(screen, box) == ["one", "two"], "\(screen)")
        try demo.tmux.keys("C-c")
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:0")
        #expect(exit.before == exit.after)
    }

    /// tmux (3.3a) gives back the shell's screen after a program that ran in the alternate
    /// screen grew the window with rows of the alternate screen in it; any ncurses program shows
    /// it (Python's curses too). The demo clears its screen before it leaves, so nothing of the
    /// demo is left on the shell's screen.
    @Test(arguments: ["q", "SIGTERM"])
    func quittingAfterTheTerminalGrewLeavesNothingBehind(how: String) throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        var screen = try demo.launch()
        try demo.tmux.resize(columns: 120, rows: 40)
        screen = try demo.settle(changedFrom: screen) { $0.box(titled: "About") == ExpectedLayout(columns: 120, rows: 40).pane(3) }
        if how == "q" {
            try demo.tmux.type("q")
        } else {
            let pid = try #require(try demo.tmux.foregroundChildPID(), "the demo runs as the shell's child")
            #expect(kill(pid, SIGTERM) == 0)
        }
        let exit = try demo.waitForExit()
        #expect(exit.status == (how == "q" ? "status:0" : "status:\(128 + SIGTERM)"))
        try demo.tmux.shell("echo alive-$((40+2))")
        screen = try demo.tmux.settle(until: { $0.contains("alive-42") })
        #expect(!screen.contains("Colours") && !screen.contains("▚") && !screen.contains("│"),
                "nothing of the demo is left\n\(screen)")
    }

    @Test func tooSmallTerminalShowsMessageThenLayoutReturns() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        var screen = try demo.launch()
        try demo.tmux.resize(columns: 30, rows: 10)
        screen = try demo.settle(changedFrom: screen) { $0.contains("Terminal too small") }
        let at = try #require(screen.find("Terminal too small"))
        let width = "Terminal too small".count
        #expect(abs(at.x - (30 - at.x - width)) <= 1, "centred across: \(at)\n\(screen)")
        #expect(at.y >= 2 && at.y <= 5, "centred down: \(at)\n\(screen)")
        try demo.tmux.resize(columns: 80, rows: 24)
        screen = try demo.settle(changedFrom: screen) { $0.box(titled: "About") != nil }
        expectGrid(screen, ExpectedLayout(columns: 80, rows: 24))
        try demo.tmux.type("q")
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:0")
        #expect(exit.before == exit.after)
    }
}

/// Drags with the mouse, sent as the terminal reports them (SGR, button-event tracking).
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built demo"))
struct DragEndToEndTests {
    /// Writes an SGR mouse report to the demo as raw bytes (1-based in the report).
    func mouse(_ tmux: Tmux, _ code: Int, _ x: Int, _ y: Int, release: Bool = false) throws {
        let report = "\u{1B}[<\(code);\(x + 1);\(y + 1)\(release ? "m" : "M")"
        try tmux.run(["send-keys", "-t", tmux.session, "-H"] + report.utf8.map { String(format: "%02x", $0) })
    }

    @Test func aToastDraggedDownLeavesAndAShortSlowDragSpringsBack() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        let layout = ExpectedLayout(columns: 80, rows: 24)
        let started = try demo.launch()
        try demo.tmux.type("t")
        var screen = try demo.settle(changedFrom: started) { $0.lowestBox(in: layout.content(0)) != nil }
        let box = try #require(screen.lowestBox(in: layout.content(0)))
        // Short and slow: one row down, a pause, release: it springs back to where it was.
        try mouse(demo.tmux, 0, box.minX + 3, box.minY)
        try mouse(demo.tmux, 32, box.minX + 3, box.minY + 1)
        screen = try demo.settle { $0.lowestBox(in: layout.content(0))?.minY == box.minY + 1 }
        #expect(screen.lowestBox(in: layout.content(0))?.minY == box.minY + 1, "it follows the pointer\n\(screen)")
        usleep(400_000)
        try mouse(demo.tmux, 0, box.minX + 3, box.minY + 1, release: true)
        screen = try demo.settle { $0.lowestBox(in: layout.content(0)) == box }
        #expect(screen.lowestBox(in: layout.content(0)) == box, "back at its frame\n\(screen)")
        // Down past the pane's edge: it leaves.
        try mouse(demo.tmux, 0, box.minX + 3, box.minY)
        for row in 1...6 {
            try mouse(demo.tmux, 32, box.minX + 3, box.minY + row)
            usleep(20_000)
        }
        try mouse(demo.tmux, 0, box.minX + 3, box.minY + 6, release: true)
        screen = try demo.settle { $0.lowestBox(in: layout.content(0)) == nil }
        #expect(screen.lowestBox(in: layout.content(0)) == nil, "dragged away\n\(screen)")
        try demo.tmux.type("q")
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:0")
    }
}
