import Foundation
import Testing

// End-to-end tests of `curtain-demo --headless` through the built binary: determinism of frames
// and casts, where a toast lands on the final screen, and how script errors reach the user.

/// Runs the built `curtain-demo` binary (found by `DemoBinary`).
enum DemoCLI {
    static var binary: String { DemoBinary.path }

    struct Result {
        var status: Int32
        var stdout: [UInt8]
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs the binary with `arguments` in `directory`, standard input from /dev/null.
    /// Output goes to files, not pipes, so a large `--frames` output cannot fill a pipe and stall.
    /// `standardOutput` names another file for standard output (such as /dev/full); the
    /// result's `stdout` is then empty. The environment is this process's without `NO_COLOR`,
    /// plus `environment`.
    static func run(_ arguments: [String], in directory: ScratchDirectory, standardOutput: String? = nil,
                    environment: [String: String] = [:]) throws -> Result {
        let id = UUID().uuidString
        let outPath = standardOutput ?? directory.file("stdout-\(id)"), errPath = directory.file("stderr-\(id)")
        if standardOutput == nil { _ = FileManager.default.createFile(atPath: outPath, contents: nil) }
        _ = FileManager.default.createFile(atPath: errPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        let err = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
        defer { try? out.close(); try? err.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        var inherited = ProcessInfo.processInfo.environment
        inherited["NO_COLOR"] = nil
        process.environment = inherited.merging(environment) { $1 }
        process.currentDirectoryURL = URL(fileURLWithPath: directory.path)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        let stdout = standardOutput == nil ? Array(try Data(contentsOf: URL(fileURLWithPath: outPath))) : []
        let stderr = String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self)
        return Result(status: process.terminationStatus, stdout: stdout, stderr: stderr)
    }
}

/// A text screen as rows of characters, one per cell. Wide characters take two cells: the
/// second holds "" (as on a terminal), so x is a column whatever the row holds.
struct TextScreen {
    var rows: [[String]]

    init(_ text: String) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        rows = lines.map { line in
            var cells: [String] = []
            for character in line {
                cells.append(String(character))
                if TextScreen.isWide(character) { cells.append("") }
            }
            return cells
        }
    }

    /// East Asian wide and emoji presentation, enough for the demo's own text.
    static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        if scalar.properties.isEmojiPresentation { return true }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
             0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
             0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The cell at column `x`, row `y`; " " outside the text (trailing spaces are trimmed).
    subscript(x: Int, y: Int) -> String {
        guard y >= 0, y < rows.count, x >= 0 else { return " " }
        return x < rows[y].count ? rows[y][x] : " "
    }

    /// The text of row `y` from column `x`, `count` cells long.
    func text(x: Int, y: Int, count: Int) -> String {
        (x..<x + count).map { self[$0, y] }.joined()
    }

    /// The box whose top-left corner is at (`x`, `y`): follows the top edge to `┐` and the left
    /// edge down to `└`. Nil if there is no such box.
    func box(atTopLeft x: Int, _ y: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard self[x, y] == "┌" else { return nil }
        var right = x + 1
        while right < 10_000, self[right, y] != "┐" {
            guard self[right, y] == "─" || self[right, y].unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || $0 == " " }) else { return nil }
            right += 1
        }
        var bottom = y + 1
        while bottom < rows.count, self[x, bottom] != "└" {
            guard self[x, bottom] == "│" else { return nil }
            bottom += 1
        }
        guard bottom < rows.count, self[right, bottom] == "┘" else { return nil }
        return (x, y, right, bottom)
    }

    /// Every top-left corner `┌` in row order.
    var topLeftCorners: [(x: Int, y: Int)] {
        rows.indices.flatMap { y in rows[y].indices.filter { rows[y][$0] == "┌" }.map { (x: $0, y: y) } }
    }
}

@Suite("Headless CLI")
struct HeadlessCLITests {
    @Test("the tour run twice gives the same frames and byte-identical casts")
    func tourIsDeterministic() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let first = try DemoCLI.run(["--headless", "--script", "tour", "--frames", "--record", "a.cast"], in: scratch)
        let second = try DemoCLI.run(["--headless", "--script", "tour", "--frames", "--record", "b.cast"], in: scratch)
        #expect(first.status == 0, "stderr: \(first.stderr)")
        #expect(second.status == 0, "stderr: \(second.stderr)")
        #expect(first.text.hasPrefix("--- frame 1 at 0.000s ---\n"))
        // Many frames: the tour animates, it is not one frame per command.
        let frameCount = first.text.components(separatedBy: "\n--- frame ").count
        #expect(frameCount > 100)
        #expect(first.stdout == second.stdout)

        let a = try scratch.read("a.cast"), b = try scratch.read("b.cast")
        #expect(a.count > 1000)
        #expect(a == b)

        // The last printed frame is the final screen a plain headless run prints.
        let final = try DemoCLI.run(["--headless", "--script", "tour"], in: scratch)
        #expect(final.status == 0)
        let lastFrame = try #require(first.text.components(separatedBy: "s ---\n").last)
        #expect(lastFrame == final.text)
    }

    @Test("the tour shows on screen what its comments promise: typing, the modal over the toast and back, dismissal")
    func tourShowsEachStep() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let run = try DemoCLI.run(["--headless", "--script", "tour", "--frames"], in: scratch)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let frames: [String] = Array(run.text.components(separatedBy: "--- frame ").dropFirst())
        func first(_ text: String, from start: Int = 0) -> Int? {
            frames.indices.first { $0 >= start && frames[$0].contains(text) }
        }
        let typed = try #require(first("Hello from Curtain!"), "the typed text never shows")
        #expect(first("Wide text: 日本語", from: typed) != nil)
        #expect(first("Backspace fixes a typo.", from: typed) != nil)
        // m comes while a pane has the focus: a modal, never a character typed into the toast.
        #expect(first("typo.m") == nil)
        let modal = try #require(first("Full-screen modal", from: typed), "the modal never shows")
        let modalGone = try #require(frames.indices.first { $0 > modal && !frames[$0].contains("Full-screen modal") })
        // The seed-000 gotcha: the very first frame without the modal shows the toast, in place.
        #expect(frames[modalGone].contains("Hello from Curtain!"))
        // The tour ends by dismissing the toast.
        let last = try #require(frames.last)
        #expect(!last.contains("Hello from Curtain!"))
        #expect(!last.contains("┌─ type"))
    }

    @Test func recordingOverAnExistingFileIsRefusedInOneLine() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let cast = try scratch.write("demo.cast", Array("keep me".utf8))
        let result = try DemoCLI.run(["--headless", "--script", "tour", "--record", cast], in: scratch)
        #expect(result.status == 2)
        #expect(result.stderr == "curtain-demo: cannot record to '\(cast)': file exists (use --force to overwrite)\n")
        #expect(try String(contentsOfFile: cast, encoding: .utf8) == "keep me")
    }

    @Test("a scripted toast sits at the bottom of its pane's content, inset 2, two lines tall")
    func toastGeometryOnFinalScreen() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try scratch.write("toast.txt", Array("key t\ntype hello\nkey Enter\ntype world\nwait 2s\n".utf8))
        let result = try DemoCLI.run(["--headless", "--size", "80x24", "--script", "toast.txt"], in: scratch)
        #expect(result.status == 0, "stderr: \(result.stderr)")
        #expect(result.stderr.isEmpty)
        let screen = TextScreen(result.text)
        #expect(screen.rows.count == 24)

        // Pane 1 (Colours): its box starts at the top-left corner of the screen.
        let pane = try #require(screen.box(atTopLeft: 0, 0), "no pane box at (0, 0):\n\(result.text)")
        #expect(screen.text(x: 3, y: 0, count: 7) == "Colours")
        #expect(pane.maxX == 39)          // left column of the 2×2 grid at 80 columns
        // The grid fills rows 0...22: the lower pane's box starts right below, ends on row 22.
        let lower = try #require(screen.box(atTopLeft: 0, pane.maxY + 1))
        #expect(lower.maxY == 22)
        #expect(screen.text(x: 1, y: 23, count: 9) == "type text")   // help bar, a toast has focus

        // Content = pane inset by 1.
        let content = (minX: pane.minX + 1, minY: pane.minY + 1, maxX: pane.maxX - 1, maxY: pane.maxY - 1)
        let contentWidth = content.maxX - content.minX + 1
        // Toast: width = content width − 4, x = content.minX + 2, bottom border one row above
        // the content's last row, height = 2 lines + 2 borders.
        let toastX = content.minX + 2, toastWidth = contentWidth - 4
        let toastBottom = content.maxY - 1, toastTop = toastBottom - 3
        let toast = try #require(screen.box(atTopLeft: toastX, toastTop), "no toast box at (\(toastX), \(toastTop)):\n\(result.text)")
        #expect(toast.maxX == toastX + toastWidth - 1)
        #expect(toast.maxY == toastBottom)
        #expect(screen[toastX + toastWidth - 1, toastTop] == "┐")
        #expect(screen[toastX, toastBottom] == "└")
        #expect(screen[toastX + toastWidth - 1, toastBottom] == "┘")
        // The text lines, each one column of padding after the left border, the rest blank.
        #expect(screen.text(x: toastX + 1, y: toastTop + 1, count: toastWidth - 2) == " hello" + String(repeating: " ", count: toastWidth - 8))
        #expect(screen.text(x: toastX + 1, y: toastTop + 2, count: toastWidth - 2) == " world" + String(repeating: " ", count: toastWidth - 8))
        // Exactly two boxes inside the pane's content besides nothing else: the toast is the
        // only box corner in the Colours pane's content area.
        let cornersInPane = screen.topLeftCorners.filter { $0.x > pane.minX && $0.x < pane.maxX && $0.y > pane.minY && $0.y < pane.maxY }
        #expect(cornersInPane.count == 1)
        // The dimmed pane still shows its content around the toast (left and right margins).
        #expect(screen[content.minX, toastTop + 1] != " ")
        #expect(screen[content.maxX, toastTop + 1] != " ")
        // Other panes are untouched by the toast: no box corner inside the Unicode pane.
        let unicode = try #require(screen.box(atTopLeft: pane.maxX + 1, 0))
        #expect(!screen.topLeftCorners.contains { $0.x > unicode.minX && $0.y > unicode.minY && $0.y < unicode.maxY })
    }

    @Test("a bad script exits 2 with file:line:column on stderr, nothing on stdout, nothing recorded",
          arguments: [
              ("key t\nkye q\n", ":2:1: unknown command 'kye'"),
              ("key t\nwait 2s\nkey Foo\n", ":3:5: unknown key 'Foo'"),
          ])
    func badScript(script: String, expected: String) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.write("bad.txt", Array(script.utf8))
        for arguments in [["--headless", "--script", path, "--record", "bad.cast"], ["--script", path]] {
            let result = try DemoCLI.run(arguments, in: scratch)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.text)")
            #expect(result.stderr.hasPrefix("curtain-demo: \(path)\(expected)"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: scratch.file("bad.cast")))
        }
    }

    @Test("script text quoted in an error reaches stderr escaped: no escape sequence, no CR")
    func scriptErrorsAreEscaped() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.write("e.txt", Array("key t\u{1B}]0;PWNED\u{7}\n".utf8))
        let result = try DemoCLI.run(["--headless", "--script", path], in: scratch)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("curtain-demo: \(path):1:5: unknown key 't␛]0;PWNED␇' (expected one of: "))
        #expect(!result.stderr.dropLast().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
    }

    @Test("a missing script exits 2 naming the file, with no position")
    func missingScript() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let result = try DemoCLI.run(["--headless", "--script", "no-such-script.txt"], in: scratch)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr == "curtain-demo: cannot read script 'no-such-script.txt': no such file or directory\n")
    }

    @Test("a failed write to standard output exits 1 with one line on stderr",
          arguments: [["--headless", "--script", "tour"], ["--headless", "--frames", "--output", "ansi"],
                      ["--print-script", "tour"], ["--help"]])
    func fullStandardOutput(arguments: [String]) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // /dev/full takes the open and fails every write with ENOSPC.
        let result = try DemoCLI.run(arguments, in: scratch, standardOutput: "/dev/full")
        #expect(result.status == 1, "\(arguments): stderr: \(result.stderr)")
        #expect(result.stderr == "curtain-demo: cannot write to standard output: no space left on device\n",
                "\(arguments)")
    }

    @Test("output cut short by a closed pipe ends quietly, by SIGPIPE as usual")
    func closedPipeIsQuiet() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // `head -c 1` exits after one byte; the demo's next write finds the pipe closed.
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", "( '\(DemoCLI.binary)' --headless --script tour --frames 2> err; echo $? > status ) | head -c 1 > /dev/null"]
        shell.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
        try shell.run()
        shell.waitUntilExit()
        let status = String(decoding: try scratch.read("status"), as: UTF8.self)
        #expect(status == "141\n")   // 128 + SIGPIPE
        #expect(try scratch.read("err").isEmpty)
    }
}
