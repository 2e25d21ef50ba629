import Curtain
import Glibc
import Synchronization

/// Waits, without blocking the main actor, until one of a few descriptors is readable, a
/// deadline comes, or someone interrupts the wait: the terminal session's wait for input.
///
/// A thread of its own sleeps in `poll` on the descriptors and a control pipe, with the
/// deadline as its timeout, and resumes the waiting task's continuation. So while the session
/// waits, the main actor is free — tasks, posted work and `DispatchQueue.main` blocks run — and
/// an idle program sleeps in the kernel with no timeout: no tick, no wake-up. Dispatch read
/// sources would do the same, but bring libdispatch's manager thread and its worker-pool
/// monitor, which wakes the process once a second (`src/event/workqueue.c`). Between waits the
/// thread sleeps on the control pipe alone: input that arrives while the app draws a frame
/// wakes nothing until the next wait, which returns at once.
@MainActor
final class DescriptorWait {
    enum Outcome: Equatable, Sendable {
        /// A descriptor is readable (or hung up).
        case readable
        /// The deadline came.
        case timedOut
        /// ``interrupt()`` was called.
        case interrupted
    }

    /// A wait handed to the thread: until when (`CLOCK_MONOTONIC` nanoseconds, nil: no limit),
    /// and whom to tell.
    private struct Request {
        /// Tells one wait from the next: the thread resumes only the wait it polled for.
        let id: Int
        let deadline: Int64?
        let continuation: CheckedContinuation<Outcome, Never>
    }

    /// What the waiting task, the thread and interrupters share.
    private struct Shared {
        var request: Request?
        var nextRequestID = 0
        /// An interruption that came while no wait was in progress: the next wait ends at once.
        var interruptPending = false
        var stopping = false
    }

    /// The shared state and the control pipe, in a box the thread holds.
    private final class Box: Sendable {
        let state = Mutex(Shared())
        let descriptors: [Int32]
        /// Written to wake the thread: a new request, an interruption, the end.
        let controlRead: Int32
        let controlWrite: Int32

        init(descriptors: [Int32], control: (Int32, Int32)) {
            self.descriptors = descriptors
            (controlRead, controlWrite) = control
        }

        func poke() {
            var byte: UInt8 = 1
            _ = write(controlWrite, &byte, 1) // a full pipe already holds a wake-up
        }

        func drainControl() {
            var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
            while withUnsafeMutableBytes(of: &bytes, { read(controlRead, $0.baseAddress, $0.count) }) > 0 {}
        }

        /// The thread: serves each request, sleeping on the control pipe between them.
        func serve() {
            var watched = (descriptors + [controlRead]).map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            let control = watched.count - 1
            var idle = [pollfd(fd: controlRead, events: Int16(POLLIN), revents: 0)]
            while true {
                let next = state.withLock { state -> (stop: Bool, request: (id: Int, deadline: Int64?)?) in
                    (state.stopping, state.request.map { ($0.id, $0.deadline) })
                }
                if next.stop { break }
                guard let (id, deadline) = next.request else {
                    idle[0].revents = 0
                    _ = poll(&idle, 1, -1)
                    drainControl()
                    continue
                }
                for index in watched.indices { watched[index].revents = 0 }
                let ready = poll(&watched, nfds_t(watched.count), Self.milliseconds(until: deadline))
                var outcome: Outcome?
                if ready == 0 {
                    outcome = .timedOut
                } else if ready > 0 {
                    if watched[control].revents != 0 { drainControl() }
                    if watched[..<control].contains(where: { $0.revents != 0 }) { outcome = .readable }
                }
                // The wait polled for may be over (interrupted, or a new one began): then the
                // outcome is stale and the next turn polls for whatever waits now.
                let finished = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
                    guard let chosen = outcome, let request = state.request, request.id == id else { return nil }
                    state.request = nil
                    return request.continuation
                }
                if let finished, let outcome { finished.resume(returning: outcome) }
            }
            close(controlRead)
            close(controlWrite)
        }

        /// A `poll` timeout until `deadline`: -1 for none, rounded up so the wait never ends
        /// just before it.
        static func milliseconds(until deadline: Int64?) -> Int32 {
            guard let deadline else { return -1 }
            let remaining = deadline - monotonicNanoseconds()
            guard remaining > 0 else { return 0 }
            return Int32(min(Int64(Int32.max), (remaining + 999_999) / 1_000_000))
        }
    }

    private let box: Box?
    private var isCancelled = false

    /// A wait on `descriptors` (those ≥ 0), with its thread started.
    init(descriptors: [Int32]) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            box = nil
            return
        }
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let box = Box(descriptors: descriptors.filter { $0 >= 0 }, control: (ends[0], ends[1]))
        self.box = box
        WaitThread.start { box.serve() }
    }

    /// Waits until a descriptor is readable, `deadline` (on `clock`) comes, or ``interrupt()``.
    /// A deadline already past returns ``Outcome/timedOut`` at once.
    func wait(until deadline: Double?, clock: AnimationClock) async -> Outcome {
        guard let box, !isCancelled else { return .interrupted }
        if let deadline, deadline <= clock.now { return .timedOut }
        let monotonicDeadline = deadline.map { monotonicNanoseconds() + Int64(min(3_600, $0 - clock.now) * 1e9) }
        return await withCheckedContinuation { continuation in
            let interruptedAlready = box.state.withLock { state -> Bool in
                if state.interruptPending {
                    state.interruptPending = false
                    return true
                }
                state.nextRequestID += 1
                state.request = Request(id: state.nextRequestID, deadline: monotonicDeadline, continuation: continuation)
                return false
            }
            if interruptedAlready { continuation.resume(returning: .interrupted) } else { box.poke() }
        }
    }

    /// Ends the wait in progress with ``Outcome/interrupted`` — at once, from the calling
    /// thread, with no hop through the waiting thread — or the next one. Callable from any thread.
    nonisolated func interrupt() {
        guard let box else { return }
        let interrupted = box.state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard let request = state.request else {
                state.interruptPending = true
                return nil
            }
            state.request = nil
            return request.continuation
        }
        guard let interrupted else { return }
        box.poke() // the thread stops polling for the wait that ended
        interrupted.resume(returning: .interrupted)
    }

    /// Stops the thread (the session stops): a wait in progress ends interrupted.
    func cancel() {
        guard let box, !isCancelled else { return }
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

/// `CLOCK_MONOTONIC` in nanoseconds.
private func monotonicNanoseconds() -> Int64 {
    var spec = timespec()
    _ = clock_gettime(CLOCK_MONOTONIC, &spec)
    return Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec)
}

/// A detached thread with the asynchronous signals blocked: the session's signal handlers run
/// on other threads, never in the middle of this one's `poll`. The signals a fault raises
/// (SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS) stay unblocked, as libdispatch
/// leaves them on its workers: threads this one starts (dispatch's, when it resumes a task)
/// inherit its mask, and a crash on a thread that blocks its signal dies without the emergency
/// restore.
enum WaitThread {
    private final class Body: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }

    static func start(_ run: @escaping @Sendable () -> Void) {
        var all = sigset_t()
        var previous = sigset_t()
        sigfillset(&all)
        for fault in [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS, SIGFPE, SIGSYS] { sigdelset(&all, fault) }
        pthread_sigmask(SIG_SETMASK, &all, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        var thread = pthread_t()
        let body = Unmanaged.passRetained(Body(run)).toOpaque()
        let started = pthread_create(&thread, nil, { raw in
            Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue().run()
            return nil
        }, body)
        if started == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Body>.fromOpaque(body).release()
        }
    }
}
