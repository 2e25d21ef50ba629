import CCurtainPlatform
import Synchronization

/// What a watched output wants next (see ``ChildWatcher/watchOutput(_:_:)``).
package struct OutputInterest: Sendable, Equatable {
    /// Stop watching the descriptor: its reader is done (the output ended).
    package var ended = false
    /// Do not read it until ``ChildWatcher/resume(_:)``: its consumer is behind, and the child
    /// must wait on its writes, as on a slow terminal.
    package var paused = false
    /// Call ``WatchedOutput/due(now:)`` at this time (`monotonicNanoseconds`), nil for never.
    package var due: Int64?

    package init(ended: Bool = false, paused: Bool = false, due: Int64? = nil) {
        self.ended = ended
        self.paused = paused
        self.due = due
    }
}

/// A child's output as the watcher drives it: told when its descriptor is readable (it reads
/// what is there without blocking) and when its deadline comes. Called on the watcher's thread
/// only, one call at a time.
package protocol WatchedOutput: AnyObject, Sendable {
    func readable(now: Int64) -> OutputInterest
    func due(now: Int64) -> OutputInterest
}

/// The one thread that watches every child: their output's readiness and their ends.
///
/// It sleeps in the system layer's one readiness call (``Readiness``: `poll` on Linux, `select`
/// on Darwin, whose `poll` rejects the pseudo-terminals the children run on) on a control pipe,
/// every child's output descriptor that is not paused, and what tells a child's end: a pidfd per
/// child on Linux (`pidfd_open`, 5.3), one kqueue with `EVFILT_PROC`/`NOTE_EXIT` for all of them
/// on Darwin. Where neither can be had (an older kernel), the ended children are looked for with
/// `waitpid(WNOHANG)` every 50 ms while such a child runs — the only case in which this thread
/// wakes with nothing to do. With no output due and no child of that kind, it sleeps with no
/// timeout: an idle program makes no wake-up here.
///
/// (swift-subprocess likewise watches every child from one thread: epoll with pidfds on Linux,
/// dispatch process sources on Darwin. One readiness call serves both systems here, the one the
/// terminal's wait uses; a kqueue reached through `select` reports an end the moment it comes.)
package final class ChildWatcher: Sendable {
    /// The name of its one thread (`/proc/PID/task/*/comm`).
    package static let threadName = "curtain-watcher"

    package static let shared = ChildWatcher()

    /// A registered output, for ``resume(_:)`` and ``cancel(_:)``.
    package struct Token: Hashable, Sendable {
        fileprivate let id: Int
    }

    private struct Output {
        let descriptor: Int32
        let reader: any WatchedOutput
        var interest = OutputInterest()
        /// How many times ``ChildWatcher/resume(_:)`` was called: a pause the reader reported
        /// while a resume came in does not stand.
        var resumes = 0
    }

    private struct Exit {
        let pid: pid_t
        /// The pidfd (Linux), or -1: the kqueue or the fallback tells this end; or
        /// ``Exit/endedAlready``.
        let descriptor: Int32
        /// A child that had ended before it could be watched (the kqueue refused a zombie):
        /// reaped at the thread's next turn.
        static let endedAlready: Int32 = -2
        let ended: @Sendable (ExitStatus?) -> Void
    }

    private struct State {
        var outputs: [Int: Output] = [:]
        var exits: [pid_t: Exit] = [:]
        var nextID = 0
        /// The control pipe; nil until the thread runs.
        var control: DescriptorPair?
        /// Darwin's kqueue for ends, or -1.
        var exitQueue: Int32 = -1
        /// Whether the thread failed to start (every registration then fails).
        var failed = false
    }

    private let state = Mutex(State())

    private init() {}

    /// Watches `descriptor` (made non-blocking here) for `reader` until it says it ended.
    /// Throws when the watcher's thread or pipe could not be made.
    package func watchOutput(_ descriptor: Int32, _ reader: any WatchedOutput) throws(PlatformError) -> Token {
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        let token: Token = try register { state in
            defer { state.nextID += 1 }
            state.outputs[state.nextID] = Output(descriptor: descriptor, reader: reader)
            return Token(id: state.nextID)
        }
        poke()
        return token
    }

    /// Reads the output again after ``OutputInterest/paused``. Any thread.
    package func resume(_ token: Token) {
        let changed: Bool = state.withLock { state in
            guard state.outputs[token.id] != nil else { return false }
            state.outputs[token.id]?.resumes += 1
            guard state.outputs[token.id]?.interest.paused == true else { return false }
            state.outputs[token.id]?.interest.paused = false
            return true
        }
        if changed { poke() }
    }

    /// Wakes the thread to ask the output about its deadline again (it moved sooner). Any thread.
    package func reconsider(_ token: Token, due: Int64) {
        let changed: Bool = state.withLock { state in
            guard var output = state.outputs[token.id] else { return false }
            if let current = output.interest.due, current <= due { return false }
            output.interest.due = due
            state.outputs[token.id] = output
            return true
        }
        if changed { poke() }
    }

    /// Tells `ended` how child `pid` ended — on the watcher's thread, once — nil when it could
    /// not be reaped (not a child of this process). Throws when the watcher cannot run.
    package func watchExit(of pid: pid_t, _ ended: @escaping @Sendable (ExitStatus?) -> Void) throws(PlatformError) {
        try register { state in
            var descriptor = curtain_exit_descriptor(pid)
            if descriptor < 0, state.exitQueue >= 0, curtain_exit_queue_watch(state.exitQueue, pid) != 0, errno == ESRCH {
                descriptor = Exit.endedAlready
            }
            state.exits[pid] = Exit(pid: pid, descriptor: descriptor, ended: ended)
        }
        poke()
    }

    /// Registers under the lock, starting the thread the first time.
    private func register<T>(_ body: (inout State) -> T) throws(PlatformError) -> T {
        let result: Result<T, PlatformError> = state.withLock { state in
            if state.failed { return .failure(PlatformError(code: EAGAIN)) }
            if state.control == nil {
                do throws(PlatformError) {
                    state.control = try DescriptorPair.pipe(nonBlocking: .both)
                } catch {
                    return .failure(error)
                }
                state.exitQueue = curtain_exit_queue()
                if let error = PlatformThread.startDetachedWithSignalsBlocked(stackSize: 512 * 1024, { [self] in
                    PlatformThread.nameCurrentThread(Self.threadName)
                    serve()
                }) {
                    state.control?.closeBoth()
                    state.control = nil
                    if state.exitQueue >= 0 { close(state.exitQueue) }
                    return .failure(PlatformError(code: error))
                }
            }
            return .success(body(&state))
        }
        return try result.get()
    }

    /// Wakes the thread to look at its registrations again.
    private func poke() {
        guard let control = state.withLock({ $0.control }) else { return }
        var byte: UInt8 = 1
        _ = write(control.write, &byte, 1)
    }

    /// How often ends are looked for where no pidfd or kqueue tells them.
    private static let fallbackInterval: Int64 = 50_000_000

    // MARK: - The thread

    private func serve() {
        let kind = ReadinessKind.fromEnvironment
        while true {
            let now = monotonicNanoseconds()
            let (control, watched, ends, exitQueue, deadline, polling) = state.withLock { state in
                let watched = state.outputs.compactMap { id, output -> (Int, Int32)? in
                    output.interest.paused || output.interest.ended ? nil : (id, output.descriptor)
                }
                let ends = state.exits.values.compactMap { $0.descriptor >= 0 ? ($0.pid, $0.descriptor) : nil }
                var deadline = state.outputs.values.compactMap(\.interest.due).min()
                let polling = state.exits.values.contains { $0.descriptor == -1 } && state.exitQueue < 0
                if polling { deadline = min(deadline ?? .max, now + Self.fallbackInterval) }
                if state.exits.values.contains(where: { $0.descriptor == Exit.endedAlready }) { deadline = now }
                return (state.control!, watched, ends, state.exitQueue, deadline, polling)
            }
            var descriptors = [control.read] + watched.map(\.1) + ends.map(\.1)
            if exitQueue >= 0 { descriptors.append(exitQueue) }
            let readiness: any Readiness
            do {
                readiness = try kind.make(for: descriptors)
            } catch {
                // Past select's range: poll, which takes any descriptor (on Darwin it refuses
                // ttys with POLLNVAL, which counts as ready and ends that output).
                readiness = PollReadiness()
            }
            let ready: Set<Int32>
            switch readiness.wait(descriptors, timeoutNanoseconds: deadline.map { max(0, $0 - now) }) {
            case .ready(let found): ready = Set(found)
            case .timedOut, .interrupted: ready = []
            }
            if ready.contains(control.read) { drain(control.read) }
            let later = monotonicNanoseconds()
            for (id, descriptor) in watched where ready.contains(descriptor) {
                ask(id, pauses: true) { $0.readable(now: later) }
            }
            let due = state.withLock { state in
                state.outputs.compactMap { id, output in (output.interest.due ?? .max) <= later ? id : nil }
            }
            for id in due { ask(id, pauses: false) { $0.due(now: later) } }
            // Only the descriptors of this wait's own list: one closed meanwhile (an output that
            // ended above) may already be another child's, registered since.
            reapEnded(ended: ends.filter { ready.contains($0.1) }.map(\.0), exitQueue: ready.contains(exitQueue) ? exitQueue : -1,
                      polling: polling)
        }
    }

    /// Calls the reader outside the lock and stores what it wants next. Only a read can pause
    /// the reading (`pauses`), and a resume that came while the reader ran wins over that pause:
    /// the reader said "full" before the consumer took a batch. Otherwise a pause stands until
    /// ``resume(_:)``.
    private func ask(_ id: Int, pauses: Bool, _ call: (any WatchedOutput) -> OutputInterest) {
        guard let (reader, resumes) = state.withLock({ state in state.outputs[id].map { ($0.reader, $0.resumes) } }) else { return }
        var interest = call(reader)
        state.withLock { state in
            guard let output = state.outputs[id] else { return }
            if interest.ended {
                state.outputs[id] = nil
                return
            }
            interest.paused = pauses ? interest.paused && output.resumes == resumes : output.interest.paused
            state.outputs[id]?.interest = interest
        }
    }

    /// Reaps the children whose end was told — `told` by their pidfd, those the kqueue says
    /// (`exitQueue` when it was ready), or, `polling`, those `waitpid(WNOHANG)` finds ended —
    /// and tells each once.
    private func reapEnded(ended told: [pid_t], exitQueue: Int32, polling: Bool) {
        var ended: [(Exit, ExitStatus?)] = []
        var pids = told + state.withLock { state in
            state.exits.values.filter { $0.descriptor == Exit.endedAlready }.map(\.pid)
        }
        if exitQueue >= 0 {
            var taken = [Int32](repeating: 0, count: 64)
            let count = curtain_exit_queue_take(exitQueue, &taken, Int32(taken.count))
            if count > 0 { pids += taken[0..<Int(count)] }
        }
        for pid in pids {
            guard let exit = state.withLock({ $0.exits.removeValue(forKey: pid) }) else { continue }
            if exit.descriptor >= 0 { close(exit.descriptor) }
            // A pidfd is readable once the child is a zombie; NOTE_EXIT can come a moment before
            // it can be reaped, and a waitpid that waits takes that moment, never longer.
            ended.append((exit, Reaper.wait(for: pid)))
        }
        if polling {
            let candidates = state.withLock { $0.exits.values.filter { $0.descriptor == -1 }.map(\.pid) }
            for pid in candidates {
                guard let status = Reaper.reapIfEnded(pid) else { continue }
                if let exit = state.withLock({ $0.exits.removeValue(forKey: pid) }) { ended.append((exit, status)) }
            }
        }
        for (exit, status) in ended { exit.ended(status) }
    }

    private func drain(_ descriptor: Int32) {
        var bytes = [UInt8](repeating: 0, count: 256)
        while read(descriptor, &bytes, bytes.count) > 0 {}
    }
}
