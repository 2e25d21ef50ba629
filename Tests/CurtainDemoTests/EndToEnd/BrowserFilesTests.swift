import Foundation
import CurtainPlatform
import Testing

/// curtain-browser on the file systems users really have: going up from any depth, special
/// files that would block a read, names that are not UTF-8. In tmux, as a user runs it.
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built examples"))
struct BrowserFilesTests {
    typealias Run = ExamplesEndToEndTests.Run

    func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("curtain-files-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    func browse(_ root: String) throws -> Run {
        try Run("'\(DemoBinary.sibling("curtain-browser"))' '\(root)'", columns: 140, rows: 24)
    }

    /// Backspace goes to the parent of the directory shown, not of the one it started in.
    @Test func backspaceGoesUpFromWhereYouAre() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/docs/deep", withIntermediateDirectories: true)
        try "top\n".write(toFile: root + "/notes.txt", atomically: true, encoding: .utf8)
        let run = try browse(root)
        try run.waitFor("notes.txt")
        try run.tmux.keys("Enter")                              // into docs/
        try run.waitFor("deep/")
        try run.tmux.keys("Enter")                              // into docs/deep/
        try run.waitFor("(empty directory)")
        try run.tmux.keys("BSpace")
        try run.tmux.waitFor { $0.contains(root + "/docs") && $0.contains("deep/") && !$0.contains("notes.txt") }
        try run.tmux.keys("BSpace")
        try run.tmux.waitFor { $0.contains("notes.txt") && $0.contains("docs/") }
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// A named pipe, a link to one and a link to the terminal are described, never opened for
    /// reading: the browser neither hangs nor reads the keys typed at it.
    @Test func specialFilesAreDescribedNotRead() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(mkfifo(root + "/a-fifo", 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: root + "/b-link", withDestinationPath: root + "/a-fifo")
        try FileManager.default.createSymbolicLink(atPath: root + "/c-tty", withDestinationPath: "/dev/tty")
        try "last file\n".write(toFile: root + "/d.txt", atomically: true, encoding: .utf8)
        let run = try browse(root)
        try run.waitFor("named pipe")                           // a-fifo, selected first
        try run.tmux.keys("Down")
        try run.tmux.waitFor { $0.contains("b-link") && $0.contains("named pipe") }
        try run.tmux.keys("Down")
        try run.waitFor("character device")
        try run.tmux.keys("Down")
        try run.waitFor("last file")                            // the keys still reach the browser
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// A link that leads nowhere says so in the preview and where it points, its target
    /// escaped as names are (an escape sequence in it is shown, not obeyed); a link that loops
    /// gives the system's words. (The preview was empty, the reason only in a notification.)
    @Test func aBrokenLinkSaysWhereItPoints() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createSymbolicLink(atPath: root + "/a-dangling", withDestinationPath: "/nonexistent-curtain")
        try FileManager.default.createSymbolicLink(atPath: root + "/b-coloured", withDestinationPath: "/no\u{1B}[31mwhere")
        try FileManager.default.createSymbolicLink(atPath: root + "/c-loop", withDestinationPath: "c-loop")
        let run = try browse(root)
        let first = try run.tmux.waitFor { plain($0).contains("broken link → /nonexistent-curtain") }
        #expect(!plain(first).contains("Cannot read"), "no error for what the entry is:\n\(plain(first))")
        try run.tmux.keys("Down")
        // Obeyed, the sequence would turn "where" red and leave no "␛[31m" on the screen.
        try run.waitFor("broken link → /no␛[31mwhere")
        try run.tmux.keys("Down")
        try run.waitFor("link → c-loop: too many levels of symbolic links")
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// Where the locale has no Unicode (`LC_ALL=C`), each control character in a name is its
    /// caret letter underlined, read from tmux's cells with their attributes: `new` `J` `line`,
    /// `tab` `I` `here`. (Every control picture was the same diamond: the names read alike.)
    @Test func controlCharactersInNamesStayApartWithoutUnicode() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for name in ["new\nline", "tab\there"] {
            FileManager.default.createFile(atPath: root + "/" + name, contents: Data())
        }
        let run = try Run("LC_ALL=C '\(DemoBinary.sibling("curtain-browser"))' '\(root)'", columns: 100, rows: 16)
        let screen = try run.tmux.waitFor { plain($0).contains("line") && plain($0).contains("here") }
        // tmux writes an underlined cell as ESC[4m before it; the letter, then back to plain.
        #expect(screen.contains("new\u{1B}[4mJ"), "\(screen.debugDescription)")
        #expect(screen.contains("tab\u{1B}[4mI"), "\(screen.debugDescription)")
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// A name that is not UTF-8 is listed with its odd byte escaped, and opens.
    @Test func namesThatAreNotUTF8AreShownEscapedAndOpen() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let path = Array((root + "/caf").utf8) + [0xE9] + Array(".txt".utf8) + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o600) } }
        #expect(fd >= 0)
        _ = "latin one\n".withCString { write(fd, $0, 10) }
        close(fd)
        let run = try browse(root)
        try run.waitFor(#"caf\xE9.txt"#)
        try run.waitFor("latin one")
        try run.tmux.keys("i")
        try run.waitFor("10 bytes")
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// A zero-width space and a right-to-left override are shown as code points, so `a​b` does
    /// not look like its neighbour `ab`, nor `‮txt.exe` like `exe.txt`; the file still opens.
    @Test func invisibleCharactersInNamesAreShownAndTheFileOpens() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (name, text) in [("ab", "plain ab\n"), ("a\u{200B}b", "hidden space\n"), ("\u{202E}txt.exe", "overridden\n")] {
            try text.write(toFile: root + "/" + name, atomically: false, encoding: .utf8)
        }
        let run = try browse(root)
        try run.waitFor("a<U+200B>b")
        try run.waitFor("<U+202E>txt.exe")
        let screen = try run.tmux.captureText()
        #expect(!screen.contains("\u{200B}") && !screen.contains("\u{202E}"), "\(screen)")
        // The list is sorted: `<U+202E>txt.exe`, `a<U+200B>b`, `ab`. Open the middle one.
        try run.tmux.keys("Down")
        try run.waitFor("hidden space")
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }

    /// 100 000 entries: the first frame comes, directories first.
    /// (How soon and in how much memory: `scripts/measure-browser.py`, a benchmark on the release
    /// build — README, "The example programs"; 10 s here only keeps a hang from blocking the run.)
    @Test func aHundredThousandEntriesAreShown() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let made = Process()
        made.executableURL = URL(fileURLWithPath: "/bin/sh")
        made.arguments = ["-c", "cd '\(root)' && seq -f 'file-%06g.txt' 100000 | xargs touch && mkdir dir-1 dir-2"]
        try made.run()
        made.waitUntilExit()
        try #require(made.terminationStatus == 0)
        let tmux = try Tmux(columns: 80, rows: 24)
        try tmux.shell("'\(DemoBinary.sibling("curtain-browser"))' '\(root)'")
        _ = try tmux.waitFor(timeout: 10) { $0.contains("q quit") }
        let screen = try tmux.captureText()
        #expect(screen.contains("dir-1/") && screen.contains("file-000001.txt"), "directories first, then files:\n\(screen)")
        try tmux.keys("q")
    }
}
