import CNcurses
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import Glibc
import Testing

extension NcursesTests {
    /// Reads keys through ncurses (`wget_wch` on a pipe) and the decoder.
    @Suite struct Input {
        /// A session whose input is a pipe the test writes to.
        final class PipedSession {
            let files = ScratchTerminal()
            private(set) var writeEnd: Int32
            let input: UnsafeMutablePointer<FILE>
            let session: TerminalSession

            init(readsBytes: Bool? = nil) throws {
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0, let input = fdopen(fds[0], "r") else { throw TerminalError("pipe failed") }
                self.writeEnd = fds[1]
                self.input = input
                session = try TerminalSession(output: files.output, input: input, readsBytes: readsBytes)
            }

            func type(_ text: String) {
                let bytes = Array(text.utf8)
                _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            }

            /// Every event available now; the pipe ends with a closed-off marker key.
            func events(until marker: TerminalEvent = .key(.character("\u{2603}"))) -> [TerminalEvent] {
                type("\u{2603}")
                var events: [TerminalEvent] = []
                while let event = session.nextEvent(timeout: .seconds(5)), event != marker { events.append(event) }
                return events
            }

            /// Closes the write end: the terminal is gone.
            func hangUp() {
                close(writeEnd)
                writeEnd = -1
            }

            deinit {
                session.stop()
                if writeEnd >= 0 { close(writeEnd) }
                fclose(input)
            }
        }

        /// A closed input must end the wait, not make it return at once forever (a busy loop).
        @Test func aClosedInputIsAHangupEveryTimeAfter() throws {
            let piped = try PipedSession()
            piped.type("a")
            piped.hangUp()
            #expect(piped.session.nextEvent(timeout: nil) == .key(.character("a")))
            #expect(piped.session.nextEvent(timeout: nil) == .hangup)
            #expect(piped.session.nextEvent(timeout: .seconds(5)) == .hangup)
        }

        @Test func charactersAndControlKeysArriveDecoded() throws {
            let piped = try PipedSession()
            piped.type("a漢\r\u{7F}\t\u{03}\u{01}")
            #expect(piped.events() == [
                .key(.character("a")), .key(.character("漢")), .key(.enter), .key(.backspace), .key(.tab),
                .key(.controlC), .key(.control("a")),
            ])
        }

        @Test func terminfoKeysAndOtherSequencesBothBecomeKeys() throws {
            let piped = try PipedSession()
            // xterm-256color lists \EOA (ncurses decodes it) and \E[Z; \E[A and \E[1;5D it does not.
            piped.type("\u{1B}OA\u{1B}[Z\u{1B}[A\u{1B}[1;5D\u{1B}[3~")
            #expect(piped.events() == [.key(.up), .key(.backTab), .key(.up), .key(.left), .key(.delete)])
        }

        @Test func bracketedPasteArrivesAsOneEvent() throws {
            let piped = try PipedSession()
            piped.type("x\u{1B}[200~line one\r\nline two\u{1B}[31m red\u{1B}[201~y")
            #expect(piped.events() == [.key(.character("x")), .paste("line one\nline two red"), .key(.character("y"))])
        }

        @Test func invalidUTF8BecomesAReplacementAndInputGoesOn() throws {
            let piped = try PipedSession()
            let bytes: [UInt8] = [0x61, 0xFF, 0xC3, 0x62]
            _ = bytes.withUnsafeBytes { write(piped.writeEnd, $0.baseAddress, $0.count) }
            #expect(piped.session.nextEvent(timeout: .seconds(5)) == .key(.character("a")))
            // ncurses drops the invalid bytes (and what came with them) when its wait ends.
            #expect(piped.session.nextEvent(timeout: .milliseconds(50)) == .key(.character("\u{FFFD}")))
            piped.type("xy")
            #expect(piped.events() == [.key(.character("x")), .key(.character("y"))])
        }

        /// In an ASCII locale (`LC_ALL=C`) input is read as bytes: a character the locale cannot
        /// show still arrives (drawn as `?`), and what was typed with it is not lost — through
        /// `wget_wch`, ncurses dropped the `b` of a quickly typed `aéb`.
        @Test func inAnASCIILocaleEveryTypedCharacterArrives() throws {
            let piped = try PipedSession(readsBytes: true)
            piped.type("aéb漢\u{1B}[Z\u{1B}[200~x\u{1F389}\u{1B}[201~")
            #expect(piped.events() == [
                .key(.character("a")), .key(.character("é")), .key(.character("b")), .key(.character("漢")),
                .key(.backTab), .paste("x\u{1F389}"),
            ])
            let latin1: [UInt8] = [0xE9, 0x62]   // a Latin-1 é: not UTF-8, and it must not take the b
            _ = latin1.withUnsafeBytes { write(piped.writeEnd, $0.baseAddress, $0.count) }
            #expect(piped.events() == [.key(.character("\u{FFFD}")), .key(.character("b"))])
        }

        @Test func escapeAloneIsDeliveredAfterTheWait() throws {
            let piped = try PipedSession()
            piped.type("\u{1B}")
            #expect(piped.session.nextEvent(timeout: .seconds(5)) == .key(.escape))
        }

        @Test func aTimeoutWithoutInputReturnsNil() throws {
            let piped = try PipedSession()
            #expect(piped.session.nextEvent(timeout: .zero) == nil)
            #expect(piped.session.nextEvent(timeout: .milliseconds(1)) == nil)
        }

        @Test func resizeAndMouseEventsFromNcurses() throws {
            let piped = try PipedSession()
            ungetch(curtain_KEY_RESIZE())
            #expect(piped.session.nextEvent(timeout: .zero) == .resize(Size(width: 80, height: 24)))
            var click = MEVENT()
            click.x = 12
            click.y = 7
            click.bstate = curtain_BUTTON1_PRESSED()
            #expect(ungetmouse(&click) == OK)
            #expect(piped.session.nextEvent(timeout: .zero) == .mouse(column: 12, row: 7))
        }

        /// A real click is a press, then — a moment later, in its own read — a release. ncurses
        /// reads again, blocking and ignoring the timeout, after a mouse event its mask filters
        /// out; the release must not stall the loop (the clock, resizes, animations).
        @Test func aReleaseArrivingLaterDoesNotBlockTheWait() throws {
            let piped = try PipedSession()
            piped.type("\u{1B}[<0;13;8M")
            #expect(piped.session.nextEvent(timeout: .seconds(5)) == .mouse(column: 12, row: 7))
            piped.type("\u{1B}[<0;13;8m")
            // Rescue a stalled read after 3 s with a key, so a regression fails instead of hanging.
            let rescuer = fork()
            if rescuer == 0 {
                sleep(3)
                _ = write(piped.writeEnd, "r", 1)
                _exit(0)
            }
            let start = ContinuousClock.now
            let afterRelease = piped.session.nextEvent(timeout: .milliseconds(200))
            let waited = ContinuousClock.now - start
            kill(rescuer, SIGKILL)
            var status: Int32 = 0
            waitpid(rescuer, &status, 0)
            #expect(afterRelease == nil, "the release was read as \(String(describing: afterRelease))")
            #expect(waited < .seconds(2))
            piped.type("z")
            #expect(piped.session.nextEvent(timeout: .seconds(5)) == .key(.character("z")))
        }

        @Test func controlZSuspendsAndReportsTheSizeOrIsAKey() throws {
            let piped = try PipedSession()
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("kept", x: 0, y: 0)
            piped.session.draw(frame)
            // A file-backed session does not stop the process; it leaves and re-enters curses mode.
            piped.type("\u{1A}")
            #expect(piped.session.nextEvent(timeout: .seconds(5)) == .resize(Size(width: 80, height: 24)))
            #expect(!isendwin())
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 0, y: 0).text == Array("k".unicodeScalars.map(\.value)))
            piped.session.suspendsOnControlZ = false
            piped.type("\u{1A}")
            #expect(piped.session.nextEvent(timeout: .seconds(5)) == .key(.controlZ))
        }

        @Test func afterStopNoEventsAndNoDrawing() throws {
            let piped = try PipedSession()
            piped.session.stop()
            piped.session.stop()
            piped.type("a")
            #expect(piped.session.nextEvent(timeout: .zero) == nil)
            #expect(piped.session.draw(CellBuffer(size: Size(width: 2, height: 2))) == false)
            #expect(piped.session.size == .zero)
        }
    }
}
