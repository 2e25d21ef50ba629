import CNcurses
import CurtainPlatform
import CurtainScreen
@testable import CurtainTerminal
import Testing

@Suite struct PaletteConfirmationTests {
    @Test func xtermsPaletteEntriesAreFoundByTheirColour() {
        #expect(PaletteConfirmation.standardIndex(of: (135, 255, 135)) == 120)
        #expect(PaletteConfirmation.standardIndex(of: (0, 0, 0)) == 16)
        #expect(PaletteConfirmation.standardIndex(of: (255, 255, 255)) == 231)
        #expect(PaletteConfirmation.standardIndex(of: (8, 8, 8)) == 232)
        #expect(PaletteConfirmation.standardIndex(of: (238, 238, 238)) == 255)
        #expect(PaletteConfirmation.standardIndex(of: (135, 255, 136)) == nil)
        #expect(PaletteConfirmation.standardIndex(of: (55, 0, 0)) == nil, "55 is 95 − 40, not a level")
        #expect(PaletteConfirmation.standardIndex(of: (9, 9, 9)) == nil)
        for index in 16...255 {
            #expect(PaletteConfirmation.standardIndex(of: Palette.rgb(of: UInt8(index))) == index)
        }
    }

    @Test func anEntryIsUsedOnlyOnceTheTerminalConfirmedIt() {
        var palette = PaletteConfirmation()
        let green = Color.rgb(135, 255, 135)
        #expect(palette.number(for: green) == 0x87FF87, "first met: its value")
        #expect(palette.number(for: .indexed(120)) == 0x87FF87, "an indexed colour is the same entry")
        #expect(String(decoding: palette.questions(), as: UTF8.self) == "\u{1B}]4;120;?\u{1B}\\", "asked once")
        #expect(palette.questions().isEmpty)
        #expect(palette.number(for: green) == 0x87FF87, "asked, not answered yet")
        palette.note(answer: "120;rgb:8787/ffff/8787")
        #expect(palette.number(for: green) == 120)
        palette.forget()
        #expect(palette.number(for: green) == 0x87FF87, "forgotten: asked again")
        #expect(!palette.questions().isEmpty)
    }

    @Test func aChangedEntryIsNeverUsed() {
        var palette = PaletteConfirmation()
        _ = palette.number(for: .rgb(135, 255, 135))
        _ = palette.questions()
        palette.note(answer: "120;rgb:0000/ffff/0000")
        #expect(palette.number(for: .rgb(135, 255, 135)) == 0x87FF87)
        #expect(palette.questions().isEmpty, "not asked again")
        palette.note(answer: "120;rgb:8787/ffff/8787")
        #expect(palette.number(for: .rgb(135, 255, 135)) == 0x87FF87, "only the answer to the question counts")
    }

    @Test func answersNobodyAskedForOrCannotReadChangeNothing() {
        var palette = PaletteConfirmation()
        palette.note(answer: "16;rgb:0000/0000/0000")
        palette.note(answer: "300;rgb:0000/0000/0000")
        palette.note(answer: "garbage")
        #expect(palette.number(for: .rgb(0, 0, 0)) == 0x100, "not asked before: its value")
        _ = palette.questions()
        palette.note(answer: "16;not a colour")
        #expect(palette.number(for: .rgb(0, 0, 0)) == 0x100)
    }

    @Test func valuesBelow256AreMovedPastThePalette() {
        var palette = PaletteConfirmation()
        #expect(palette.number(for: .rgb(0, 0, 9)) == 0x109, "a blue of green 1/255")
        #expect(palette.number(for: .rgb(0, 1, 2)) == 0x102)
        #expect(palette.number(for: .indexed(3)) == nil, "the ANSI colours are ColorDepth's")
        #expect(palette.number(for: .default) == nil)
        #expect(palette.number(for: .indexed(9)) != nil, "8–15 are xterm's values, as before")
    }
}

extension NcursesTests.TunedSession {
    /// The palette knob: numbers 8–255 are palette indexes, 24-bit colours start at 256.
    @Test func theTunedDirectEntrySendsNumbersBelow256AsIndexes() throws {
        let candidates = TunedTerminfo.candidatePaths(term: "xterm-direct")
        let bytes = try #require(candidates.lazy.compactMap { path -> [UInt8]? in
            let descriptor = open(path, O_RDONLY)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var bytes = [UInt8](repeating: 0, count: 1 << 16)
            let count = read(descriptor, &bytes, bytes.count)
            return count > 0 ? Array(bytes[0..<count]) : nil
        }.first)
        let entry = try #require(TunedTerminfo(bytes))
        let (tuned, applied) = try #require(entry.tuned(.all))
        #expect(applied.isSuperset(of: [TunedTerminfo.Knobs.semicolonColors, .paletteIndexes]))
        for (capability, selector) in [(TunedTerminfo.Capability.setaf, "3"), (.setab, "4")] {
            let format = String(decoding: try #require(tuned.string(capability)), as: UTF8.self)
            func expanded(_ color: Int32) -> String { format.withCString { String(cString: curtain_tiparm1($0, color)) } }
            #expect(expanded(5) == "\u{1B}[\(selector)5m")
            #expect(expanded(120) == "\u{1B}[\(selector)8;5;120m")
            #expect(expanded(255) == "\u{1B}[\(selector)8;5;255m")
            #expect(expanded(256) == "\u{1B}[\(selector)8;2;0;1;0m")
            #expect(expanded(0x87FF87) == "\u{1B}[\(selector)8;2;135;255;135m")
        }
    }
}

extension NcursesTests.RestoreOnExit {
    /// A pseudo-terminal of our own plays xterm: the program asks about the palette entry of a
    /// colour it drew, and draws that colour as the index once — and only if — the answer says
    /// the entry holds it.
    @Test(.enabled(if: curtain_ncurses_has_direct_color(), "24-bit colour needs ncurses 6.1 (the 6.0 side draws 256 colours)"),
          arguments: [("120;rgb:8787/ffff/8787", true), ("120;rgb:0000/ffff/0000", false), (nil, false)])
    func aPaletteEntryIsUsedOnceTheTerminalConfirmsIt(answer: String?, indexed: Bool) throws {
        var started = false
        var asked = false
        var statusAnswers = 0
        let result = try runChild({
            setenv("COLORTERM", "truecolor", 1)
            unsetenv("NO_COLOR")
            guard let session = try? TerminalSession(programName: "child") else { _exit(99) }
            session._awaitStartUpAnswersBlocking()
            let green = Style(foreground: .rgb(135, 255, 135))
            var frame = CellBuffer(size: session.size)
            frame.put("A", x: 0, y: 0, style: green)
            session.present(frame)
            // The answer (if any), then "k".
            let key = session.nextEventBlocking(within: 5)
            frame.put("B", x: 0, y: 1, style: green)
            session.present(frame)
            _ = session.nextEventBlocking(within: 0.3) // the status answer, so the frame is not kept
            session.stop()
            _exit(key == .key(.character("k")) ? 40 : 41)
        }, onOutput: { output, master, _ in
            func send(_ text: String) {
                let bytes = Array(text.utf8)
                _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            }
            if !started, output.contains("\u{1B}[c") {
                started = true
                send("\u{1B}[?62;22c")
            }
            // Every status request answered, as a terminal does.
            let requests = output.components(separatedBy: "\u{1B}[5n").count - 1
            while statusAnswers < requests {
                statusAnswers += 1
                send("\u{1B}[0n")
            }
            if !asked, output.contains("\u{1B}]4;120;?\u{1B}\\") {
                asked = true
                send((answer.map { "\u{1B}]4;\($0)\u{1B}\\" } ?? "") + "k")
            }
        })
        #expect(result.exitCode == 40, "exit \(result.exitCode): \(result.output.debugDescription)")
        #expect(asked, "the program asked about entry 120")
        #expect(result.output.contains("\u{1B}]4;120;?\u{1B}\\\u{1B}[5n"),
                "the question goes right before a status request, whose answer the end waits for")
        let first = result.output.components(separatedBy: "A").first ?? ""
        #expect(first.contains("38;2;135;255;135"), "before the answer: the value")
        let second = result.output.components(separatedBy: "A").dropFirst().joined()
        #expect(second.contains("B"))
        #expect(second.contains("38;5;120") == indexed, "after the answer: the index only if confirmed")
        #expect(!result.output.contains("38:2:"), "the semicolon form")
    }
}
