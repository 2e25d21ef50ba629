import Curtain
import CurtainPlatform
import Synchronization

/// The terminal session's one wait: until the terminal or the signal pipe is readable, a
/// deadline comes, or someone interrupts it — without blocking the main actor. The loop is in
/// Curtain; this is the wait.
///
/// A thread of its own sleeps in the ``Readiness`` call (`poll` or `select`) on the descriptors
/// and a control pipe, with the deadline as its timeout, and resumes the waiting task's
/// continuation. So while the session waits, the main actor is free — tasks, posted work and
/// `DispatchQueue.main` blocks run — and an idle program sleeps in the kernel with no timeout:
/// no tick, no wake-up. Dispatch read sources would do the same, but bring libdispatch's
/// manager thread and its worker-pool monitor, which wakes the process once a second
/// (`src/event/workqueue.c`).
///
/// The thread is poked (a byte in the control pipe) only when what it sleeps on is wrong for
/// the new wait: it sleeps on the control pipe alone, or its timeout is later than the new
/// deadline. An interruption pokes nothing: the thread goes on sleeping on the descriptors,
/// and the next wait — usually with the same deadline, none at idle — takes its sleep over.
/// So a change at idle (a task's line, a post) costs the wait thread no wake-up at all. After
/// a wait that ended by itself the thread sleeps on the control pipe alone, so input that
/// arrives while the app draws wakes nothing until the next wait, which returns at once.
@MainActor
final class TerminalWait {
    enum Outcome: Equatable, Sendable {
        /// These descriptors are readable (or hung up).
        case readable([Int32])
        /// The deadline came.
        case timedOut
        /// ``interrupt()`` was called.
        case interrupted
    }

    /// A wait handed to the thread: until when (`CLOCK_MONOTONIC` nanoseconds, nil: no limit),
    /// and whom to tell.
    private struct Request {
        let deadline: Int64?
        let continuation: CheckedContinuation<Outcome, Never>
    }

    /// What the thread sleeps on.
    private enum Sleep {
        /// The control pipe alone: a new wait must poke it.
        case controlOnly
        /// The descriptors, until this deadline (nil: no limit).
        case descriptors(until: Int64?)
    }

    /// What the waiting task, the thread and interrupters share.
    private struct Shared {
        var request: Request?
        /// An interruption that came while no wait was in progress: the next wait ends at once.
        var interruptPending = false
        var sleep = Sleep.controlOnly
        var stopping = false
        /// Counts the waits handed to the thread: readiness found by a sleep that began before
        /// the current wait may be stale (the session read the input in between).
        var generation = 0
    }

    /// The shared state and the control pipe, in a box the thread holds.
    private final class Box: Sendable {
        let state = Mutex(Shared())
        let descriptors: [Int32]
        let readiness: any Readiness
        /// Written to wake the thread: a new wait it does not sleep right for, the end.
        let controlRead: Int32
        let controlWrite: Int32
        /// How many times the thread was poked: what a change at idle costs it.
        let pokes = Atomic(0)

        init(descriptors: [Int32], readiness: any Readiness, control: (Int32, Int32)) {
            self.descriptors = descriptors
            self.readiness = readiness
            (controlRead, controlWrite) = control
        }

        func poke() {
            pokes.add(1, ordering: .relaxed)
            var byte: UInt8 = 1
            _ = write(controlWrite, &byte, 1) // a full pipe already holds a wake-up
        }

        func drainControl() {
            var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            while withUnsafeMutableBytes(of: &bytes, { read(controlRead, $0.baseAddress, $0.count) }) > 0 {}
        }

        /// The thread: sleeps on the descriptors while a wait is in progress (or was just
        /// interrupted), on the control pipe alone otherwise.
        func serve() {
            let watched = descriptors + [controlRead]
            while true {
                let (plan, sleptFor) = state.withLock { state -> (Sleep?, Int) in
                    if state.stopping { return (nil, state.generation) }
                    state.sleep = state.request.map { .descriptors(until: $0.deadline) } ?? .controlOnly
                    return (state.sleep, state.generation)
                }
                guard let plan else { break }
                guard case .descriptors(let deadline) = plan else {
                    _ = readiness.wait([controlRead], timeoutNanoseconds: nil)
                    drainControl()
                    continue
                }
                let result = readiness.wait(watched, timeoutNanoseconds: deadline.map { $0 - monotonicNanoseconds() })
                var readable: [Int32] = []
                if case .ready(let ready) = result {
                    if ready.contains(controlRead) { drainControl() }
                    readable = ready.filter { $0 != controlRead }
                }
                // Told to whichever wait is in progress now: readiness lasts until something
                // reads, and a deadline is the current wait's own.
                let finished = state.withLock { state -> (CheckedContinuation<Outcome, Never>, Outcome)? in
                    guard let request = state.request else {
                        // Interrupted meanwhile, no wait since: sleep on the control pipe, not
                        // on input nobody asks for.
                        state.sleep = .controlOnly
                        return nil
                    }
                    // Found for an earlier wait, which ended: the session may have read the
                    // input since, and a read of input no longer there would block. Look again
                    // (at once, if it is still there).
                    if !readable.isEmpty, state.generation != sleptFor { return nil }
                    if !readable.isEmpty {
                        state.request = nil
                        return (request.continuation, .readable(readable))
                    }
                    if let due = request.deadline, monotonicNanoseconds() >= due {
                        state.request = nil
                        return (request.continuation, .timedOut)
                    }
                    return nil
                }
                if let (continuation, outcome) = finished { continuation.resume(returning: outcome) }
            }
            close(controlRead)
            close(controlWrite)
        }
    }

    private let box: Box
    private var isCancelled = false

    /// How many times the thread was poked so far.
    var pokeCount: Int { box.pokes.load(ordering: .relaxed) }

    /// A wait on `descriptors` (those ≥ 0) with `readiness`, its thread started. Throws when
    /// the control pipe or the thread cannot be made: without them a wait would spin or hang.
    init(descriptors: [Int32], readiness kind: ReadinessKind) throws(TerminalError) {
        let control: DescriptorPair
        do {
            if let failure = Self.injectedFailure(.pipe) { throw PlatformError(code: failure) }
            control = try DescriptorPair.pipe(nonBlocking: .both)
        } catch {
            throw TerminalError("no pipe for the wait (\(error))")
        }
        let watched = descriptors.filter { $0 >= 0 }
        let readiness: any Readiness
        do {
            readiness = try kind.make(for: watched + [control.read, control.write])
        } catch {
            control.closeBoth()
            throw TerminalError(error.message)
        }
        let box = Box(descriptors: watched, readiness: readiness, control: (control.read, control.write))
        let failed = Self.injectedFailure(.thread) ?? PlatformThread.startDetachedWithSignalsBlocked { box.serve() }
        if let failed {
            control.closeBoth()
            throw TerminalError("no thread for the wait (\(String(cString: strerror(failed))))")
        }
        self.box = box
    }

    /// Waits until a descriptor is readable, `deadline` (on `clock`) comes, or ``interrupt()``.
    /// A deadline already past returns ``Outcome/timedOut`` at once.
    func wait(until deadline: Double?, clock: AnimationClock) async -> Outcome {
        guard !isCancelled else { return .interrupted }
        if let deadline, deadline <= clock.now { return .timedOut }
        let due = deadline.map { monotonicNanoseconds() + Int64(min(3_600, $0 - clock.now) * 1e9) }
        let box = box
        return await withCheckedContinuation { continuation in
            let poke = box.state.withLock { state -> Bool? in
                if state.interruptPending {
                    state.interruptPending = false
                    return nil
                }
                state.request = Request(deadline: due, continuation: continuation)
                state.generation &+= 1
                switch state.sleep {
                case .controlOnly:
                    return true
                case .descriptors(let until):
                    // Sleeping on the descriptors already: poke only to make it wake sooner.
                    guard let due else { return false }
                    return until.map { $0 > due } ?? true
                }
            }
            switch poke {
            case nil: continuation.resume(returning: .interrupted)
            case true?: box.poke()
            case false?: break
            }
        }
    }

    /// The descriptors readable now, without waiting: the same call with a zero timeout.
    func readableNow() -> [Int32] {
        guard !isCancelled else { return [] }
        if case .ready(let ready) = box.readiness.wait(box.descriptors, timeoutNanoseconds: 0) { return ready }
        return []
    }

    /// ``wait(until:clock:)`` on the calling thread, blocking it: only for a test's forked child
    /// (no dispatch queue runs there, so no continuation could be resumed). The session itself
    /// never blocks the main actor in it.
    func waitBlocking(until deadline: Double?, clock: AnimationClock) -> Outcome {
        guard !isCancelled else { return .interrupted }
        let pending = box.state.withLock { state in
            defer { state.interruptPending = false }
            return state.interruptPending
        }
        if pending { return .interrupted }
        let due = deadline.map { monotonicNanoseconds() + Int64(min(3_600, $0 - clock.now) * 1e9) }
        while true {
            switch box.readiness.wait(box.descriptors, timeoutNanoseconds: due.map { $0 - monotonicNanoseconds() }) {
            case .ready(let ready): return .readable(ready)
            case .timedOut: return .timedOut
            case .interrupted: if let due, monotonicNanoseconds() >= due { return .timedOut }
            }
        }
    }

    /// Ends the wait in progress with ``Outcome/interrupted`` — at once, from the calling
    /// thread, with no hop through the waiting thread — or the next one. Callable from any
    /// thread. The waiting thread is not poked: the next wait takes over its sleep.
    nonisolated func interrupt() {
        let interrupted = box.state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard let request = state.request else {
                state.interruptPending = true
                return nil
            }
            state.request = nil
            return request.continuation
        }
        interrupted?.resume(returning: .interrupted)
    }

    /// Stops the thread (the session stops): a wait in progress ends interrupted.
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let waiting = box.state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            state.stopping = true
            defer { state.request = nil }
            return state.request?.continuation
        }
        box.poke()
        waiting?.resume(returning: .interrupted)
    }
}
