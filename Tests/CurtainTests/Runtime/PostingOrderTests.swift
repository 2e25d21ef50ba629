import CurtainLayout
import CurtainTesting
import CurtainPlatform
import Synchronization
import Testing
@testable import Curtain

/// Posts from many threads at once: none is lost, each thread's run in the order it made
/// them, and a batch taken by the loop holds only what was posted before it was taken.
@MainActor
@Suite struct PostingOrderTests {
    /// What ran, as (thread, sequence) pairs in the order it ran.
    @MainActor final class Ledger {
        var entries: [(thread: Int, sequence: Int)] = []
    }

    /// Checks that every thread's sequences ran once each, in order.
    func expectEachThreadInOrder(_ ledger: Ledger, threads: Int, postsPerThread: Int) {
        var next = Array(repeating: 0, count: threads)
        var outOfOrder = 0
        for entry in ledger.entries {
            if entry.sequence != next[entry.thread] { outOfOrder += 1 }
            next[entry.thread] = entry.sequence + 1
        }
        #expect(ledger.entries.count == threads * postsPerThread, "nothing lost, nothing twice")
        #expect(outOfOrder == 0, "each thread's posts run in the order it posted them")
        #expect(next == Array(repeating: postsPerThread, count: threads))
    }

    @Test func eightThreadsPostingAtOnceLoseNothingAndKeepEachThreadsOrder() async {
        let app = App(root: Label("idle"), clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        let ledger = Ledger()
        let threads = 8, postsPerThread = 20_000
        let poster = app.poster
        OSThreads.run(count: threads) { thread in
            for sequence in 0..<postsPerThread {
                poster.post { _ in ledger.entries.append((thread, sequence)) }
            }
        }
        #expect(ledger.entries.isEmpty, "nothing runs before the test says")
        await pilot.settle()
        expectEachThreadInOrder(ledger, threads: threads, postsPerThread: postsPerThread)
    }

    @Test func batchesTakenWhileThreadsStillPostKeepEachThreadsOrder() async {
        let app = App(root: Label("idle"), clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        let ledger = Ledger()
        let threads = 8, postsPerThread = 20_000
        let poster = app.poster
        let posting = OSThreads.start(count: threads) { thread in
            for sequence in 0..<postsPerThread {
                poster.post { _ in ledger.entries.append((thread, sequence)) }
            }
        }
        // The loop's turns, taken while the threads post.
        while !posting.isFinished { await pilot.settle() }
        posting.join()
        await pilot.settle()
        expectEachThreadInOrder(ledger, threads: threads, postsPerThread: postsPerThread)
    }

    @Test func workPostedByPostedWorkRunsInTheNextTurn() async {
        let app = App(root: Label("idle"), clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        let ran = EventLog()
        app.poster.post { app in
            ran.lines.append("first")
            app.poster.post { _ in ran.lines.append("posted by the first") }
        }
        // Same batch as the first: the work the first posted has not run yet.
        app.poster.post { app in ran.lines.append("second, \(app.poster.hasWork ? "one waiting" : "none waiting")") }
        await pilot.settle()
        #expect(ran.lines == ["first", "second, one waiting", "posted by the first"])
        #expect(!app.poster.hasWork)
    }

    @Test func postsAfterTheEndAreDroppedAndPostsAfterARestartRun() async {
        let app = App(root: Label("idle"), clock: ManualClock())
        let pilot = Pilot(app, size: Size(width: 20, height: 3))
        let ran = EventLog()
        app.poster.post { _ in ran.lines.append("waiting at the end") }
        await pilot.quit()
        app.poster.post { _ in ran.lines.append("after the end") }
        #expect(!app.poster.hasWork)
        await pilot.settle()
        #expect(ran.lines.isEmpty)
        let again = Pilot(app, size: Size(width: 20, height: 3))
        app.poster.post { _ in ran.lines.append("after a restart") }
        await again.settle()
        #expect(ran.lines == ["after a restart"])
    }
}

/// Operating-system threads (more of them than the cooperative pool has), started together.
enum OSThreads {
    struct Group {
        let handles: [PlatformThread]
        fileprivate let finished: Counter

        /// Whether every thread is done (without waiting).
        var isFinished: Bool { finished.value.load(ordering: .acquiring) == handles.count }

        func join() {
            for handle in handles { handle.join() }
        }
    }

    fileprivate final class Counter: Sendable {
        let value = Atomic<Int>(0)
    }

    private final class Start: Sendable {
        let index: Int
        let finished: Counter
        let body: @Sendable (Int) -> Void
        init(index: Int, finished: Counter, body: @escaping @Sendable (Int) -> Void) {
            self.index = index
            self.finished = finished
            self.body = body
        }
    }

    /// Starts `count` threads running `body` with their index.
    static func start(count: Int, _ body: @escaping @Sendable (Int) -> Void) -> Group {
        let finished = Counter()
        var handles: [PlatformThread] = []
        for index in 0..<count {
            let start = Start(index: index, finished: finished, body: body)
            let started = PlatformThread.start {
                start.body(start.index)
                start.finished.value.add(1, ordering: .releasing)
            }
            guard case .success(let handle) = started else { preconditionFailure("pthread_create: \(started)") }
            handles.append(handle)
        }
        return Group(handles: handles, finished: finished)
    }

    /// Runs `body` on `count` threads and waits for them all.
    static func run(count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        start(count: count, body).join()
    }
}
