import Curtain
@testable import CurtainTerminal
import CurtainPlatform
import Testing

/// The one blocking call of the wait, both kinds: the same answers on pipes, the timeout kept,
/// the end of a pipe counted as readable, and select's set of descriptors built right.
@Suite struct ReadinessTests {
    static let kinds = ReadinessKind.allCases

    final class Pipe {
        let read: Int32
        private(set) var write: Int32
        init() throws {
            var ends: [Int32] = [-1, -1]
            try #require(pipe(&ends) == 0)
            (read, write) = (ends[0], ends[1])
        }
        func send(_ text: String) { _ = writeAll(write, Array(text.utf8)) }
        func closeWriteEnd() {
            close(write)
            write = -1
        }
        deinit {
            close(read)
            if write >= 0 { close(write) }
        }
    }

    @Test(arguments: kinds)
    func aPipeWithBytesIsReadyAndAnEmptyOneIsNot(kind: ReadinessKind) throws {
        let quiet = try Pipe(), busy = try Pipe()
        let readiness = try kind.make(for: [quiet.read, busy.read])
        #expect(readiness.wait([quiet.read, busy.read], timeoutNanoseconds: 0) == .timedOut)
        busy.send("x")
        #expect(readiness.wait([quiet.read, busy.read], timeoutNanoseconds: nil) == .ready([busy.read]))
        quiet.send("y")
        #expect(readiness.wait([quiet.read, busy.read], timeoutNanoseconds: 0) == .ready([quiet.read, busy.read]))
    }

    @Test(arguments: kinds)
    func theTimeoutIsKeptNotCutShort(kind: ReadinessKind) throws {
        let quiet = try Pipe()
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
        let gone = try Pipe()
        gone.closeWriteEnd()
        let readiness = try kind.make(for: [gone.read])
        #expect(readiness.wait([gone.read], timeoutNanoseconds: 1_000_000_000) == .ready([gone.read]))
    }

    @Test func selectRefusesADescriptorItsSetCannotHold() {
        #expect(DescriptorSet.capacity == 1024)
        #expect(throws: TerminalError("descriptor 1024 is beyond what select can wait on (0 to 1023; use CURTAIN_WAIT=poll)")) {
            try ReadinessKind.select.make(for: [0, 1024])
        }
        #expect(throws: Never.self) { try ReadinessKind.poll.make(for: [0, 1024]) }
    }

    /// FD_SET and FD_ISSET as glibc lays them out: descriptor d is bit d % 64 of word d / 64.
    @Test func theSetHasTheBitsTheCMacrosSet() {
        var set = DescriptorSet()
        for descriptor: Int32 in [0, 5, 63, 64, 130, 1023] { set.insert(descriptor) }
        for descriptor: Int32 in [0, 5, 63, 64, 130, 1023] { #expect(set.contains(descriptor)) }
        for descriptor: Int32 in [1, 62, 65, 129, 1022] { #expect(!set.contains(descriptor)) }
        let words = withUnsafeBytes(of: set.bits) { Array($0.bindMemory(to: Int.self)) }
        #expect(words.count == 16)
        #expect(words[0] == 1 | 1 << 5 | Int.min)
        #expect(words[1] == 1)
        #expect(words[2] == 1 << 2)
        #expect(words[15] == Int.min)
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

    @Test func curtainWaitPicksOneOrSaysWhatItTakes() throws {
        #expect(try ReadinessKind.named(nil) == .poll)
        #expect(try ReadinessKind.named("") == .poll)
        #expect(try ReadinessKind.named("select") == .select)
        #expect(try ReadinessKind.named("poll") == .poll)
        #expect(throws: TerminalError("CURTAIN_WAIT=epoll is unknown (use CURTAIN_WAIT=poll or CURTAIN_WAIT=select, or unset it)")) {
            try ReadinessKind.named("epoll")
        }
    }
}
