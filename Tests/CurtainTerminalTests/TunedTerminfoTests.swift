import CNcurses
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

/// The system's compiled xterm-256color entry (the tests' terminal everywhere), or `term`'s.
private func systemEntry(_ term: String = "xterm-256color") throws -> [UInt8] {
    for path in TunedTerminfo.candidatePaths(term: term) {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { continue }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(descriptor, &bytes, bytes.count)
        if count > 0 { return Array(bytes[0..<count]) }
    }
    throw TerminfoMissing()
}

private struct TerminfoMissing: Error {}

@Suite struct TunedTerminfoTests {
    typealias Capability = TunedTerminfo.Capability

    @Test func readsAndWritesAnEntryUnchanged() throws {
        let bytes = try systemEntry()
        let entry = try #require(TunedTerminfo(bytes))
        #expect(entry.bytes == bytes)
        #expect(entry.string(.cup) == Array("\u{1B}[%i%p1%d;%p2%dH".utf8))
        #expect(entry.string(.csr) == Array("\u{1B}[%i%p1%d;%p2%dr".utf8))
    }

    @Test func theKnobsRemoveScrollingShortenTheResetAndDropSgr() throws {
        let original = try #require(TunedTerminfo(try systemEntry()))
        let (tuned, applied) = try #require(original.tuned(.all))
        #expect(applied == [.noScrolling, .shortReset, .separateAttributes], "xterm-256color has no 24-bit colours")
        // What a compiled copy reads back as.
        let reread = try #require(TunedTerminfo(tuned.bytes))
        for capability in Capability.scrolling { #expect(reread.string(capability) == nil, "\(capability)") }
        #expect(reread.string(.sgr0) == Array("\u{1B}[m".utf8))
        #expect(reread.string(.smcup) == (original.string(.smcup) ?? []) + TunedTerminfo.designateASCII)
        #expect(reread.string(.sgr) == nil)
        // Everything else as it was: the other standard strings, and the extended part.
        let touched: Set<Capability> = Set(Capability.scrolling + [.sgr0, .smcup, .sgr])
        for capability in Capability.allCases where !touched.contains(capability) {
            #expect(reread.string(capability) == original.string(capability), "\(capability)")
        }
        let untouchedOffsets = original.offsets.indices.filter { !touched.map(\.rawValue).contains($0) }
        #expect(untouchedOffsets.allSatisfy { reread.offsets[$0] == original.offsets[$0] })
        #expect(try systemEntry().suffix(200) == tuned.bytes.suffix(200), "the extended capabilities follow unchanged")
    }

    @Test func eachKnobAlone() throws {
        let original = try #require(TunedTerminfo(try systemEntry()))
        let scrolling = try #require(original.tuned(.noScrolling))
        #expect(scrolling.applied == .noScrolling)
        #expect(scrolling.entry.string(.sgr0) == original.string(.sgr0))
        #expect(scrolling.entry.string(.csr) == nil)
        let reset = try #require(original.tuned(.shortReset))
        #expect(reset.entry.string(.csr) == original.string(.csr))
        #expect(reset.entry.string(.sgr0) == Array("\u{1B}[m".utf8))
        #expect(original.tuned([]) == nil)
        // An entry already without what a knob removes needs nothing.
        #expect(scrolling.entry.tuned(.noScrolling) == nil)
    }

    @Test func rejectsWhatIsNotACompiledEntry() {
        #expect(TunedTerminfo([]) == nil)
        #expect(TunedTerminfo(Array("xterm-256color|xterm with 256 colors,".utf8)) == nil)
        #expect(TunedTerminfo([0x1A, 0x01, 0x30, 0x00, 0x2C, 0x00, 0x26, 0x00, 0x9E, 0x01, 0xFF, 0x7F]) == nil, "sizes beyond the data")
    }

    @Test func theEnvironmentPicksKnobs() {
        typealias Knobs = TunedTerminfo.Knobs
        #expect(Knobs.fromEnvironment(nil) == .all)
        #expect(Knobs.fromEnvironment("off") == [])
        #expect(Knobs.fromEnvironment("none") == [])
        #expect(Knobs.fromEnvironment("scrolling") == .noScrolling)
        #expect(Knobs.fromEnvironment("reset, attributes") == [.shortReset, .separateAttributes])
        #expect(Knobs.fromEnvironment("all") == .all)
    }
}

extension NcursesTests {
    @MainActor @Suite struct TunedSession {
        @Test func ncursesLoadsTheTunedCopyAndTheEnvironmentIsPutBack() throws {
            setenv("TERM", "xterm-256color", 1)
            unsetenv("CURTAIN_NCURSES_TUNING")
            let before = getenv("TERMINFO").map { String(cString: $0) }
            var copy: String?
            var release: () -> Void = {}
            let (csr, applied) = TunedTerminfo.whileInstalled(term: "xterm-256color", fileDescriptor: 1) { () -> [UInt8]? in
                copy = getenv("TERMINFO").map { String(cString: $0) }
                var status: Int32 = 0
                guard setupterm("xterm-256color", 1, &status) == curtain_OK() else { return [0] }
                if let loaded = curtain_cur_term() { release = { _ = del_curterm(loaded) } }
                return TerminfoProbe.string("csr")
            }
            release()
            #expect(applied == [.noScrolling, .shortReset, .separateAttributes])
            #expect(csr == nil, "ncurses read the copy without a scroll region")
            #expect(getenv("TERMINFO").map { String(cString: $0) } == before)
            let value = try #require(copy)
            if curtain_ncurses_reads_entry_from_environment() {
                #expect(value.hasPrefix("hex:"), "the copy is the variable itself, not a file")
            } else {
                #expect(access(value, F_OK) != 0, "the copy is gone")
            }
        }

        /// No file is made to hold the tuned entry: a session starts tuned with `TMPDIR` naming
        /// a directory nobody can write to, or none at all.
        @Test func theTunedEntryNeedsNoTemporaryDirectory() throws {
            guard curtain_ncurses_reads_entry_from_environment() else { return }
            let previous = getenv("TMPDIR").map { String(cString: $0) }
            defer { if let previous { setenv("TMPDIR", previous, 1) } else { unsetenv("TMPDIR") } }
            for directory in ["/proc/self", "/nonexistent-curtain-tmpdir"] {
                setenv("TMPDIR", directory, 1)
                let files = ScratchTerminal()
                let session = try TerminalSession(output: files.output, input: files.input)
                let tuning = session._ncursesTuning
                session.stop()
                #expect(tuning == ["scrolling", "reset", "attributes"], "TMPDIR=\(directory)")
            }
        }

        /// The colon form of 24-bit colours becomes the semicolon form, in the entries that write
        /// it, and ncurses' own `tparm` gives the same colours with `;` between the values.
        /// With ncurses' `tparm` (one static buffer: the suite runs one test at a time).
        @Test(arguments: ["xterm-direct", "kitty-direct", "tmux-direct"])
        func twentyFourBitColoursTakeTheSemicolonForm(term: String) throws {
            let original = try #require(TunedTerminfo(try systemEntry(term)))
            let (tuned, applied) = try #require(original.tuned(.semicolonColors))
            #expect(applied == .semicolonColors)
            let reread = try #require(TunedTerminfo(tuned.bytes))
            for (capability, selector) in [(TunedTerminfo.Capability.setaf, "38"), (.setab, "48")] {
                let format = try #require(reread.string(capability))
                func expanded(_ color: Int32) -> String {
                    let text = String(decoding: format, as: UTF8.self)
                    return text.withCString { String(cString: curtain_tiparm1($0, color)) }
                }
                #expect(expanded(0x87FF87) == "\u{1B}[\(selector);2;135;255;135m", "\(term) \(capability)")
                #expect(expanded(0x010203) == "\u{1B}[\(selector);2;1;2;3m")
                #expect(expanded(3) == "\u{1B}[\(selector.prefix(1))3m", "the ANSI colours as they were")
            }
            #expect(original.tuned(.semicolonColors)?.entry.tuned(.semicolonColors) == nil, "already semicolons")
            #expect(try #require(TunedTerminfo(try systemEntry("st-direct"))).tuned(.semicolonColors) == nil)
        }

        @Test func offLeavesTheEntryAlone() throws {
            setenv("CURTAIN_NCURSES_TUNING", "off", 1)
            defer { unsetenv("CURTAIN_NCURSES_TUNING") }
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            #expect(session._ncursesTuning.isEmpty)
        }

        /// The toast-growth case: a block in the middle of wide rows moves up a row while the
        /// rest of those rows stays. ncurses once scrolled the rows with a scroll region and then
        /// redrew everything beside the block; now it rewrites the block alone.
        @Test func aBlockMovingUpIsNotScrolled() throws {
            let files = ScratchTerminal()
            // Wide rows: ncurses' scroll detection finds the moved lines there.
            setenv("LINES", "100", 1)
            setenv("COLUMNS", "300", 1)
            defer { unsetenv("LINES"); unsetenv("COLUMNS") }
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            #expect(session._ncursesTuning == ["scrolling", "reset", "attributes"])
            let size = session.size
            var frame = CellBuffer(size: size)
            let band = Style(foreground: .indexed(202), background: .indexed(234))
            for y in 0..<size.height { frame.put(String(repeating: "▚", count: size.width), x: 0, y: y, style: band) }
            let box = Style(foreground: .indexed(231), background: .indexed(24))
            func drawBlock(top: Int, into frame: inout CellBuffer) {
                for (offset, line) in ["┌────────┐", "│ toast  │", "│ text   │", "└────────┘"].enumerated() {
                    frame.put(line, x: 150, y: top + offset, style: box)
                }
            }
            var first = frame
            drawBlock(top: 90, into: &first)
            #expect(session.draw(first))
            let before = files.bytesWritten
            var second = frame
            drawBlock(top: 89, into: &second)
            #expect(session.draw(second))
            let sent = Array(files.written[before...])
            let text = String(decoding: sent, as: UTF8.self)
            #expect(!text.contains(/\u{1B}\[\d+;\d+r/), "no scroll region")
            #expect(!text.contains(/\u{1B}\[\d*[LMST]/), "no lines inserted, deleted or scrolled")
            #expect(sent.count < 400, "\(sent.count) bytes for 5 rows of 10 cells")
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 150, y: 89).text == [0x250C])
            #expect(cellContents(window, x: 149, y: 89).text == [0x259A], "the band beside it is untouched")
        }
    }
}
