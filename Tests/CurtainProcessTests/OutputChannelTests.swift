import Curtain
import CurtainPlatform
import CurtainTerminal
import Synchronization
import Testing
@testable import CurtainProcess

/// The hand-over between a child's reading thread and its consumer, without a child: the
/// reader held while the consumer is behind, and a log's lines read on the reading thread.
@Suite struct OutputChannelTests {
    /// Pieces handed over from a thread of their own, as the reading thread hands them: each
    /// held back for its interval is delivered when that is up; then the end.
    func handOver(_ pieces: [OutputBatch], to channel: OutputChannel, afterEach: @escaping @Sendable () -> Void = {}) {
        let started = PlatformThread.start {
            for piece in pieces {
                var due = channel.put(lines: piece.lines, openLine: piece.openLine,
                                      bytes: piece.lines.reduce(0) { $0 + $1.utf8.count + 1 }, now: monotonicNanoseconds())
                while let time = due {
                    var pause = timespec(tv_sec: 0, tv_nsec: Int(max(0, time - monotonicNanoseconds())))
                    _ = nanosleep(&pause, nil)
                    due = channel.deliverIfDue(now: monotonicNanoseconds())
                }
                afterEach()
            }
            channel.finish()
        }
        if case .success(let thread) = started { thread.detach() }
    }

    final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    /// A consumer that is behind holds the reader once ``OutputChannel/capacity`` batches wait:
    /// the reader stops reading (the child then waits on its writes, as on a slow terminal)
    /// and memory stays bounded. Each batch taken lets one more in, and nothing is lost; the
    /// channel remembers that its consumer fell behind (the reading thread then yields).
    @Test func theReaderWaitsWhileTheConsumerIsBehind() async throws {
        let channel = OutputChannel()
        #expect(channel.claim())
        // Full batches: none merges into the one before it.
        let full = (0..<ChildOutput.maximumLineCount).map { "line \($0)" }
        let total = OutputChannel.capacity + 3
        let handed = Count()
        handOver(Array(repeating: OutputBatch(lines: full, openLine: ""), count: total), to: channel) {
            handed.value.add(1, ordering: .sequentiallyConsistent)
        }
        // The reader says so just before it waits for room (a bound all the same: a reader that
        // never waits would hand everything over and leave this loop at the end).
        let deadline = ContinuousClock.now + .seconds(60)
        while !channel.consumerFellBehind, handed.value.load(ordering: .sequentiallyConsistent) < total,
              ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(1))
        }
        #expect(channel.consumerFellBehind, "the reading thread is told, and yields to the interface")
        #expect(handed.value.load(ordering: .sequentiallyConsistent) == OutputChannel.capacity)
        var taken = 0
        var lines = 0
        while let batch = await channel.take() {
            taken += 1
            // However fast the reader is, it has handed over no more than what fits: the queue
            // and one more a batch taken.
            #expect(handed.value.load(ordering: .sequentiallyConsistent) <= OutputChannel.capacity + taken)
            if case .text(let text) = batch { lines += text.lines.count }
        }
        #expect(taken == total)
        #expect(lines == total * ChildOutput.maximumLineCount)
    }

    /// A log that claims the output reads on the reading thread what comes after the claim,
    /// and what was queued before it then: every line and the colours it carries come out as
    /// `Log.append(ansi:)` shows the same text — red set in the first batch still colours a
    /// line read after the claim, which a reader started afresh would lose.
    @MainActor
    @Test func aLogReadsWhatCameBeforeItsClaimAndAfterAsOneText() async {
        let before = [OutputBatch(lines: ["plain", "\u{1B}[31mred starts"], openLine: "ha"),
                      OutputBatch(lines: ["half red", "", "\u{1B}[1mbold red"], openLine: "")]
        let after = [OutputBatch(lines: ["still bold red", "\u{1B}[22mred \u{1B}[42mon green"], openLine: "open"),
                     OutputBatch(lines: ["open, done", "x\u{1B}[0m plain", "tab\tstop"], openLine: "pro\u{1B}[4mgress")]
        let channel = OutputChannel()
        for piece in before {
            _ = channel.put(lines: piece.lines, openLine: piece.openLine, bytes: 1, now: monotonicNanoseconds())
        }
        #expect(channel.claimForReading())
        #expect(!channel.claim(), "one consumer")
        handOver(after, to: channel)

        let log = Log()
        while case .read(let batch)? = await channel.take() {
            if let lines = batch.lines { log.append(lines) }
            log.showOpenLine(batch.openLine)
        }
        let expected = Log()
        expected.append(ansi: (before + after).flatMap(\.lines).joined(separator: "\n"))
        expected.showOpenLine(ansi: after.last!.openLine)
        #expect(log.ansiTexts == expected.ansiTexts)
        #expect(log.texts.count == 11)
        #expect(!channel.consumerFellBehind, "never held: its reading thread keeps the default priority")
    }
}
