import Curtain
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

@Suite struct OutputPacingTests {
    /// Before the first answer frames go out as they come; the first of them is followed by a
    /// request (its answer is the first delivery sample), the others are not.
    @Test func framesAreNotPacedUntilTheTerminalAnswers() {
        var pacing = OutputPacing()
        pacing.probed(at: 0)
        #expect(pacing.mayDraw, "the probe alone holds nothing back")
        let first = pacing.drew(cells: 100, bytes: 1_000, at: 0.1)
        #expect(first, "the first frame's answer measures the link")
        #expect(pacing.mayDraw)
        let second = pacing.drew(cells: 100, bytes: 1_000, at: 0.12)
        #expect(!second, "no request follows the frames after it")
        #expect(pacing.mayDraw)
        #expect(pacing.giveUpTime == nil)
        pacing.answered(at: 0.2)
        #expect(pacing.isActive)
        #expect(pacing.outstanding == 1)
        pacing.answered(at: 0.21)
        #expect(pacing.outstanding == 0)
        #expect(pacing.link.rate != nil)
    }

    @Test func oneFrameInFlight() {
        var pacing = OutputPacing()
        pacing.probed(at: 0)
        pacing.answered(at: 0.01)
        let requested = pacing.drew(cells: 2000, bytes: 2000 * 10, at: 1)
        #expect(requested)
        #expect(!pacing.mayDraw, "behind until the answer")
        #expect(pacing.giveUpTime == 1 + OutputPacing.patience)
        pacing.answered(at: 1.5)
        #expect(pacing.mayDraw)
        #expect(pacing.giveUpTime == nil)
    }

    @Test func aLateAnswerForAForgottenRequestNeverGoesBelowZero() {
        var pacing = OutputPacing()
        pacing.probed(at: 0)
        pacing.answered(at: 0)
        _ = pacing.drew(cells: 10, bytes: 10 * 10, at: 0)
        pacing.forgetRequests()
        pacing.answered(at: 1)
        pacing.answered(at: 1)
        #expect(pacing.outstanding == 0)
        #expect(pacing.mayDraw)
    }

    @Test func waitsThatEndWithoutAnAnswerStopThePacing() {
        var pacing = OutputPacing()
        pacing.probed(at: 0)
        pacing.answered(at: 0)
        for round in 1...OutputPacing.silentLimit {
            let requested = pacing.drew(cells: 10, bytes: 10 * 10, at: Double(round))
            #expect(requested)
            #expect(!pacing.mayDraw)
            pacing.gaveUp()
            #expect(pacing.mayDraw)
        }
        #expect(!pacing.isActive, "taken not to answer any more")
        let requested = pacing.drew(cells: 10, bytes: 10 * 10, at: 10)
        #expect(!requested, "no more requests")
        pacing.answered(at: 11)
        #expect(pacing.isActive, "an answer brings the pacing back")
    }

    /// An idle 1 Hz clock asks once every 10 s, not every second; a frame
    /// soon after another, a bigger one, or one after a lost answer still asks.
    @Test func aLoneSmallFrameGoesWithoutARequestWhileTheLastAnswerIsFresh() {
        var pacing = OutputPacing()
        pacing.probed(at: 0)
        pacing.answered(at: 0.001)
        let asked1 = pacing.drew(cells: 6, bytes: 6 * 10, at: 1)
        #expect(asked1, "the first frame has none before it")
        pacing.answered(at: 1.001)
        for second in 2...10 {
            let asked2 = pacing.drew(cells: 6, bytes: 6 * 10, at: Double(second))
            #expect(!asked2, "tick at \(second) s")
            #expect(pacing.mayDraw)
        }
        let asked3 = pacing.drew(cells: 6, bytes: 6 * 10, at: 11.5)
        #expect(asked3, "the last answer is 10 s old")
        pacing.answered(at: 11.501)
        let asked4 = pacing.drew(cells: 6, bytes: 6 * 10, at: 12.5)
        #expect(!asked4)
        let asked5 = pacing.drew(cells: 6, bytes: 6 * 10, at: 12.52)
        #expect(asked5, "a frame 20 ms after another")
        pacing.answered(at: 12.521)
        let asked6 = pacing.drew(cells: OutputPacing.loneFrameCells + 1, bytes: OutputPacing.loneFrameCells + 1 * 10, at: 14)
        #expect(asked6, "too big to be a tick")
        pacing.gaveUp()
        let asked7 = pacing.drew(cells: 6, bytes: 6 * 10, at: 16)
        #expect(asked7, "a wait ended without an answer")
    }

    /// A link of `rate` bytes a second and a round trip of `roundTrip` seconds: draws a frame of
    /// `bytes` whenever the pacing allows, a 60 Hz animation for `seconds`, answering each request
    /// when its bytes are through; returns the frames drawn.
    static func animate(_ pacing: inout OutputPacing, from start: Double, seconds: Double, bytes: Int,
                        rate: Double, roundTrip: Double, lateAnswer: (index: Int, extra: Double)? = nil) -> Int {
        var answers: [Double] = []   // when each request's answer arrives, in order
        var linkFreeAt = start       // when the link has delivered everything written so far
        var drawn = 0, frame = 0, answered = 0
        var now = start
        while now < start + seconds + 5 {
            while let first = answers.first, first <= now {
                answers.removeFirst()
                pacing.answered(at: first)
            }
            if now < start + seconds, pacing.mayDraw {
                frame += 1
                if pacing.drew(cells: 300, bytes: bytes, at: now) {
                    linkFreeAt = max(linkFreeAt, now) + Double(bytes + 4) / rate
                    var at = linkFreeAt + roundTrip
                    if let lateAnswer, lateAnswer.index == answered { at += lateAnswer.extra }
                    answered += 1
                    answers.append(max(at, answers.last ?? at))
                }
                drawn += 1
            }
            now += 1.0 / 60
        }
        return drawn
    }

    static func started(roundTrip: Double) -> OutputPacing {
        var pacing = OutputPacing()
        pacing.probed(at: 0)
        pacing.answered(at: roundTrip)
        return pacing
    }

    /// 150 ms each way and back, 1 MB/s: every 60 Hz frame of a half-second slide goes out, and
    /// the link is not slow. (One answer at a time allowed three or four frames.)
    @Test func aLongRoundTripOverAFastLinkDrawsEveryFrame() {
        var pacing = Self.started(roundTrip: 0.15)
        let first = Self.animate(&pacing, from: 1, seconds: 0.1, bytes: 10_000, rate: 1_000_000, roundTrip: 0.15)
        #expect(first == 1, "one frame while the rate is unknown")
        let drawn = Self.animate(&pacing, from: 10, seconds: 0.5, bytes: 3_000, rate: 1_000_000, roundTrip: 0.15)
        #expect(drawn == 30, "frames drawn of 30")
        #expect(!pacing.isSlow, "rate \(pacing.link.rate ?? 0) B/s, round trip \(pacing.link.roundTrip ?? 0) s")
    }

    /// 10 KB/s with a round trip of 5 ms: slow after two frames of a few kilobytes, or one
    /// that took half a second, and one frame in flight at a time.
    @Test func aThinLinkIsSlow() {
        var pacing = Self.started(roundTrip: 0.005)
        _ = Self.animate(&pacing, from: 1, seconds: 0.02, bytes: 3_000, rate: 10_000, roundTrip: 0.005)
        #expect(!pacing.isSlow, "one sample of 0.3 s proves nothing")
        let drawn = Self.animate(&pacing, from: 5, seconds: 0.5, bytes: 3_000, rate: 10_000, roundTrip: 0.005)
        #expect(pacing.isSlow, "rate \(pacing.link.rate ?? 0) B/s")
        #expect(drawn <= 3, "one frame in flight: \(drawn)")
        #expect(pacing.link.budget == nil)
    }

    /// A whole screen that took 0.8 s is evidence enough.
    @Test func aWholeScreenDeliveredSlowlyMakesTheLinkSlow() {
        var pacing = Self.started(roundTrip: 0.005)
        _ = Self.animate(&pacing, from: 1, seconds: 0.02, bytes: 8_000, rate: 10_000, roundTrip: 0.005)
        #expect(pacing.isSlow)
    }

    /// The same thin link with a round trip of 150 ms: still slow.
    @Test func aThinLinkWithALongRoundTripIsSlow() {
        var pacing = Self.started(roundTrip: 0.15)
        _ = Self.animate(&pacing, from: 1, seconds: 0.02, bytes: 8_000, rate: 10_000, roundTrip: 0.15)
        _ = Self.animate(&pacing, from: 5, seconds: 0.5, bytes: 3_000, rate: 10_000, roundTrip: 0.15)
        #expect(pacing.isSlow)
    }

    /// A fast local link where one answer of a big frame comes 200 ms late (a busy machine):
    /// nothing changes, before or after other answers.
    @Test(arguments: [0, 1, 3])
    func oneLateAnswerChangesNothing(late: Int) {
        var pacing = Self.started(roundTrip: 0.001)
        _ = Self.animate(&pacing, from: 1, seconds: 0.2, bytes: 5_000, rate: 5_000_000, roundTrip: 0.001,
                         lateAnswer: (late, 0.2))
        #expect(!pacing.isSlow, "rates \(pacing.link.rates)")
        _ = Self.animate(&pacing, from: 5, seconds: 0.1, bytes: 5_000, rate: 5_000_000, roundTrip: 0.001)
        #expect(!pacing.isSlow)
    }

    /// The old rule: one answer later than 50 ms made the link slow. A 5 KB frame answered
    /// 300 ms late (17 KB/s) does not.
    @Test func aLateAnswerAloneIsNotASlowLink() {
        var pacing = Self.started(roundTrip: 0.001)
        _ = pacing.drew(cells: 1920, bytes: 5_000, at: 1)
        pacing.answered(at: 1.3)
        #expect(!pacing.isSlow)
        _ = pacing.drew(cells: 10, bytes: 60, at: 2)
        pacing.answered(at: 2.3)
        #expect(!pacing.isSlow, "a small frame gives no rate")
    }

    /// A thin link that becomes fast: one big frame delivered quickly ends the slowness.
    @Test func aFastBigFrameEndsTheSlowness() {
        var pacing = Self.started(roundTrip: 0.001)
        for n in 1...2 {
            _ = pacing.drew(cells: 1000, bytes: 9_000, at: Double(n))
            pacing.answered(at: Double(n) + 0.9)
        }
        #expect(pacing.isSlow)
        _ = pacing.drew(cells: 1000, bytes: 9_000, at: 5)
        pacing.answered(at: 5.01)
        #expect(!pacing.isSlow)
    }

    /// Estimates from samples: the round trip is the shortest answer, a queued request's
    /// delivery is counted from the answer before it.
    @Test func theEstimateTakesTheShortestRoundTripAndTheBestRate() {
        var link = LinkEstimate()
        link.answered(sentAt: 0, bytes: 4, at: 0.1)
        #expect(link.roundTrip == 0.1)
        #expect(link.rate == nil)
        link.answered(sentAt: 1, bytes: 10_000, at: 1.2)   // 0.1 s beyond the round trip
        #expect(abs((link.rate ?? 0) - 100_000) < 1)
        link.answered(sentAt: 1.1, bytes: 5_000, at: 1.3)  // queued: 0.1 s after the answer before
        #expect(abs((link.rates.last ?? 0) - 50_000) < 1)
        #expect(abs((link.roundTrip ?? 0) - 0.1) < 1e-9, "a queued answer is no round trip")
        link.answered(sentAt: 2, bytes: 4, at: 2.05)
        #expect(abs((link.roundTrip ?? 0) - 0.05) < 1e-9)
        #expect(abs(Double(link.budget ?? 0) - 2 * 100_000 * 0.05) <= 1)
    }
}

extension NcursesTests.RestoreOnExit {
    /// Answers the session's queries as a terminal does, in stream order: the device attributes
    /// request always, status requests when `statusRequests` allows (nil: all of them).
    final class AnsweringTerminal {
        var position = 0
        var statusAnswers = 0
        let statusRequests: Int?
        init(statusRequests: Int?) { self.statusRequests = statusRequests }

        func answer(_ output: String, _ master: Int32, _ child: pid_t) {
            let bytes = Array(output.utf8)
            let request = Array("\u{1B}[5n".utf8), attributes = Array("\u{1B}[c".utf8)
            while position < bytes.count {
                if bytes[position...].starts(with: request) {
                    position += request.count
                    if statusRequests.map({ statusAnswers < $0 }) ?? true {
                        statusAnswers += 1
                        write(master, "\u{1B}[0n")
                    }
                } else if bytes[position...].starts(with: attributes) {
                    position += attributes.count
                    write(master, "\u{1B}[?62;22c")
                } else if bytes.count - position < request.count {
                    return // maybe the start of a request: wait for the rest
                } else {
                    position += 1
                }
            }
        }

        private func write(_ master: Int32, _ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { CurtainPlatform.write(master, $0.baseAddress, $0.count) }
        }
    }

    /// Ten frames in a burst, row n saying "frame n", then up to `wait` seconds for the
    /// terminal's answers.
    static func presentBurst(wait: Double) -> Never {
        guard let session = try? TerminalSession(programName: "child") else { _exit(99) }
        session._awaitStartUpAnswersBlocking() // pacing starts with the first answer
        for n in 1...10 {
            var frame = CellBuffer(size: session.size)
            frame.put("frame \(n)", x: 0, y: n)
            session.present(frame)
        }
        _ = session.nextEventBlocking(within: wait)
        session.stop()
        _exit(0)
    }

    /// While the terminal has not answered the status request after a frame, later
    /// frames are kept, only the latest, and it is drawn as soon as the answer comes.
    @Test func aTerminalThatIsBehindGetsTheLatestFrameOnceItAnswers() async throws {
        let terminal = AnsweringTerminal(statusRequests: nil)
        let result = try runChild({ Self.presentBurst(wait: 1) }, onOutput: terminal.answer)
        #expect(result.exitCode == 0)
        let frames = result.output.components(separatedBy: "\u{1B}[?62;22c").last ?? result.output
        #expect(frames.contains("frame 1"))
        #expect(frames.contains("frame 10"), "the last frame is always drawn")
        for skipped in 2...9 { #expect(!frames.contains("frame \(skipped)"), "frame \(skipped) was skipped") }
        let afterLast = try #require(frames.range(of: "frame 10"))
        #expect(frames[afterLast.upperBound...].contains("\u{1B}[5n"), "a request follows every frame drawn")
    }

    /// A terminal that never answers status requests gets every frame, as before, and no
    /// request after the first frame's.
    @Test func aTerminalThatNeverAnswersGetsEveryFrame() async throws {
        let terminal = AnsweringTerminal(statusRequests: 0)
        let result = try runChild({ Self.presentBurst(wait: 0.2) }, onOutput: terminal.answer)
        #expect(result.exitCode == 0)
        for n in 1...10 { #expect(result.output.contains("frame \(n)")) }
        #expect(result.output.components(separatedBy: "\u{1B}[5n").count - 1 == 2, "only the probe and the first frame's")
    }

    /// A terminal that answered once and then falls silent holds a frame back for the patience
    /// at most (a second, though a whole first frame of 80×24 cells is in flight).
    @Test func aFrameWaitsForALostAnswerOnlySoLong() async throws {
        let terminal = AnsweringTerminal(statusRequests: 1)
        let result = try runChild({ Self.presentBurst(wait: 1.5) }, onOutput: terminal.answer)
        #expect(result.exitCode == 0)
        #expect(result.output.contains("frame 1"))
        #expect(result.output.contains("frame 10"), "drawn after the wait ran out")
        #expect(!result.output.contains("frame 5"))
    }
}
