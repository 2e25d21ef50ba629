import Curtain
import CurtainLayout
@testable import CurtainTerminal
import CurtainPlatform
import Testing

/// The reader on a pipe, its time on a `ManualClock`: no test sleeps for a timeout.
@Suite struct InputReaderTests {
    /// A reader on a pipe the test writes to.
    final class PipedReader {
        let input: (read: Int32, write: Int32)
        let reader: InputReader
        let clock = ManualClock()

        init() throws {
            var ends: [Int32] = [0, 0]
            try #require(pipe(&ends) == 0)
            input = (ends[0], ends[1])
            reader = InputReader(descriptor: input.read)
        }

        func send(_ text: String) { send(Array(text.utf8)) }

        func send(_ bytes: [UInt8]) {
            #expect(writeAll(input.write, bytes) == 0)
        }

        /// The next outcome, the deadline being now, as a session's turn reads: what was
        /// decoded, else one look at the pipe and what is readable, never a wait.
        func next() -> InputReader.Outcome {
            let outcome = reader.next(clock: clock)
            guard outcome == .needsInput, isReadable(timeout: 0) else { return outcome }
            reader.readAvailable(clock: clock)
            return reader.next(clock: clock)
        }

        /// The next input, waiting for the pipe as long as it takes.
        func nextWaiting() -> InputReader.Outcome {
            while true {
                let outcome = reader.next(clock: clock)
                guard outcome == .needsInput else { return outcome }
                _ = isReadable(timeout: nil)
                reader.readAvailable(clock: clock)
            }
        }

        private func isReadable(timeout: Int64?) -> Bool {
            PollReadiness().wait([input.read], timeoutNanoseconds: timeout) == .ready([input.read])
        }

        private var inputOpen = true

        func closeInput() {
            close(input.write)
            inputOpen = false
        }

        deinit {
            close(input.read)
            if inputOpen { close(input.write) }
        }
    }

    @Test func aLoneEscapeNeedsTheClockToMovePastItsWait() throws {
        let piped = try PipedReader()
        piped.send("a\u{1B}")
        #expect(piped.next() == .input(.event(.key(.character("a")))))
        #expect(piped.next() == .needsInput, "the Esc may still start a sequence")
        piped.clock.advance(by: 0.020)
        #expect(piped.next() == .needsInput, "20 ms: still within the wait")
        piped.clock.advance(by: 0.010)
        #expect(piped.next() == .input(.event(.key(.escape))))
        #expect(piped.next() == .needsInput)
    }

    @Test func escapeThenALetterWithinTheWaitIsAlt() throws {
        let piped = try PipedReader()
        piped.send("\u{1B}")
        #expect(piped.next() == .needsInput)
        piped.clock.advance(by: 0.010)
        piped.send("x")
        #expect(piped.next() == .input(.event(.key(.alt("x")))))
    }

    @Test func aStalledPasteIsDeliveredAfterASecond() throws {
        let piped = try PipedReader()
        piped.send("\u{1B}[200~half")
        #expect(piped.next() == .needsInput)
        piped.clock.advance(by: 0.9)
        piped.send(" more")
        #expect(piped.next() == .needsInput, "more came: the second starts again")
        piped.clock.advance(by: 0.9)
        #expect(piped.next() == .needsInput)
        piped.clock.advance(by: 0.2)
        #expect(piped.next() == .input(.event(.paste("half more"))))
        piped.send("\u{1B}[201~z")
        #expect(piped.next() == .input(.event(.key(.character("z")))), "the late end marker is ignored")
    }

    /// A megabyte pasted arrives as one event, read in blocks: a few hundred reads, not a
    /// million. A child process writes it, as the pipe holds only 64 KiB.
    @Test func aMegabytePasteIsOneEventInFewReads() throws {
        let piped = try PipedReader()
        let line = Array("0123456789abcdefghijklmnopqrstuvwxyz ÀÉÎÕÜ 漢字 ".utf8) + [0x0D]
        var text: [UInt8] = []
        while text.count < 1_000_000 { text += line }
        let bracketed = Array("\u{1B}[200~".utf8) + text + Array("\u{1B}[201~".utf8)
        let child = fork() // the child only writes: no allocation after fork
        if child == 0 {
            _ = bracketed.withUnsafeBytes { writeAll(piped.input.write, $0.baseAddress, $0.count) }
            _exit(0)
        }
        defer {
            var status: Int32 = 0
            waitpid(child, &status, 0)
        }
        let outcome = piped.nextWaiting()
        let expected = String(decoding: text, as: UTF8.self).replacingOccurrences(of: "\r", with: "\n")
        guard case .input(.event(.paste(let pasted))) = outcome else {
            Issue.record("not a paste: \(String(describing: outcome).prefix(200))")
            return
        }
        #expect(pasted == expected)
        let minimum = (text.count + InputReader.blockSize - 1) / InputReader.blockSize
        #expect(piped.reader.readCount >= minimum && piped.reader.readCount < 2 * minimum + 50,
                "\(piped.reader.readCount) reads for \(text.count) bytes")
    }

    @Test func aHungUpInputDeliversWhatIsPendingThenEndsForEver() throws {
        let piped = try PipedReader()
        piped.send("k\u{1B}")
        piped.closeInput()
        #expect(piped.nextWaiting() == .input(.event(.key(.character("k")))))
        #expect(piped.nextWaiting() == .input(.event(.key(.escape))))
        #expect(piped.nextWaiting() == .ended)
        #expect(piped.next() == .ended)
    }

}
