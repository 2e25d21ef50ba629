import CurtainRecording
import CurtainTestSupport
import Foundation
import FoundationXML
import Testing

/// Picture recordings made by the built programs, read back: the demo's tour as GIF, SVG and
/// PNG (the same bytes on every run), and a program in tmux recorded by `CURTAIN_RECORD` whose
/// last frame shows what the terminal showed.
@Suite(.serialized, .enabled(if: DemoBinary.isAvailable, "needs the built curtain-demo"))
struct PictureRecordingEndToEndTests {
    func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("curtain-pictures-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    /// Runs `curtain-demo` with `arguments`; returns its standard output.
    @discardableResult
    func demo(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DemoBinary.path)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "curtain-demo \(arguments)")
        return text
    }

    func bytes(_ path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }

    @Test(arguments: ["gif", "svg", "png"])
    func theTourIsTheSameFileOnEveryRun(format: String) throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for run in ["a", "b"] {
            try demo(["--headless", "--size", "80x24", "--script", "tour", "--record", "\(root)/\(run).\(format)"])
        }
        let first = try bytes("\(root)/a.\(format)")
        #expect(first.count > 1000)
        #expect(first == (try bytes("\(root)/b.\(format)")))
        switch format {
        case "svg": #expect(XMLParser(data: Data(first)).parse())
        case "gif": #expect(try GIFDecoding.frames(first).frames.count > 20)
        default: #expect(PictureDecoding.png(first) != nil)
        }
    }

    /// The last frame of the tour's GIF against the headless run's text: ink in every cell that
    /// has a character, none at the centre of a blank one.
    @Test func theToursLastFrameShowsItsText() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let text = try demo(["--headless", "--size", "80x24", "--script", "tour", "--record", "\(root)/tour.gif"])
        let frames = try GIFDecoding.frames(try bytes("\(root)/tour.gif")).frames
        let picture = try #require(frames.last?.picture)
        try expectCells(of: picture, showing: text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// A program that knows nothing of recording, run in tmux with `CURTAIN_RECORD` and
    /// `CURTAIN_SCREENSHOT`: the GIF's last frame and the PNG show the text `capture-pane` read.
    @Test(.enabled(if: Tmux.isAvailable, "needs tmux"))
    func aLiveProgramRecordsItselfFromTheEnvironment() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/tree/docs", withIntermediateDirectories: true)
        try "first line\nsecond line 日本\n".write(toFile: root + "/tree/notes 日本.txt", atomically: true, encoding: .utf8)
        let command = "CURTAIN_RECORD='\(root)/live.gif' CURTAIN_SCREENSHOT='\(root)/shot.png' '\(DemoBinary.sibling("curtain-browser"))' '\(root)/tree'"
        let run = try ExamplesEndToEndTests.Run(command, columns: 80, rows: 24)
        try run.waitFor("notes")
        try run.tmux.keys("Down")
        let shown = try run.tmux.waitFor { $0.contains("second line 日本") }
        usleep(300_000)
        let settled = try run.text()
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
        let lines = settled.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(shown.contains("notes"))
        let gif = try GIFDecoding.frames(try bytes("\(root)/live.gif")).frames
        try expectCells(of: try #require(gif.last?.picture), showing: lines)
        try expectCells(of: try #require(PictureDecoding.png(try bytes("\(root)/shot.png"))), showing: lines)
    }

    /// The demo, which has --record of its own, records itself from the environment as every
    /// program does: the GIF's last frame and the PNG show the text `capture-pane` read.
    @Test(.enabled(if: Tmux.isAvailable, "needs tmux"))
    func theDemoRecordsItselfFromTheEnvironmentToo() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let command = "CURTAIN_RECORD='\(root)/live.gif' CURTAIN_SCREENSHOT='\(root)/shot.png' '\(DemoBinary.path)'"
        let run = try ExamplesEndToEndTests.Run(command, columns: 80, rows: 24)
        try run.waitFor("quit")
        try run.tmux.keys("t")
        try run.waitFor("Esc close")
        usleep(1_000_000)  // the slide and the dim end
        try run.tmux.keys("Escape")
        try run.waitFor("Esc close", present: false)
        usleep(700_000)
        let settled = try run.text()
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
        let lines = settled.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let gif = try GIFDecoding.frames(try bytes("\(root)/live.gif")).frames
        #expect(gif.count > 3, "the toast's slide is in the recording")
        try expectCells(of: try #require(gif.last?.picture), showing: lines)
        try expectCells(of: try #require(PictureDecoding.png(try bytes("\(root)/shot.png"))), showing: lines)
    }

    /// A `CURTAIN_RECORD` or `CURTAIN_SCREENSHOT` that cannot be used is told in one line and
    /// the program exits with status 2 before it takes the terminal (here there is none, which
    /// it would have said next), leaving no file behind.
    @Test(arguments: ["curtain-chat", "curtain-demo"])
    func aRecordingThatCannotBeMadeIsRefusedAtTheStart(program: String) throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try "keep".write(toFile: root + "/file", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: root + "/folder.gif", withIntermediateDirectories: false)
        let cases: [(variable: String, value: String, message: String)] = [
            ("CURTAIN_RECORD", "/no-such-dir-curtain/x.gif",
             "CURTAIN_RECORD: cannot record to '/no-such-dir-curtain/x.gif': directory '/no-such-dir-curtain' does not exist"),
            ("CURTAIN_RECORD", root + "/x.bmp", "CURTAIN_RECORD: cannot record to '\(root)/x.bmp': name a .svg, .gif or .png file"),
            ("CURTAIN_RECORD", root + "/x.cast", "CURTAIN_RECORD: cannot record to '\(root)/x.cast': name a .svg, .gif or .png file"),
            ("CURTAIN_RECORD", root + "/file/x.gif", "CURTAIN_RECORD: cannot record to '\(root)/file/x.gif': '\(root)/file' is not a directory"),
            ("CURTAIN_RECORD", root + "/folder.gif", "CURTAIN_RECORD: cannot record to '\(root)/folder.gif': is a directory"),
            ("CURTAIN_SCREENSHOT", root + "/s.gif", "CURTAIN_SCREENSHOT: cannot save a screenshot to '\(root)/s.gif': name a .png or .svg file"),
            ("CURTAIN_SCREENSHOT", "/no-such-dir-curtain/s.png",
             "CURTAIN_SCREENSHOT: cannot save a screenshot to '/no-such-dir-curtain/s.png': directory '/no-such-dir-curtain' does not exist"),
            // Escaped in the message: no escape sequence reaches the terminal.
            ("CURTAIN_RECORD", root + "/\u{1B}]0;x\u{7}.bmp",
             "CURTAIN_RECORD: cannot record to '\(root)/␛]0;x␇.bmp': name a .svg, .gif or .png file"),
        ]
        for (variable, value, message) in cases {
            let result = try DemoBinary.runWithoutTerminal(program, environment: [variable: value, "TERM": "xterm-256color"])
            #expect(result.status == 2, "\(variable)=\(value)")
            #expect(result.stderr == "\(program): \(message)\n")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["file", "folder.gif"])
        // A folder that looks writable and takes no new files (root may write anywhere else).
        if FileManager.default.fileExists(atPath: "/proc/self") {
            let proc = try DemoBinary.runWithoutTerminal(program, environment: ["CURTAIN_RECORD": "/proc/x.gif", "TERM": "xterm-256color"])
            #expect(proc.status == 2)
            #expect(proc.stderr == "\(program): CURTAIN_RECORD: cannot record to '/proc/x.gif': directory '/proc' exists but takes no new files\n")
        }
        #expect(try String(contentsOfFile: root + "/file", encoding: .utf8) == "keep")
    }

    /// The demo's --record and CURTAIN_RECORD naming one file (however spelled) would write it
    /// twice over: refused before anything is written.
    @Test func theDemoRefusesToRecordOneFileTwice() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try DemoBinary.runWithoutTerminal(
            "curtain-demo", ["--record", root + "/./x.gif"], environment: ["CURTAIN_RECORD": root + "/x.gif", "TERM": "xterm-256color"])
        #expect(result.status == 2)
        #expect(result.stderr == "curtain-demo: --record and CURTAIN_RECORD name the same file, '\(root)/./x.gif'; give each its own\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).isEmpty)
        // Different files are fine: then the missing terminal is what stops it.
        let apart = try DemoBinary.runWithoutTerminal(
            "curtain-demo", ["--record", root + "/y.gif"], environment: ["CURTAIN_RECORD": root + "/x.gif", "TERM": "xterm-256color"])
        #expect(apart.stderr.contains("needs an interactive terminal"), "\(apart.stderr)")
    }

    /// Each cell of `lines` (80 × 24, wide characters over two cells): a character has ink (a pixel
    /// unlike the cell's corner; block elements, which may fill the cell, are not asked), a blank
    /// has none at its centre.
    func expectCells(of picture: Picture, showing lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let layout = try ScreenRecorder._pictureLayout(options: RecordingOptions())
        var mismatches: [String] = []
        for (y, line) in lines.prefix(24).enumerated() {
            var x = 0
            for character in line {
                guard x < 80 else { break }
                let wide = character.unicodeScalars.first.map(Self.isWide) ?? false
                let cells = wide ? 2 : 1
                let left = layout.originX + x * layout.cellWidth, top = layout.originY + y * layout.cellHeight
                let corner = picture.at(left, top + 1)
                var ink = false
                for py in top..<(top + layout.cellHeight) {
                    for px in left..<(left + cells * layout.cellWidth) where picture.at(px, py) != corner { ink = true }
                }
                let centre = picture.at(left + layout.cellWidth / 2, top + layout.cellHeight / 2)
                // A block element may fill its cell (█): its ink is the whole box, corner included.
                let block = character.unicodeScalars.first.map { (0x2580...0x259F).contains($0.value) } ?? false
                if character == " " ? centre != corner : !ink && !block { mismatches.append("(\(x),\(y)) '\(character)'") }
                x += cells
            }
        }
        #expect(mismatches.isEmpty, "cells unlike the text: \(mismatches.prefix(20))", sourceLocation: sourceLocation)
    }

    static func isWide(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return scalar.properties.isEmojiPresentation || (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v)
            || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v) || (0xFF00...0xFF60).contains(v)
            || (0x20000...0x3FFFD).contains(v)
    }
}
