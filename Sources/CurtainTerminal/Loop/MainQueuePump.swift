internal import CDispatchMainQueue
import CurtainPlatform
import Synchronization

/// Serves the main dispatch queue on the main thread until told to stop: what lets the
/// synchronous `App.runInTerminal()` run the async loop, and every main-actor task and
/// `DispatchQueue.main` block beside it, from a `main` that is not async.
///
/// It waits in `poll` on the queue's eventfd (no timeout: an idle program is not woken) and
/// drains the queue when work arrives, as Foundation's `RunLoop` does on Linux. Under an async
/// `main` the queue is served by `dispatchMain()` instead, and this cannot run: the synchronous
/// entry points then stop with a message naming their async form.
final class MainQueuePump: Sendable {
    private let done = Atomic(false)

    /// Whether the calling code may serve the main queue itself: it runs on the main thread
    /// outside any task (a `main` that is not async, before `dispatchMain()`).
    static var canServeMainQueue: Bool {
        let onMainThread = curtain_is_main_thread() != 0
        let inTask = withUnsafeCurrentTask { $0 != nil }
        return onMainThread && !inTask
    }

    /// Serves the main queue until ``finish()`` is called from work it ran.
    func run() {
        let handle = curtain_main_queue_handle()
        var descriptor = pollfd(fd: handle, events: Int16(POLLIN), revents: 0)
        // Work queued before the first wait has already poked the eventfd.
        while !done.load(ordering: .acquiring) {
            let ready = poll(&descriptor, 1, -1)
            if ready < 0 && errno != EINTR { break }
            if ready > 0 {
                var count: UInt64 = 0
                _ = read(handle, &count, MemoryLayout<UInt64>.size)
            }
            curtain_drain_main_queue()
        }
    }

    /// Ends ``run()`` once the work being drained returns.
    func finish() {
        done.store(true, ordering: .releasing)
    }
}
