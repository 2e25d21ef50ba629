import Curtain
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests {
    /// Starting a session: the start-up questions are awaited with the main actor free, and a
    /// wait that cannot be made is a refusal with a message, not a spin or a hang.
    @MainActor @Suite struct SessionStart {
        /// A terminal that never answers: output to a file, input from a pipe nobody writes to.
        final class SilentTerminal {
            let files = ScratchTerminal()
            let input: UnsafeMutablePointer<FILE>
            let writeEnd: Int32
            init() throws {
                var ends: [Int32] = [-1, -1]
                try #require(pipe(&ends) == 0)
                input = try #require(fdopen(ends[0], "r"))
                writeEnd = ends[1]
            }
            deinit {
                fclose(input)
                close(writeEnd)
            }
        }

        /// A session starts, awaits the answers of a terminal that never answers (100 ms) and
        /// stops, and none of its synchronous calls holds the main actor longer than a frame:
        /// the start once waited for the answers blocking, about 100 ms inside the initialiser.
        /// (The calls are timed themselves; the longest gap of a task ticking every millisecond
        /// is printed too, but other tests running on the main actor meanwhile lengthen it.)
        @Test func startingAndStoppingNeverStallsTheMainActor() async throws {
            let terminal = try SilentTerminal()
            var gaps: [Duration] = []
            var ticking = true
            let ticker = Task { @MainActor in
                let clock = ContinuousClock()
                var last = clock.now
                while ticking {
                    try? await Task.sleep(for: .milliseconds(1))
                    let now = clock.now
                    gaps.append(now - last)
                    last = now
                }
            }
            try await Task.sleep(for: .milliseconds(20))
            let clock = SystemClock()
            let start = clock.now
            let session = try TerminalSession(output: terminal.files.output, input: terminal.input, synchronizedOutput: nil)
            let starting = clock.now - start
            #expect(await session.nextEvent(within: 0.15) == nil)
            let waited = clock.now - start
            await session.finishAnswers()
            let stopStart = clock.now
            session.stop()
            let stopping = clock.now - stopStart
            try await Task.sleep(for: .milliseconds(20))
            ticking = false
            await ticker.value
            let longest = try #require(gaps.max())
            print("longest main-actor gap while a session starts and stops: \(longest), over \(gaps.count) ticks; start-up wait \(waited) s; init \(starting) s, stop \(stopping) s")
            #expect(waited >= SynchronizedOutput.timeout, "the answers were awaited")
            // A frame (16 ms) is what the calls take on an idle machine (printed above); the bound
            // is what no load on a shared test machine reaches, and that a wait for the answers
            // (100 ms at start, 250 ms at stop) always exceeded.
            #expect(starting <= 0.05, "the initialiser held the main actor \(starting) s")
            #expect(stopping <= 0.05, "stop() held the main actor \(stopping) s")
        }

        @Test func aWaitThatCannotBeMadeRefusesTheStartWithAMessage() throws {
            let terminal = try SilentTerminal()
            TerminalWait._failNext(.pipe)
            #expect(throws: TerminalError("curtain cannot wait for input: no pipe for the wait (Too many open files)")) {
                try TerminalSession(output: terminal.files.output, input: terminal.input)
            }
            TerminalWait._failNext(.thread)
            #expect(throws: TerminalError("curtain cannot wait for input: no thread for the wait (Resource temporarily unavailable)")) {
                try TerminalSession(output: terminal.files.output, input: terminal.input)
            }
            // Refused cleanly: the terminal was given back, and the next session starts.
            let session = try TerminalSession(output: terminal.files.output, input: terminal.input)
            session.stop()
        }

        @Test func anUnknownWaitIsRefusedWithAMessage() throws {
            let terminal = try SilentTerminal()
            let chosen = getenv("CURTAIN_WAIT").map { String(cString: $0) }
            setenv("CURTAIN_WAIT", "kqueue", 1)
            defer { if let chosen { setenv("CURTAIN_WAIT", chosen, 1) } else { unsetenv("CURTAIN_WAIT") } }
            #expect(throws: TerminalError("curtain cannot wait for input: CURTAIN_WAIT=kqueue is unknown (use CURTAIN_WAIT=poll or CURTAIN_WAIT=select, or unset it)")) {
                try TerminalSession(output: terminal.files.output, input: terminal.input)
            }
        }
    }
}
