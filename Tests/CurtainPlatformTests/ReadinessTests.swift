@testable import CurtainPlatform
import CurtainTestSupport
import Testing

/// The one blocking call of the wait, both kinds: the same answers on pipes, the timeout kept,
/// the end of a pipe counted as readable, and select's set of descriptors built right.
@Suite struct ReadinessTests {
    static let kinds = ReadinessKind.allCases

    @Test(arguments: kinds)
    func aPipeWithBytesIsReadyAndAnEmptyOneIsNot(kind: ReadinessKind) throws {
        let quiet = try TestPipe(), busy = try TestPipe()
        let readiness = try kind.make(for: [quiet.read, busy.read])
        #expect(readiness.wait([quiet.read, busy.read], timeoutNanoseconds: 0) == .timedOut)
        busy.send("x")
        #expect(readiness.wait([quiet.read, busy.read], timeoutNanoseconds: nil) == .ready([busy.read]))
        quiet.send("y")
        #expect(readiness.wait([quiet.read, busy.read], timeoutNanoseconds: 0) == .ready([quiet.read, busy.read]))
    }

    @Test(arguments: kinds)
    func theTimeoutIsKeptNotCutShort(kind: ReadinessKind) throws {
        let quiet = try TestPipe()
        let readiness = try kind.make(for: [quiet.read])
        let clock = ContinuousClock()
        let start = clock.now
        #expect(readiness.wait([quiet.read], timeoutNanoseconds: 30_000_000) == .timedOut)
        #expect(clock.now - start >= .milliseconds(30))
    }

    /// A hung-up input counts as readable: the read tells the end, where waiting again would
    /// return at once for ever.
    @Test(arguments: kinds)
    func aHungUpPipeIsReady(kind: ReadinessKind) throws {
        let gone = try TestPipe()
        gone.closeWriteEnd()
        let readiness = try kind.make(for: [gone.read])
        #expect(readiness.wait([gone.read], timeoutNanoseconds: 1_000_000_000) == .ready([gone.read]))
    }

    @Test func selectRefusesADescriptorItsSetCannotHold() {
        #expect(SelectReadiness.capacity == 1024)
        #expect(throws: ReadinessError(message: "descriptor 1024 is beyond what select can wait on (0 to 1023; use CURTAIN_WAIT=poll)")) {
            try ReadinessKind.select.make(for: [0, 1024])
        }
        #expect(throws: Never.self) { try ReadinessKind.poll.make(for: [0, 1024]) }
    }

    /// The set's bits are C's (FD_SET, FD_ISSET): descriptors in the first word, past a word's
    /// end and near the set's end are each found ready, and only those that are. (The numbers
    /// are the first free ones from each start: another test may hold one.)
    @Test(arguments: ReadinessKind.allCases)
    func descriptorsAcrossTheSetAreFoundReady(kind: ReadinessKind) throws {
        let full = try TestPipe()
        let empty = try TestPipe()
        full.send("x")
        var placed: [Int32] = []
        var readable: [Int32] = []
        defer { for descriptor in placed { close(descriptor) } }
        for (start, source) in [(Int32(40), full.read), (64, empty.read), (130, full.read), (1000, empty.read)] {
            let descriptor = fcntl(source, F_DUPFD_CLOEXEC, start)
            try #require(descriptor >= start && descriptor < 1024)
            placed.append(descriptor)
            if source == full.read { readable.append(descriptor) }
        }
        let readiness = try kind.make(for: placed)
        #expect(readiness.wait(placed, timeoutNanoseconds: 1_000_000_000) == .ready(readable))
    }

    @Test func pollTimeoutsRoundUpSoAWaitNeverEndsEarly() {
        #expect(PollReadiness.milliseconds(nil) == -1)
        #expect(PollReadiness.milliseconds(-5) == 0)
        #expect(PollReadiness.milliseconds(0) == 0)
        #expect(PollReadiness.milliseconds(1) == 1)
        #expect(PollReadiness.milliseconds(25_000_000) == 25)
        #expect(PollReadiness.milliseconds(25_000_001) == 26)
        #expect(PollReadiness.milliseconds(.max) == Int32.max)
    }

    @Test func curtainWaitPicksOneOrNone() {
        #expect(ReadinessKind.named(nil) == .poll)
        #expect(ReadinessKind.named("") == .poll)
        #expect(ReadinessKind.named("select") == .select)
        #expect(ReadinessKind.named("poll") == .poll)
        #expect(ReadinessKind.named("epoll") == nil)
    }
}
