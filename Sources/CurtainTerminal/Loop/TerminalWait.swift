import Curtain
import Dispatch
import CurtainPlatform
import Synchronization

/// The terminal session's one wait: until the terminal or the signal pipe is readable, a
/// deadline comes, or someone interrupts it — without blocking the main actor. The loop is in
/// Curtain; this is the wait.
///
/// A thread of its own sleeps on the descriptors and a control pipe and resumes the waiting
/// task's ``Promise``. So while the session waits, the main actor is free — tasks, posted work
/// and `DispatchQueue.main` blocks run — and an idle program sleeps in the kernel with no
/// timeout: no tick, no wake-up. Dispatch read sources would do the same, but bring
/// libdispatch's manager thread and its worker-pool monitor, which wakes the process once a
/// second (`src/event/workqueue.c`).
///
/// The thread sleeps with no timeout: deadlines are not its business. A wait's deadline is a
/// dispatch timer on a queue of its own (not the Swift runtime's cooperative threads, which a
/// busy program may hold: a deadline must not slip), which ends that wait alone, as an
/// interruption does; the thread sleeps on. So a paced frame — a child's line that must wait
/// out the rest of a frame interval, a spinner's tick, an animation frame — costs the thread no
/// wake-up and the control pipe no poke. An interruption pokes nothing either.
///
/// How the thread sleeps, by what the system offers:
///
/// - **Edge-triggered** (the default: ``EdgeReadiness``, `epoll` on Linux, `kqueue` on Darwin).
///   The thread sleeps on the descriptors for good and is woken only by bytes that arrive: input
///   it found and handed over is not told again while the session reads it, so it never has to
///   stay off the descriptors, and a new wait never pokes it. An arrival told while no wait was
///   in progress (the session was drawing) is remembered, and the next wait looks at the
///   descriptors itself first (one `poll` with no timeout). So the terminal's answer to the
///   status request that follows each frame (see ``OutputPacing``) costs one wake-up, the
///   answer's own, and no poke: a spinner's 10 frames a second poked the thread 10 times.
/// - **Level-triggered** (``Readiness``: `poll` or `select`, when `CURTAIN_WAIT` names one, or
///   when the edge-triggered call refuses a descriptor — Darwin's `kqueue` refuses some ttys).
///   Input nobody has read yet would end every sleep at once, so after finding input the
///   thread sleeps on the control pipe alone until the next wait pokes it (a byte in the
///   control pipe). Input that arrives while the app draws wakes nothing; the next wait
///   returns at once. A change at idle costs no wake-up here either.
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

    /// A wait handed to the thread: its outcome, which the thread, the deadline's timer and an
    /// interruption race to settle (the first wins). Its deadline is a timer's.
    private typealias Request = Promise<Outcome>

    /// What the thread sleeps on.
    private enum Sleep {
        /// The control pipe alone: a new wait must poke it.
        case controlOnly
        /// The descriptors (and the control pipe), with no timeout.
        case descriptors
    }

    /// How the thread sleeps (see the type's description).
    private enum Mode {
        case edgeTriggered
        case levelTriggered
    }

    /// What the waiting task, the thread and interrupters share.
    private struct Shared {
        var request: Request?
        var mode: Mode
        /// Edge-triggered: an arrival was told while no wait was in progress, and is not told
        /// again; the next wait looks at the descriptors itself.
        var missedArrival = false
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

        /// Ends the wait in progress, if any: its request, to be fulfilled (outside the lock),
        /// and its deadline timer cancelled.
        mutating func endRequest() -> Request? {
            timer?.cancel()
            timer = nil
            defer { request = nil }
            return request
        }
    }

    /// The shared state and the control pipe, in a box the thread holds.
    private final class Box: Sendable {
        let state: Mutex<Shared>
        let descriptors: [Int32]
        let readiness: any Readiness
        /// The edge-triggered watch of the descriptors and the control pipe, nil when the thread
        /// sleeps level-triggered.
        let edges: EdgeReadiness?
        /// Written to wake the thread: a new wait it does not sleep right for, the end.
        let controlRead: Int32
        let controlWrite: Int32
        /// How many times the thread was poked: what a change at idle costs it.
        let pokes = Atomic(0)

        init(descriptors: [Int32], readiness: any Readiness, edges: EdgeReadiness?, control: (Int32, Int32)) {
            self.descriptors = descriptors
            self.readiness = readiness
            self.edges = edges
            state = Mutex(Shared(mode: edges == nil ? .levelTriggered : .edgeTriggered))
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
            finish(generation: generation, with: .timedOut)
        }

        /// The thread, edge-triggered while it can be, level-triggered otherwise.
        func serve() {
            if let edges, !serveEdgeTriggered(edges) {
                // The edge-triggered call failed, and would again: sleep as poll or select do.
                state.withLock { state in
                    state.mode = .levelTriggered
                    state.sleep = .controlOnly
                }
            }
            serveLevelTriggered()
            close(controlRead)
            close(controlWrite)
        }

        /// Sleeps on the descriptors and the control pipe for good, woken by arrivals only.
        /// Returns true when the session stops, false when the call failed.
        private func serveEdgeTriggered(_ edges: EdgeReadiness) -> Bool {
            while true {
                guard let sleptFor = state.withLock({ $0.stopping ? nil : $0.generation }) else { return true }
                guard var arrived = edges.wait() else { return false }
                if arrived.contains(controlRead) {
                    drainControl()
                    arrived.removeAll { $0 == controlRead }
                }
                if !arrived.isEmpty { hand(arrived, foundFor: sleptFor) }
            }
        }

        /// Hands descriptors input arrived on to the wait in progress. With none in progress
        /// the arrival is remembered for the next wait to look for. Found while an earlier wait
        /// was in progress, they are looked at again first: the session may have read the
        /// input in between, and a read of input no longer there would block the main actor.
        private func hand(_ arrived: [Int32], foundFor sleptFor: Int) {
            enum Next {
                case done
                case lookAgain(forWait: Int)
                case resume(Request)
            }
            var ready = arrived
            var foundFor = sleptFor
            while true {
                let next = state.withLock { state -> Next in
                    guard let request = state.request else {
                        state.missedArrival = true
                        return .done
                    }
                    guard state.generation == foundFor else { return .lookAgain(forWait: state.generation) }
                    _ = state.endRequest()
                    return .resume(request)
                }
                switch next {
                case .done: return
                case .resume(let request):
                    request.fulfil(.readable(ready))
                    return
                case .lookAgain(let generation):
                    guard case .ready(let still) = readiness.wait(ready, timeoutNanoseconds: 0), !still.isEmpty else { return }
                    ready = still
                    foundFor = generation
                }
            }
        }

        /// Level-triggered: sleeps on the descriptors while a wait is in progress (or was just
        /// interrupted), on the control pipe alone otherwise.
        private func serveLevelTriggered() {
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
                let finished = state.withLock { state -> (Request, Outcome)? in
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
                        _ = state.endRequest()
                        return (request, .readable(readable))
                    }
                    return nil
                }
                if let (request, outcome) = finished { request.fulfil(outcome) }
            }
        }

        /// Ends wait `generation` with `outcome` if it is still in progress.
        func finish(generation: Int, with outcome: Outcome) {
            let request = state.withLock { state -> Request? in
                state.generation == generation ? state.endRequest() : nil
            }
            request?.fulfil(outcome)
        }
    }

    private let box: Box
    private var isCancelled = false

    /// How many times the thread was poked so far.
    var pokeCount: Int { box.pokes.load(ordering: .relaxed) }

    /// Whether the thread sleeps edge-triggered (see the type's description).
    var isEdgeTriggered: Bool { box.state.withLock { $0.mode == .edgeTriggered } }

    /// A wait on `descriptors` (those ≥ 0), its thread started: edge-triggered when
    /// `edgeTriggered` and the system can watch every descriptor so, else with `readiness`
    /// (which also makes the looks that need no sleep). Throws when the control pipe or the
    /// thread cannot be made: without them a wait would spin or hang.
    init(descriptors: [Int32], readiness kind: ReadinessKind, edgeTriggered: Bool = true) throws(TerminalError) {
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
        let edges = edgeTriggered ? try? EdgeReadiness(watching: watched + [control.read]) : nil
        let box = Box(descriptors: watched, readiness: readiness, edges: edges, control: (control.read, control.write))
        let failed = Self.injectedFailure(.thread) ?? PlatformThread.startDetachedWithSignalsBlocked {
            PlatformThread.nameCurrentThread("curtain-wait")
            box.serve()
        }
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
        let request = Request()
        let started: (poke: Bool, look: Bool, generation: Int)? = box.state.withLock { state in
            if state.interruptPending {
                state.interruptPending = false
                return nil
            }
            state.request = request
            state.generation &+= 1
            state.timer?.cancel()
            state.timer = nil
            defer { state.missedArrival = false }
            return (state.mode == .levelTriggered && state.sleep == .controlOnly, state.missedArrival, state.generation)
        }
        guard let started else { return .interrupted }
        if let due { box.setTimer(due: due, generation: started.generation) }
        if started.poke { box.poke() }
        if started.look {
            // An arrival told while no wait was in progress is not told again: look. (What
            // arrives from now on is handed to this wait by the thread.)
            if case .ready(let ready) = box.readiness.wait(box.descriptors, timeoutNanoseconds: 0), !ready.isEmpty {
                box.finish(generation: started.generation, with: .readable(ready))
            }
        }
        return await request.value
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
        let interrupted = box.state.withLock { state -> Request? in
            if state.request == nil { state.interruptPending = true }
            return state.endRequest()
        }
        interrupted?.fulfil(.interrupted)
    }

    /// Stops the thread (the session stops): a wait in progress ends interrupted.
    func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        let waiting = box.state.withLock { state -> Request? in
            state.stopping = true
            return state.endRequest()
        }
        box.poke()
        waiting?.fulfil(.interrupted)
    }
}

/// A wait's deadline: a dispatch timer, which dispatch lets any thread cancel.
private final class DeadlineTimer: @unchecked Sendable {
    private let source: DispatchSourceTimer

    init(source: DispatchSourceTimer) { self.source = source }

    func cancel() { source.cancel() }
}
