import CurtainPlatform
import Synchronization
import Testing

/// What the handler below saw: the signal, whether it was sent, and by whom.
private let seenSignal = Atomic<Int32>(0)
private let seenSentByKill = Atomic<Bool>(false)
private let seenSender = Atomic<Int32>(0)

/// SIGURG (default: ignored) is used throughout: nothing else in the package handles it, so
/// tests running beside these in the same process are not disturbed.
@Suite(.serialized) struct SignalActionTests {
    @Test func aHandlerSetIsReadBackAndTheDefaultRestored() throws {
        let original = try #require(SignalAction.current(SIGURG))
        let handler: SignalInfoHandler = { signal, _, _ in seenSignal.store(signal, ordering: .relaxed) }
        let replaced = try #require(SignalAction.withInfo(handler, flags: SA_RESTART).install(SIGURG))
        #expect(replaced.disposition == original.disposition)
        let installed = try #require(SignalAction.current(SIGURG))
        #expect(installed.disposition == .handled)
        #expect(installed.sa_flags & SA_SIGINFO != 0 && installed.sa_flags & SA_RESTART != 0)
        #expect(unsafeBitCast(installed.infoHandler, to: Int.self) == unsafeBitCast(handler, to: Int.self))

        #expect(SignalAction.ignoring.install(SIGURG)?.disposition == .handled)
        #expect(SignalAction.current(SIGURG)?.disposition == .ignored)
        #expect(SignalAction.byDefault.install(SIGURG)?.disposition == .ignored)
        #expect(SignalAction.current(SIGURG)?.disposition == .byDefault)
        original.install(SIGURG)
        #expect(SignalAction.current(SIGURG)?.disposition == original.disposition)
    }

    @Test func anInvalidSignalHasNoAction() {
        #expect(SignalAction.current(0) == nil)
        #expect(SignalAction.byDefault.install(SIGKILL) == nil)
    }

    /// The handler reads `siginfo_t` through the platform's fields: a `kill` from this process
    /// is sent (not a fault), by this process.
    @Test func theSignalsDetailsNameTheSender() async throws {
        let original = try #require(SignalAction.current(SIGURG))
        defer { original.install(SIGURG) }
        seenSignal.store(0, ordering: .relaxed)
        SignalAction.withInfo({ signal, info, _ in
            seenSentByKill.store(info?.pointee.isSentByKill ?? false, ordering: .relaxed)
            seenSender.store(info?.pointee.senderProcess ?? -1, ordering: .relaxed)
            seenSignal.store(signal, ordering: .releasing)
        }).install(SIGURG)
        #expect(kill(getpid(), SIGURG) == 0)
        for _ in 0..<200 where seenSignal.load(ordering: .acquiring) == 0 { try await Task.sleep(for: .milliseconds(5)) }
        let signal = seenSignal.load(ordering: .acquiring)
        #expect(signal == SIGURG)
        let sentByKill = seenSentByKill.load(ordering: .relaxed)
        let sender = seenSender.load(ordering: .relaxed)
        #expect(sentByKill)
        #expect(sender == getpid())
    }

    /// A previous action is handed a signal as the kernel would: a plain handler gets the number.
    @Test func callingAPlainHandler() {
        seenSignal.store(0, ordering: .relaxed)
        SignalAction.plain({ seenSignal.store($0, ordering: .relaxed) }).callHandler(SIGURG, nil, nil)
        let called = seenSignal.load(ordering: .relaxed)
        #expect(called == SIGURG)
        seenSignal.store(0, ordering: .relaxed)
        SignalAction.byDefault.callHandler(SIGURG, nil, nil)
        SignalAction.ignoring.callHandler(SIGURG, nil, nil)
        let notCalled = seenSignal.load(ordering: .relaxed)
        #expect(notCalled == 0)
    }

    @Test func theEndingSignalsAreValidAndEndTheProcess() {
        let all = ProcessEndingSignals.all
        #expect(Set(all).count == all.count, "no signal twice")
        #expect(all.allSatisfy { $0 > 0 && $0 <= ProcessEndingSignals.highest })
        #expect(all.allSatisfy { SignalAction.current($0) != nil }, "each is a signal this system has")
        #expect(all.contains(SIGTERM) && all.contains(SIGSEGV) && all.contains(SIGUSR1))
        for harmless in [SIGKILL, SIGSTOP, SIGCHLD, SIGCONT, SIGWINCH, SIGURG, SIGTSTP] { #expect(!all.contains(harmless)) }
        #if os(Linux)
        #expect(ProcessEndingSignals.realTime.count >= 8)
        #expect(ProcessEndingSignals.realTime.last == ProcessEndingSignals.highest)
        #endif
    }
}
