import Curtain
import Dispatch
@testable import CurtainTerminal
import CurtainPlatform
import CurtainTestSupport
import Testing

/// How a test's wait sleeps: edge-triggered (the default), or level-triggered with either call.
enum WaitMode: String, CaseIterable, Sendable {
    case edgeTriggered, poll, select

    var kind: ReadinessKind { self == .select ? .select : .poll }

    @MainActor func wait(on descriptors: [Int32]) throws -> TerminalWait {
        let wait = try TerminalWait(descriptors: descriptors, readiness: kind, edgeTriggered: self == .edgeTriggered)
        #expect(wait.isEdgeTriggered == (self == .edgeTriggered), "a pipe can be watched edge-triggered on Linux")
        return wait
    }
}

/// The session's one wait, edge-triggered and with both level-triggered calls: what ends it,
/// and what it costs the waiting thread.
@MainActor @Suite struct TerminalWaitTests {
    nonisolated static let kinds = WaitMode.allCases

    @Test(arguments: kinds)
    func inputEndsTheWaitAndSaysWhichDescriptor(kind: WaitMode) async throws {
        let input = try TestPipe(), other = try TestPipe()
        let wait = try kind.wait(on: [input.read, other.read])
        defer { wait.cancel() }
        let clock = SystemClock()
        let writeEnd = input.write
        Task.detached {
            try await Task.sleep(for: .milliseconds(20))
            _ = writeAll(writeEnd, [UInt8(ascii: "k")])
        }
        #expect(await wait.wait(until: nil, clock: clock) == .readable([input.read]))
        #expect(wait.readableNow() == [input.read], "readable until read")
    }

    @Test(arguments: kinds)
    func theDeadlineEndsTheWait(kind: WaitMode) async throws {
        let input = try TestPipe()
        let wait = try kind.wait(on: [input.read])
        defer { wait.cancel() }
        let clock = SystemClock()
        let start = clock.now
        #expect(await wait.wait(until: start + 0.03, clock: clock) == .timedOut)
        #expect(clock.now - start >= 0.03)
        #expect(await wait.wait(until: clock.now - 1, clock: clock) == .timedOut, "a deadline past: at once")
        #expect(wait.waitBlocking(until: clock.now + 0.01, clock: clock) == .timedOut)
    }

    /// Readiness the thread found while sleeping for an earlier wait is never handed to a later
    /// one as it is: the session may have read the input in between, and its read of input no
    /// longer there would block the main actor for good (seen: curtain-procs frozen after a
    /// resize, its main actor in `read(0)`). Each turn: a wait, interrupted; a byte written and
    /// read at once; a short wait, which must time out. (Before, some turns of a few hundred
    /// answered `.readable` for the byte already read.)
    @Test(arguments: kinds)
    func readinessFoundForAnEarlierWaitIsLookedAtAgain(kind: WaitMode) async throws {
        let input = try TestPipe()
        let wait = try kind.wait(on: [input.read])
        defer { wait.cancel() }
        let clock = SystemClock()
        var stale = 0
        for _ in 0..<300 {
            let first = Task { @MainActor in await wait.wait(until: nil, clock: clock) }
            await Task.yield()
            wait.interrupt()
            _ = await first.value
            _ = writeAll(input.write, [UInt8(ascii: "k")])
            var byte: UInt8 = 0
            _ = read(input.read, &byte, 1)   // the session reads what arrived
            if await wait.wait(until: clock.now + 0.002, clock: clock) != .timedOut {
                stale += 1
                _ = wait.readableNow()
            }
        }
        #expect(stale == 0, "\(stale) of 300 waits were told of input already read")
    }

    /// An interruption ends the wait at once, or the next one when none is in progress — and
    /// at idle it costs the waiting thread nothing: the next wait takes over its sleep on the
    /// descriptors. Level-triggered, only the first wait pokes it (it slept on its control pipe
    /// alone); edge-triggered, none does. A deadline never does.
    @Test(arguments: [WaitMode.poll, .select])
    func anInterruptionAtIdleEndsTheWaitWithoutWakingTheThread(kind: WaitMode) async throws {
        let input = try TestPipe()
        let wait = try kind.wait(on: [input.read])
        defer { wait.cancel() }
        let clock = SystemClock()
        for turn in 0..<5 {
            Task { @MainActor in
                try await Task.sleep(for: .milliseconds(10)) // the thread sleeps on the descriptors by then
                wait.interrupt()
            }
            #expect(await wait.wait(until: nil, clock: clock) == .interrupted)
            #expect(wait.pokeCount == 1, "turn \(turn): \(wait.pokeCount) pokes")
        }
        wait.interrupt()
        #expect(await wait.wait(until: nil, clock: clock) == .interrupted, "an interruption between waits ends the next")
        #expect(wait.waitBlocking(until: clock.now + 0.001, clock: clock) == .timedOut, "and only that one")
        // Deadlines — paced frames, a spinner's ticks — are timers: the thread sleeps on, and is
        // neither poked nor woken for them (a paced frame poked it once a frame before).
        for _ in 0..<10 {
            #expect(await wait.wait(until: clock.now + 0.016, clock: clock) == .timedOut)
        }
        #expect(wait.pokeCount == 1, "\(wait.pokeCount) pokes for ten paced frames")
        // Input ends the next wait at once; after input the thread sleeps on its control pipe
        // alone (input that arrives while the app draws wakes nothing), so the wait after it
        // pokes once — unless it began before the thread looked again, which then sleeps on
        // the descriptors for it.
        Task { @MainActor in
            try await Task.sleep(for: .milliseconds(10)) // the wait below is in progress by then
            input.send("x")
        }
        #expect(await wait.wait(until: clock.now + 60, clock: clock) == .readable([input.read]))
        #expect(wait.pokeCount == 1, "input found for a wait in progress: the thread slept on the descriptors")
        var byte: UInt8 = 0
        _ = read(input.read, &byte, 1)
        #expect(await wait.wait(until: clock.now + 0.01, clock: clock) == .timedOut)
        #expect(wait.pokeCount <= 2)
    }

    /// A wait that cannot be made is an error, not a spin or a hang.
    @Test func aPipeOrThreadThatCannotBeMadeIsAnError() {
        TerminalWait._failNext(.pipe)
        #expect(throws: TerminalError("no pipe for the wait (Too many open files)")) {
            try TerminalWait(descriptors: [0], readiness: .poll)
        }
        TerminalWait._failNext(.thread)
        #expect(throws: TerminalError("no thread for the wait (Resource temporarily unavailable)")) {
            try TerminalWait(descriptors: [0], readiness: .poll)
        }
        #expect(throws: TerminalError("descriptor 4000 is beyond what select can wait on (0 to 1023; use CURTAIN_WAIT=poll)")) {
            try TerminalWait(descriptors: [0, 4000], readiness: .select, edgeTriggered: false)
        }
    }

    /// Edge-triggered, the thread is never poked: not by a new wait after input (level-
    /// triggered, each costs a poke: the status answer that follows every frame of a spinner
    /// poked it ten times a second), not by interruptions, not by deadlines. And input that
    /// arrives while no wait is in progress — told to the thread once, then never again — is
    /// not lost: the next wait ends at once.
    @Test func edgeTriggeredTheThreadIsNeverPokedAndNoArrivalIsLost() async throws {
        let input = try TestPipe()
        let wait = try WaitMode.edgeTriggered.wait(on: [input.read])
        defer { wait.cancel() }
        let clock = SystemClock()
        var byte: UInt8 = 0
        for turn in 0..<20 {
            // An answer while the wait is in progress (a frame's status answer at idle), written
            // from a dispatch thread: the cooperative pool may be held by other tests for long.
            let writeEnd = input.write
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(5)) {
                _ = writeAll(writeEnd, [UInt8(ascii: "a")])
            }
            #expect(await wait.wait(until: clock.now + 60, clock: clock) == .readable([input.read]), "turn \(turn)")
            #expect(read(input.read, &byte, 1) == 1)
            // An answer while the session draws: no wait in progress.
            input.send("b")
            try await Task.sleep(for: .milliseconds(5)) // the thread is told, and sleeps on
            #expect(await wait.wait(until: clock.now + 60, clock: clock) == .readable([input.read]), "turn \(turn): not lost")
            #expect(read(input.read, &byte, 1) == 1)
            // Nothing waiting: a deadline ends the wait, and nothing is told twice.
            #expect(await wait.wait(until: clock.now + 0.005, clock: clock) == .timedOut, "turn \(turn)")
            Task { @MainActor in wait.interrupt() }
            #expect(await wait.wait(until: nil, clock: clock) == .interrupted)
        }
        #expect(wait.pokeCount == 0, "\(wait.pokeCount) pokes")
    }
}
