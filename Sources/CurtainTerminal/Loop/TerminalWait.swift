import Curtain
import Dispatch
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
/// The thread sleeps on the descriptors with no timeout: deadlines are not its business. A
/// wait's deadline is a dispatch timer on a queue of its own (not the Swift runtime's
/// cooperative threads, which a busy program may hold: a deadline must not slip), which ends that wait
/// alone, as an interruption does; the thread sleeps on. So a paced frame — a child's line that
/// must wait out the rest of a frame interval, a spinner's tick, an animation frame — costs the
/// thread no wake-up and the control pipe no poke. The thread is poked (a byte in the control
/// pipe) only when it sleeps on the control pipe alone: after input it found (so that input
/// that arrives while the app draws wakes nothing until the next wait, which returns at once),
/// and at the start. An interruption pokes nothing either: the next wait takes its sleep over.
/// So a change at idle costs the wait thread no wake-up at all, and an idle program — no
/// deadline, no timer — sleeps in the kernel with no timeout.
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

    /// A wait handed to the thread, and whom to tell. (Its deadline is a timer's.)
    private struct Request {
        let continuation: CheckedContinuation<Outcome, Never>
    }

    /// What the thread sleeps on.
    private enum Sleep {
        /// The control pipe alone: a new wait must poke it.
        case controlOnly
        /// The descriptors (and the control pipe), with no timeout.
        case descriptors
    }

    /// What the waiting task, the thread and interrupters share.
    private struct Shared {
        var request: Request?
        /// An interruption that came while no wait was in progress: the next wait ends at once.
        var interruptPending = false
        var sleep = Sleep.controlOnly
        var stopping = false
        /// Counts the waits handed to the thread: readiness found by a sleep that began before
        /// the current wait may be stale (the session read the input in between), and a timer
        /// set for an earlier wait ends nothing.
        var generation = 0
        /// The current wait's deadline timer, cancelled when the wait ends otherwise.
        var timer: DeadlineTimer?
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

        /// Starts the timer of wait `generation`, due at `due` (`CLOCK_MONOTONIC` nanoseconds):
        /// the deadline is a timer of its own, so the thread, asleep on the descriptors, is
        /// neither poked nor woken for it.
        func setTimer(due: Int64, generation: Int) {
            let source = DispatchSource.makeTimerSource(queue: Self.timerQueue)
            source.schedule(deadline: .now() + .nanoseconds(Int(max(0, due - monotonicNanoseconds()))), leeway: .nanoseconds(0))
            source.setEventHandler { [self] in timeOut(generation: generation) }
            let timer = DeadlineTimer(source: source)
            let stale = state.withLock { state -> Bool in
                guard state.generation == generation, state.request != nil else { return true }
                state.timer = timer
                return false
            }
            // A dispatch source must never be released suspended, as it is made: resumed in
            // every case, cancelled first when its wait is already over.
            if stale { source.cancel() }
            source.resume()
        }

        /// Where the deadline timers fire: a serial queue, which dispatch serves with a thread of
        /// its own when it must, whatever the cooperative pool is busy with.
        static let timerQueue = DispatchQueue(label: "curtain.terminal-wait.deadlines", qos: .userInteractive)

        /// Ends wait `generation` with ``Outcome/timedOut`` if it is still in progress (its
        /// timer fired): the thread is not woken, and sleeps on for the next wait.
        func timeOut(generation: Int) {
            let request = state.withLock { state -> Request? in
                guard state.generation == generation, let request = state.request else { return nil }
                state.request = nil
                state.timer = nil
                return request
            }
            request?.continuation.resume(returning: .timedOut)
        }

        /// The thread: sleeps on the descriptors while a wait is in progress (or was just
        /// interrupted), on the control pipe alone otherwise.
        func serve() {
            let watched = descriptors + [controlRead]
            while true {
                let (plan, sleptFor) = state.withLock { state -> (Sleep?, Int) in
                    if state.stopping { return (nil, state.generation) }
                    state.sleep = state.request == nil ? .controlOnly : .descriptors
                    return (state.sleep, state.generation)
                }
                guard let plan else { break }
                guard case .descriptors = plan else {
                    _ = readiness.wait([controlRead], timeoutNanoseconds: nil)
                    drainControl()
                    continue
                }
                let result = readiness.wait(watched, timeoutNanoseconds: nil)
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
                        state.timer?.cancel()
                        state.timer = nil
                        return (request.continuation, .readable(readable))
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
        return await withCheckedContinuation { (continuation: CheckedContinuation<Outcome, Never>) in
            let started: (poke: Bool, generation: Int)? = box.state.withLock { state in
                if state.interruptPending {
                    state.interruptPending = false
                    return nil
                }
                state.request = Request(continuation: continuation)
                state.generation &+= 1
                state.timer?.cancel()
                state.timer = nil
                return (state.sleep == .controlOnly, state.generation)
            }
            guard let started else { return continuation.resume(returning: .interrupted) }
            if let due { box.setTimer(due: due, generation: started.generation) }
            if started.poke { box.poke() }
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
            state.timer?.cancel()
            state.timer = nil
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
            state.timer?.cancel()
            state.timer = nil
            defer { state.request = nil }
            return state.request?.continuation
        }
        box.poke()
        waiting?.resume(returning: .interrupted)
    }
}

/// A wait's deadline: a dispatch timer, which dispatch lets any thread cancel.
private final class DeadlineTimer: @unchecked Sendable {
    private let source: DispatchSourceTimer

    init(source: DispatchSourceTimer) { self.source = source }

    func cancel() { source.cancel() }
}
