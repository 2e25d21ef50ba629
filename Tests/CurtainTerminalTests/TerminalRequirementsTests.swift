@testable import CurtainTerminal
import CNcurses
import CurtainPlatform
import Testing

@Suite struct TerminalRequirementsTests {
    func refusal(stdin: Bool = true, stdout: Bool = true, term: String? = "xterm-256color",
                 terminfo: TerminalRequirements.Terminfo = .found(canAddressCursor: true)) -> String? {
        TerminalRequirements(stdinIsTerminal: stdin, stdoutIsTerminal: stdout, term: term, terminfo: terminfo)
            .refusal(programName: "curtain-demo", alternative: "use --headless")?.message
    }

    @Test func aCapableTerminalIsAccepted() {
        #expect(refusal() == nil)
    }

    @Test func pipesAreRefusedWithTheFix() {
        #expect(refusal(stdout: false) ==
            "curtain-demo needs an interactive terminal: stdout is not a terminal (run it directly in a terminal, or use --headless)")
        #expect(refusal(stdin: false) ==
            "curtain-demo needs an interactive terminal: stdin is not a terminal (run it directly in a terminal, or use --headless)")
    }

    @Test func missingUnknownAndDumbTerminalsAreRefused() {
        #expect(refusal(term: nil)?.contains("TERM is not set") == true)
        #expect(refusal(term: "")?.contains("TERM is not set") == true)
        #expect(refusal(term: "nosuch", terminfo: .unknown)?.contains("TERM=nosuch") == true)
        #expect(refusal(term: "dumb", terminfo: .found(canAddressCursor: false))?
            .hasPrefix("curtain-demo needs a terminal that can move the cursor, and TERM=dumb cannot") == true)
        #expect(refusal(term: "x", terminfo: .noDatabase)?.contains("terminfo database") == true)
    }

    @Test func everyMessageIsOneLineAndShowsNoControlCharacters() {
        let messages = [
            refusal(stdout: false), refusal(term: nil), refusal(term: "a\u{1B}[2Jb\nc", terminfo: .unknown),
            refusal(term: "dumb", terminfo: .found(canAddressCursor: false)), refusal(terminfo: .noDatabase),
        ]
        for message in messages {
            let text = try! #require(message)
            #expect(!text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, "\(text)")
            #expect(text.hasSuffix("use --headless)"))
        }
        let plain = TerminalRequirements(stdinIsTerminal: true, stdoutIsTerminal: false, term: nil, terminfo: .unknown)
            .refusal(programName: "p", alternative: nil)?.message
        #expect(plain == "p needs an interactive terminal: stdout is not a terminal (run it directly in a terminal)")
    }

    /// A TERM with control characters shows them as the screen does, as control pictures (`␛`,
    /// `␇`): dropping them would make `\e]0;PWN` read as the harmless-looking `]0;PWN`.
    @Test func controlCharactersInTERMAreShownEscapedNotDropped() throws {
        let message = try #require(refusal(term: "\u{1B}]0;PWN\u{07}x\u{7F}\u{85}", terminfo: .unknown))
        #expect(message.contains("TERM=␛]0;PWN␇x␡<U+0085> "), "\(message)")
        #expect(TerminalRequirements.printable(String(repeating: "\u{1B}", count: 100)) == String(repeating: "␛", count: 64),
                "still at most 64 characters")
    }

    @Test func paddingIsRemovedFromResetStrings() {
        #expect(TerminfoProbe.withoutPadding(Array("\u{1B}[H$<5>\u{1B}[2J$<2*/>x".utf8)) == Array("\u{1B}[H\u{1B}[2Jx".utf8))
        #expect(TerminfoProbe.withoutPadding(Array("$<unterminated".utf8)) == Array("$<unterminated".utf8))
        #expect(TerminfoProbe.withoutPadding([]) == [])
    }
}

extension NcursesTests {
    /// Starting sessions and probing terminfo touch ncurses' global state, so they run with the
    /// other ncurses tests.
    @MainActor @Suite struct StartUp {
        @Test(.enabled(if: isatty(STDOUT_FILENO) == 0 && isatty(STDIN_FILENO) == 0))
        func startingWithoutATerminalThrowsTheRefusal() {
            #expect(throws: TerminalError.self) {
                _ = try TerminalSession(programName: "curtain-demo", alternative: "use --headless")
            }
            do {
                _ = try TerminalSession(programName: "curtain-demo")
            } catch let error as TerminalError {
                #expect(error.message.contains("is not a terminal"))
            } catch {
                Issue.record("unexpected error \(error)")
            }
        }

        @Test func onlyOneSessionRunsAtATime() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            #expect(throws: TerminalError.self) { _ = try TerminalSession(output: files.output, input: files.input) }
            #expect(throws: TerminalError.self) { _ = try TerminalSession(programName: "p") }
            session.stop()
            let again = try TerminalSession(output: files.output, input: files.input)
            again.stop()
        }

        @Test func theTerminfoProbeReadsRealEntries() throws {
            // Probing loads and releases an entry without creating a screen.
            let xterm = TerminfoProbe.probe(term: "xterm-256color", fileDescriptor: -1)
            #expect(xterm.terminfo == .found(canAddressCursor: true))
            let reset = String(decoding: xterm.resetSequence, as: UTF8.self)
            #expect(reset.contains("\u{1B}[?25h"), "cursor visible")
            #expect(reset.contains("\u{1B}[?1049l"), "leave the alternate screen")
            let clear = try #require(reset.range(of: "\u{1B}[H\u{1B}[2J"), "blank it first")
            #expect(clear.upperBound <= reset.range(of: "\u{1B}[?1049l")!.lowerBound)
            #expect(TerminfoProbe.probe(term: "dumb", fileDescriptor: -1).terminfo == .found(canAddressCursor: false))
            #expect(TerminfoProbe.probe(term: "no-such-terminal-type", fileDescriptor: -1).terminfo == .unknown)
        }

        /// The probe keeps what the takeover asks of the same entry later (direct colour, the
        /// strings the tuning compares), so that the entry is loaded once before `newterm`:
        /// the same answers as loading it again for each question.
        @Test func theProbeAnswersTheTakeoversLaterQuestions() throws {
            for term in ["xterm-256color", "xterm-direct", "dumb"] {
                let probe = TerminfoProbe.probe(term: term, fileDescriptor: -1)
                #expect(probe.hasDirectColor == (DirectColorEntry.installedEntryHasDirectColor(term, fileDescriptor: -1) ?? false), "\(term)")
                var status: Int32 = 0
                try #require(term.withCString { curtain_setupterm($0, -1, &status) } == curtain_OK())
                let loaded = TunedTerminfo.Capability.allCases.map { TerminfoProbe.string($0.name) }
                _ = del_curterm(curtain_cur_term())
                #expect(probe.tunedStrings == loaded, "\(term)")
            }
            #expect(TerminfoProbe.probe(term: "xterm-direct", fileDescriptor: -1).hasDirectColor)
            #expect(!TerminfoProbe.probe(term: "xterm-256color", fileDescriptor: -1).hasDirectColor)
            #expect(TerminfoProbe.probe(term: "no-such-terminal-type", fileDescriptor: -1).tunedStrings == nil)
        }
    }
}
