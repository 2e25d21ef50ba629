import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests {
    /// Reads keys through a session whose input is a pipe.
    @MainActor @Suite struct Input {
        /// A session whose input is a pipe the test writes to.
        @MainActor final class PipedSession {
            let files: ScratchTerminal
            private(set) var writeEnd: Int32
            let input: UnsafeMutablePointer<FILE>
            let session: TerminalSession

            init(locale: String = "C.UTF-8") throws {
                files = ScratchTerminal(locale: locale)
                var fds: [Int32] = [0, 0]
                guard pipe(&fds) == 0, let input = fdopen(fds[0], "r") else { throw TerminalError("pipe failed") }
                self.writeEnd = fds[1]
                self.input = input
                session = try TerminalSession(output: files.output, input: input)
            }

            func type(_ text: String) { type(Array(text.utf8)) }

            func type(_ bytes: [UInt8]) { writeAll(writeEnd, bytes) }

            /// Every event available now; the pipe ends with a closed-off marker key.
            func events(until marker: Event = .key(.character("\u{2603}"))) async -> [Event] {
                type("\u{2603}")
                var events: [Event] = []
                while let event = await session.nextEvent(within: 5), event != marker { events.append(event) }
                return events
            }

            /// Closes the write end: the terminal is gone.
            func hangUp() {
                close(writeEnd)
                writeEnd = -1
            }

            isolated deinit {
                session.stop()
                if writeEnd >= 0 { close(writeEnd) }
                fclose(input)
            }
        }

        /// A closed input must end the wait, not make it return at once forever (a busy loop).
        @Test func aClosedInputIsAHangupEveryTimeAfter() async throws {
            let piped = try PipedSession()
            piped.type("a")
            piped.hangUp()
            await #expect(piped.session.nextEvent(within: nil) == .key(.character("a")))
            await #expect(piped.session.nextEvent(within: nil) == .inputEnded)
            await #expect(piped.session.nextEvent(within: 5) == .inputEnded)
        }

        @Test func charactersAndControlKeysArriveDecoded() async throws {
            let piped = try PipedSession()
            piped.type("a漢\r\u{7F}\t\u{03}\u{01}")
            await #expect(piped.events() == [
                .key(.character("a")), .key(.character("漢")), .key(.enter), .key(.backspace), .key(.tab),
                .key(.ctrl("c")), .key(.ctrl("a")),
            ])
        }

        @Test func terminfoKeysAndOtherSequencesBothBecomeKeys() async throws {
            let piped = try PipedSession()
            // xterm-256color lists \EOA, \E[Z and \E[3~; \E[A and \E[1;5D it does not.
            piped.type("\u{1B}OA\u{1B}[Z\u{1B}[A\u{1B}[1;5D\u{1B}[3~")
            await #expect(piped.events() == [.key(.up), .key(.backTab), .key(.up), .key(Key(.left, modifiers: .control)), .key(.delete)])
        }

        @Test func bracketedPasteArrivesAsOneEvent() async throws {
            let piped = try PipedSession()
            piped.type("x\u{1B}[200~line one\r\nline two\u{1B}[31m red\u{1B}[201~y")
            await #expect(piped.events() == [.key(.character("x")), .paste("line one\nline two red"), .key(.character("y"))])
        }

        /// Invalid bytes become U+FFFD, one per maximal invalid subpart, and take nothing with
        /// them (through ncurses, what arrived with them was lost).
        @Test func invalidUTF8BecomesAReplacementAndInputGoesOn() async throws {
            let piped = try PipedSession()
            piped.type([0x61, 0xFF, 0xC3, 0x62])
            await #expect(piped.session.nextEvent(within: 5) == .key(.character("a")))
            await #expect(piped.session.nextEvent(within: 0.05) == .key(.character("\u{FFFD}")))
            piped.type("xy")
            await #expect(piped.events() == [.key(.character("\u{FFFD}")), .key(.character("b")), .key(.character("x")), .key(.character("y"))])
        }

        /// In an ASCII locale (`LC_ALL=C`) input is still UTF-8: a character the locale cannot
        /// show still arrives (drawn as `?`), and what was typed with it is not lost.
        @Test func inAnASCIILocaleEveryTypedCharacterArrives() async throws {
            let piped = try PipedSession(locale: "C")
            piped.type("aéb漢\u{1B}[Z\u{1B}[200~x\u{1F389}\u{1B}[201~")
            await #expect(piped.events() == [
                .key(.character("a")), .key(.character("é")), .key(.character("b")), .key(.character("漢")),
                .key(.backTab), .paste("x\u{1F389}"),
            ])
            piped.type([0xE9, 0x62])   // a Latin-1 é: not UTF-8, and it must not take the b
            await #expect(piped.events() == [.key(.character("\u{FFFD}")), .key(.character("b"))])
        }

        @Test func escapeAloneIsDeliveredAfterTheWait() async throws {
            let piped = try PipedSession()
            piped.type("\u{1B}")
            await #expect(piped.session.nextEvent(within: 5) == .key(.escape))
        }

        @Test func aTimeoutWithoutInputReturnsNil() async throws {
            let piped = try PipedSession()
            #expect(await piped.session.nextEvent(within: 0) == nil)
            #expect(await piped.session.nextEvent(within: 0.001) == nil)
            // A deadline on a manual clock that has passed: nothing to wait for.
            let clock = ManualClock(now: 10)
            #expect(await piped.session.nextEvent(until: 9, clock: clock) == nil)
        }

        @Test func mouseEventsFromTheTerminal() async throws {
            let piped = try PipedSession()
            piped.type("\u{1B}[<0;13;8M\u{1B}[<0;13;8m\u{1B}[<65;1;2M")
            await #expect(piped.events() == [
                .mouse(MouseEvent(.press, at: Point(x: 12, y: 7))), .mouse(MouseEvent(.release, at: Point(x: 12, y: 7))),
                .mouse(MouseEvent(.scrollDown, button: .none, at: Point(x: 0, y: 1))),
            ])
        }

        /// A real click is a press, then — a moment later, in its own read — a release. The
        /// release is an event of its own, and reading it must not stall the loop (the clock,
        /// resizes, animations): through ncurses it once did.
        @Test func aReleaseArrivingLaterDoesNotBlockTheWait() async throws {
            let piped = try PipedSession()
            piped.type("\u{1B}[<0;13;8M")
            await #expect(piped.session.nextEvent(within: 5) == .mouse(MouseEvent(.press, at: Point(x: 12, y: 7))))
            piped.type("\u{1B}[<0;13;8m")
            // Rescue a stalled read after 8 s with a key, so a regression fails instead of hanging
            // (the bound below sits well between: a loaded machine, running the whole suite,
            // took 2.2 s for the two 0.2 s waits).
            let rescuer = fork()
            if rescuer == 0 {
                sleep(8)
                _ = write(piped.writeEnd, "r", 1)
                _exit(0)
            }
            let start = ContinuousClock.now
            let release = await piped.session.nextEvent(within: 0.2)
            let afterRelease = await piped.session.nextEvent(within: 0.2)
            let waited = ContinuousClock.now - start
            kill(rescuer, SIGKILL)
            var status: Int32 = 0
            waitpid(rescuer, &status, 0)
            #expect(release == .mouse(MouseEvent(.release, at: Point(x: 12, y: 7))))
            #expect(afterRelease == nil, "read after the release: \(String(describing: afterRelease))")
            #expect(waited < .seconds(6))
            piped.type("z")
            await #expect(piped.session.nextEvent(within: 5) == .key(.character("z")))
        }

        /// Ctrl-Z is a key; the app calls suspend when nothing handled it. A file-backed session
        /// does not stop the process: it leaves and re-enters curses mode, and repaints.
        @Test func controlZIsAKeyAndSuspendRepaints() async throws {
            let piped = try PipedSession()
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("kept", x: 0, y: 0)
            piped.session.draw(frame)
            piped.type("\u{1A}")
            await #expect(piped.session.nextEvent(within: 5) == .key(.ctrl("z")))
            let window = try #require(curtain_stdscr())
            curtain_wmove(window, 0, 0)
            curtain_wclrtoeol(window) // what a full repaint must put back
            await piped.session.suspend()
            #expect(!isendwin())
            #expect(cellContents(window, x: 0, y: 0).text == Array("k".unicodeScalars.map(\.value)))
            await #expect(piped.session.nextEvent(within: 0) == nil, "the size did not change: no resize")
        }

        @Test func afterStopNoEventsAndNoDrawing() async throws {
            let piped = try PipedSession()
            piped.session.stop()
            piped.session.stop()
            piped.type("a")
            await #expect(piped.session.nextEvent(within: 0) == .inputEnded)
            #expect(piped.session.draw(CellBuffer(size: Size(width: 2, height: 2))) == false)
            #expect(piped.session.size == .zero)
        }
    }
}
