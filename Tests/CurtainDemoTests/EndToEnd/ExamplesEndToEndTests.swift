import Foundation
import Testing

/// The two example programs in a real terminal (tmux), as a user runs them: each key the
/// README names, a resize while a presentation is up, and `q` giving the terminal back.
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built examples"))
struct ExamplesEndToEndTests {
    /// Runs `command` in a tmux shell; the shell records its status and `stty -g` around it.
    final class Run {
        let tmux: Tmux
        let directory: String
        init(_ command: String, columns: Int, rows: Int, name: String = "curtain") throws {
            tmux = try Tmux(columns: columns, rows: rows, name: name)
            directory = tmux.directory
            try tmux.shell("stty -g > \(directory)/before; \(command); echo $? > \(directory)/status; stty -g > \(directory)/after")
        }
        func text() throws -> String { try tmux.captureText() }
        @discardableResult
        func waitFor(_ text: String, present: Bool = true) throws -> String {
            try tmux.waitFor { $0.contains(text) == present }
        }
        /// Waits for the program to end; returns its status, and whether the terminal modes are back.
        func exit() throws -> (status: String, restored: Bool) {
            for _ in 0..<200 {
                if let after = try? String(contentsOfFile: "\(directory)/after", encoding: .utf8), !after.isEmpty {
                    let status = (try? String(contentsOfFile: "\(directory)/status", encoding: .utf8)) ?? ""
                    let before = (try? String(contentsOfFile: "\(directory)/before", encoding: .utf8)) ?? ""
                    return (status.trimmingCharacters(in: .whitespacesAndNewlines), before == after)
                }
                usleep(50_000)
            }
            throw TmuxError(message: "the program did not exit:\n\(try text())")
        }
    }

    func makeTree() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("curtain-browse-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: root + "/docs", withIntermediateDirectories: true)
        try "first line\nsecond line 日本\n".write(toFile: root + "/notes.txt", atomically: true, encoding: .utf8)
        try "inside\n".write(toFile: root + "/docs/readme.md", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: root + "/broken", withDestinationPath: root + "/nowhere")
        return root
    }

    /// A mistake on the command line is one line on stderr and status 2 before any screen is
    /// taken, `--help` says what the program does (before, the browser opened on a bad path
    /// with a notification, and both took `--help` for a directory or ignored it).
    @Test(arguments: [
        ("curtain-browser", ["--help"], 0, "usage: curtain-browser [DIRECTORY]"),
        ("curtain-browser", ["--bogus"], 2, "curtain-browser: unknown option --bogus; usage: curtain-browser [DIRECTORY]\n"),
        ("curtain-browser", ["/nonexistent-curtain"], 2, "curtain-browser: /nonexistent-curtain: no such file or directory\n"),
        ("curtain-browser", ["/etc/passwd"], 2, "curtain-browser: /etc/passwd: not a directory\n"),
        ("curtain-browser", ["/tmp", "/usr"], 2, "curtain-browser: one directory at most; usage: curtain-browser [DIRECTORY]\n"),
        ("curtain-browser", ["/tmp/a\u{1B}[31mb"], 2, "curtain-browser: /tmp/a␛[31mb: no such file or directory\n"),
        ("curtain-chat", ["--help"], 0, "usage: curtain-chat"),
        ("curtain-chat", ["now"], 2, "curtain-chat: takes no arguments; usage: curtain-chat\n"),
        ("curtain-procs", ["--help"], 0, "usage: curtain-procs [--] COMMAND... | --file Procfile\nRuns commands"),
        ("curtain-procs", ["-h"], 0, "usage: curtain-procs [--] COMMAND... | --file Procfile\nRuns commands"),
        ("curtain-procs", ["--bogus"], 2, "curtain-procs: unknown option '--bogus' (usage: curtain-procs [--] COMMAND... | --file Procfile)\n"),
    ])
    func commandLineMistakesAreOneLine(program: String, arguments: [String], status: Int32, says: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DemoBinary.sibling(program))
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let complained = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == status)
        if status == 0 {
            #expect(printed.hasPrefix(says) && complained.isEmpty, "\(printed)\(complained)")
        } else {
            #expect(complained == says && printed.isEmpty, "\(complained.debugDescription)")
        }
    }

    @Test(arguments: [(100, 30), (60, 20)])
    func theBrowserListsPreviewsEntersGoesUpAndQuits(size: (Int, Int)) throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Run("'\(DemoBinary.sibling("curtain-browser"))' '\(root)'", columns: size.0, rows: size.1)
        try run.waitFor("docs/")
        try run.waitFor("directory, 1 entry")                   // docs/ is selected first
        try run.tmux.keys("Down")
        try run.waitFor("broken link →")                        // a link to nowhere says so
        try run.tmux.keys("Down")
        try run.waitFor("first line")                           // notes.txt previewed
        try run.tmux.keys("i")
        try run.waitFor("bytes · modified")                     // its size and date, notified
        try run.tmux.keys("Home")
        try run.waitFor("directory, 1 entry")
        try run.tmux.keys("Enter")
        try run.waitFor("readme.md")                            // entered docs/
        try run.tmux.keys("BSpace")
        try run.waitFor("notes.txt")                            // back up
        try run.tmux.keys("?")
        try run.waitFor("close this help")
        try run.tmux.resize(columns: size.0 - 10, rows: size.1 - 4)
        try run.waitFor("close this help")                      // still up after the resize
        try run.tmux.keys("Escape")
        try run.waitFor("close this help", present: false)
        try run.tmux.keys("q")
        let ending = try run.exit()
        #expect(ending.status == "0")
        #expect(ending.restored, "the terminal modes are as before")
    }

    /// `q` closes the help as Esc does (it did nothing: the browser's `q` binding is silent
    /// under a modal, as every binding is), and a second `q` quits.
    @Test func qClosesTheHelpAndThenQuits() throws {
        let root = try makeTree()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let run = try Run("'\(DemoBinary.sibling("curtain-browser"))' '\(root)'", columns: 80, rows: 24)
        try run.waitFor("docs/")
        try run.tmux.keys("?")
        try run.waitFor("close this help")
        try run.tmux.keys("q")
        let screen = plain(try run.tmux.waitFor { !plain($0).contains("close this help") })
        #expect(screen.contains("docs/") && screen.contains("notes.txt"), "the browser is back, not gone:\n\(screen)")
        try run.tmux.keys("?")
        try run.waitFor("close this help")
        try run.tmux.keys("Escape")
        try run.waitFor("close this help", present: false)
        try run.tmux.keys("q")
        let ending = try run.exit()
        #expect(ending.status == "0")
        #expect(ending.restored)
    }

    /// A file read whole is text only if all of it is UTF-8: an invalid byte at its end makes it
    /// binary as one anywhere else does. Only a file longer than the 4 KiB read may end in a cut
    /// character, which is left out.
    @Test func aPreviewIsTextOnlyIfAllOfWhatWasReadIsUTF8() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("curtain-preview-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try Data(Array("line1\nend".utf8) + [0xE9, 0x0A]).write(to: URL(fileURLWithPath: root + "/a-latin1.txt"))
        try Data(Array("begins".utf8) + [0xC3]).write(to: URL(fileURLWithPath: root + "/b-cut.txt"))
        try Data(Array("long".utf8) + Array(repeating: UInt8(ascii: "x"), count: 4091) + Array("é tail".utf8))
            .write(to: URL(fileURLWithPath: root + "/c-long.txt"))
        let run = try Run("'\(DemoBinary.sibling("curtain-browser"))' '\(root)'", columns: 80, rows: 24)
        // The preview's title names the file it shows.
        let first = plain(try run.tmux.waitFor { plain($0).contains("─ a-latin1.txt ─") && plain($0).contains("binary file") })
        #expect(!first.contains("line1"))
        try run.tmux.keys("Down")
        let second = plain(try run.tmux.waitFor { plain($0).contains("─ b-cut.txt ─") && plain($0).contains("binary file") })
        #expect(!second.contains("begins"))
        try run.tmux.keys("Down")
        _ = try run.tmux.waitFor { plain($0).contains("─ c-long.txt ─") && plain($0).contains("longxxxx") }
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// A directory's path wider than its pane's border keeps its end in the title, where the
    /// user is: `…/level09_end`, not `/tmp/curtain-deep-…/lev…`.
    @Test func aLongPathKeepsItsEndInTheTitle() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("curtain-deep-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let deep = (0..<10).map { "level0\($0)" }.joined(separator: "/") + "_end"
        try FileManager.default.createDirectory(atPath: root + "/" + deep, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "x\n".write(toFile: root + "/" + deep + "/file.txt", atomically: true, encoding: .utf8)
        let run = try Run("'\(DemoBinary.sibling("curtain-browser"))' '\(root)/\(deep)'", columns: 60, rows: 16)
        let screen = try run.tmux.waitFor { plain($0).contains("file.txt") }
        let top = plain(screen).split(separator: "\n").first.map(String.init) ?? ""
        #expect(top.contains("…") && top.contains("level09_end ─"), "the title keeps the path's end: \(top)")
        try run.tmux.resize(columns: 100, rows: 16)
        _ = try run.tmux.waitFor { plain($0).split(separator: "\n").first.map { $0.contains("level08/level09_end ─") } ?? false }
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// A message that wraps goes on under its text, not under the sender's name (its rows
    /// started at the pane's left edge).
    @Test func aWrappedMessageLinesUpUnderItsText() throws {
        let run = try Run("'\(DemoBinary.sibling("curtain-chat"))'", columns: 40, rows: 14)
        try run.waitFor("Press c to write")
        try run.tmux.keys("c")
        try run.waitFor("Enter send")
        try run.tmux.type("this is a long message that wraps onto several rows of the pane, as chats do")
        try run.tmux.keys("Enter")
        let screen = plain(try run.tmux.waitFor { plain($0).contains("1 sent") })
        let rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let first = try #require(rows.firstIndex { $0.contains("you: this") }, "\(screen)")
        try #require(rows.count > first + 2)
        // The pane's text is 38 cells wide; the rows after the first, 33 (38 less "you: ").
        #expect(rows[first] == "│you: this is a long message that wraps│", "\(screen)")
        #expect(rows[first + 1] == "│     onto several rows of the pane, as│", "\(screen)")
        #expect(rows[first + 2].hasPrefix("│     chats do "), "\(screen)")
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// A shell's line-editing keys reach the chat's editor from a real terminal (Ctrl-W as
    /// 0x17, Alt-Backspace as ESC DEL, Ctrl-U as 0x15, Ctrl-A as 0x01) and edit the message.
    @Test func theShellsEditingKeysEditTheMessage() throws {
        let run = try Run("'\(DemoBinary.sibling("curtain-chat"))'", columns: 60, rows: 16)
        try run.waitFor("Press c to write")
        try run.tmux.keys("c")
        try run.waitFor("Enter send")
        try run.tmux.type("drop these words keep")
        try run.waitFor("words keep")
        try run.tmux.keys("C-w")
        try run.tmux.waitFor { !plain($0).contains("keep") }
        try run.tmux.keys("M-BSpace")
        try run.tmux.waitFor { !plain($0).contains("words") }
        try run.tmux.keys("C-a")
        try run.tmux.type("kept: ")
        try run.tmux.keys("Enter")
        let sent = plain(try run.tmux.waitFor { plain($0).contains("1 sent") })
        #expect(sent.contains("you: kept: drop these"), "\(sent)")
        try run.tmux.keys("c")
        try run.waitFor("Enter send")
        try run.tmux.type("gone entirely")
        try run.waitFor("gone entirely")
        try run.tmux.keys("C-u")
        try run.tmux.waitFor { !plain($0).contains("gone entirely") }
        try run.tmux.keys("Escape")
        try run.tmux.waitFor { !plain($0).contains("Enter send") } // else Esc and q read as Alt-q
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    @Test(arguments: [(100, 30), (60, 20)])
    func theChatComposesSendsReceivesClearsAndQuits(size: (Int, Int)) throws {
        let run = try Run("'\(DemoBinary.sibling("curtain-chat"))'", columns: size.0, rows: size.1)
        try run.waitFor("Press c to write")
        try run.tmux.keys("c")
        try run.waitFor("Enter send")
        try run.tmux.type("hello 日本")
        try run.tmux.keys("M-Enter")
        try run.tmux.type("more")
        try run.waitFor("more")
        try run.tmux.resize(columns: size.0 - 10, rows: size.1 - 4)   // the toast re-fits
        try run.waitFor("hello 日本")
        try run.tmux.keys("Enter")
        try run.waitFor("you: hello 日本")
        try run.waitFor("1 sent")
        try run.waitFor("new message")                                 // the 5 s timer's message
        try run.tmux.keys("x")
        // Messages are counted, not lines: the two-line one is one (it said "3 lines").
        try run.waitFor("messages of the log")
        try run.tmux.keys("y")
        try run.waitFor("you: hello", present: false)
        try run.tmux.keys("c")
        try run.tmux.type("gone")
        try run.tmux.keys("Escape")
        try run.waitFor("gone", present: false)
        try run.tmux.keys("q")
        let ending = try run.exit()
        #expect(ending.status == "0")
        #expect(ending.restored)
    }
}
