import Curtain
import CurtainPlatform
import Dispatch
import Synchronization
import Testing
@testable import CurtainProcess

/// The hand-over between a child's reading thread and its consumer, without a child: the
/// reader held while the consumer is behind, and a log's lines read on the reading thread.
@Suite struct OutputChannelTests {
    /// Pieces handed over from a thread of their own, as the watcher hands them: each held back
    /// for its interval is delivered when that is up, and after a full queue nothing more is
    /// handed over until the channel says there is room; then the end. `afterEach` runs right
    /// after each piece is put.
    func handOver(_ pieces: [OutputBatch], to channel: OutputChannel, afterEach: @escaping @Sendable () -> Void = {}) {
        let room = DispatchSemaphore(value: 0)
        channel.setRoomHandler { room.signal() }
        let started = PlatformThread.start {
            for piece in pieces {
                let put = channel.put(lines: piece.lines, openLine: piece.openLine,
                                      bytes: piece.lines.reduce(0) { $0 + $1.utf8.count + 1 }, now: monotonicNanoseconds())
                afterEach()
                var due = put.due
                var paused = put.full
                while paused || due != nil {
                    if let time = due {
                        var pause = timespec(tv_sec: 0, tv_nsec: Int(max(0, min(1_000_000, time - monotonicNanoseconds()))))
                        _ = nanosleep(&pause, nil)
                        if monotonicNanoseconds() >= time { due = channel.deliverIfDue(now: monotonicNanoseconds()) }
                    }
                    if paused, room.wait(timeout: .now() + .milliseconds(1)) == .success { paused = false }
                }
            }
            channel.finish()
        }
        if case .success(let thread) = started { thread.detach() }
    }

    final class Count: Sendable {
        let value = Atomic<Int>(0)
    }

    /// A consumer that is behind pauses the reader once ``OutputChannel/capacity`` batches wait:
    /// the watcher stops reading the child (which then waits on its writes, as on a slow
    /// terminal) and memory stays bounded. Each batch taken lets one more in (the room handler
    /// resumes the reading), and nothing is lost; the channel remembers that its consumer fell
    /// behind (the reading thread then yields).
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
        // The channel says so at the put that fills it (a bound all the same: a reader that
        // never pauses would hand everything over and leave this loop at the end).
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
