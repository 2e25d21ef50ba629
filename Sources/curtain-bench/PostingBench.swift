import Curtain
import CurtainLayout
import CurtainScreen
import CurtainPlatform
import Synchronization

/// Threads posting to an app in a tight loop while the main thread runs what they post as the
/// app's loop does (a batch a turn): how many posts a second get through, how much memory the
/// backlog takes, and whether each thread's posts ran in the order it made them.
struct PostingResult {
    var threads = 0
    var posts = 0
    /// From the start signal until the last thread made its last post.
    var postingNanoseconds: UInt64 = 0
    /// From the start signal until the last post ran on the main thread.
    var totalNanoseconds: UInt64 = 0
    /// Posts that ran out of their thread's order (0 when the order held).
    var outOfOrder = 0
    /// Posts that ran: all of them when none was lost.
    var ran = 0
    /// Turns of the consuming loop that found work: how many batches the posts came in.
    var batches = 0
    /// Peak resident memory during the run (VmHWM, reset at its start), and resident before.
    var peakBytes = 0
    var baselineBytes = 0
    /// For each key typed while the backlog ran (one every 20 ms): nanoseconds from its
    /// arrival to its handler.
    var keyLatencies: [UInt64] = []

    var postsPerSecond: Double { Double(posts) / (Double(totalNanoseconds) / 1e9) }
}

/// What the main thread keeps about the posts that ran.
@MainActor
final class PostingTally {
    /// The sequence number each thread's next post should carry.
    var expected: [Int]
    var ran = 0
    var outOfOrder = 0

    init(threads: Int) { expected = Array(repeating: 0, count: threads) }

    func record(thread: Int, sequence: Int) {
        if expected[thread] != sequence { outOfOrder += 1 }
        expected[thread] = sequence + 1
        ran += 1
    }
}

/// What the posting threads share: the poster, the start signal, and how many finished.
final class PostingRace: Sendable {
    let poster: AppPoster
    let tally: PostingTally
    let postsPerThread: Int
    let started = Atomic<Int>(0)
    let go = Atomic<Bool>(false)
    let finished = Atomic<Int>(0)

    init(poster: AppPoster, tally: PostingTally, postsPerThread: Int) {
        self.poster = poster
        self.tally = tally
        self.postsPerThread = postsPerThread
    }
}

/// One posting thread's part.
final class PostingThread: Sendable {
    let race: PostingRace
    let index: Int

    init(race: PostingRace, index: Int) {
        self.race = race
        self.index = index
    }

    func run() {
        race.started.add(1, ordering: .relaxed)
        while !race.go.load(ordering: .acquiring) { sched_yield() }
        let tally = race.tally
        let index = index
        for sequence in 0..<race.postsPerThread {
            race.poster.post { _ in tally.record(thread: index, sequence: sequence) }
        }
        race.finished.add(1, ordering: .releasing)
    }
}

/// Starts `count` threads posting. Not on the main actor: a closure written inside a
/// main-actor function would be checked to run there, and these run on their own threads.
nonisolated func startPostingThreads(_ race: PostingRace, count: Int) -> [PlatformThread] {
    (0..<count).map { index in
        let poster = PostingThread(race: race, index: index)
        switch PlatformThread.start({ poster.run() }) {
        case .success(let thread): return thread
        case .failure(let error): preconditionFailure("pthread_create failed: \(error)")
        }
    }
}

/// Peak resident memory of this process in bytes (VmHWM of /proc/self/status; 0 without /proc).
func peakResidentBytes() -> Int {
    (LinuxProcFiles.statusField("VmHWM") ?? 0) * 1024
}

/// Sets the peak resident memory back to the resident memory now, so that the peak measured
/// afterwards is this run's.
func resetPeakResident() {
    guard let file = fopen("/proc/self/clear_refs", "w") else { return }
    fputs("5", file)
    fclose(file)
}

/// The posting measurement's backend: the app's loop (`App.run(on:)`) takes a turn whenever
/// it asks, and ends once every post ran; with nothing posted it lets the posting threads run.
@MainActor
private final class PostingBackend: Backend {
    let size = Size(width: 1, height: 1)
    var isDone: () -> Bool = { false }
    /// When the next key "arrives" (monotonic nanoseconds), and when the one handed out did.
    var nextKey: UInt64 = 0
    private(set) var keyArrived: UInt64 = 0
    static let keyInterval: UInt64 = 20_000_000
    func nextEvent(until deadline: Double?, clock: AnimationClock) async -> Event? {
        if isDone() { return .inputEnded }
        // A key typed while the backlog runs is read at the loop's next look at its input.
        let now = benchNanoseconds()
        if nextKey > 0, now >= nextKey {
            keyArrived = nextKey
            nextKey = max(nextKey + Self.keyInterval, now)
            return .key(.character("k"))
        }
        if deadline == nil {
            sched_yield()
            await Task.yield()
        }
        return nil
    }
    func present(_ frame: CellBuffer) {}
}

@MainActor
func measurePosting(threads: Int = 8, posts: Int = 1_000_000) async -> PostingResult {
    let app = App(root: View(), clock: ManualClock())
    let tally = PostingTally(threads: threads)
    let race = PostingRace(poster: app.poster, tally: tally, postsPerThread: posts / threads)
    var result = PostingResult(threads: threads, posts: race.postsPerThread * threads)
    resetPeakResident()
    result.baselineBytes = residentBytes()

    let handles = startPostingThreads(race, count: threads)
    while race.started.load(ordering: .relaxed) < threads { sched_yield() }

    // The main thread runs the app's loop: it takes what was posted in one batch a turn.
    let start = benchNanoseconds()
    race.go.store(true, ordering: .releasing)
    let backend = PostingBackend()
    var lastRan = 0
    let total = result.posts
    app.poster.post { _ in }   // the first turn's wake-up
    backend.nextKey = start + PostingBackend.keyInterval
    app.scene.bind(.character("k")) { result.keyLatencies.append(benchNanoseconds() - backend.keyArrived) }
    backend.isDone = {
        if tally.ran > lastRan {
            result.batches += 1
            lastRan = tally.ran
        }
        let allPosted = race.finished.load(ordering: .acquiring) == threads
        if allPosted, result.postingNanoseconds == 0 { result.postingNanoseconds = benchNanoseconds() - start }
        // Every post made a second ago and nothing more ran since: some were lost.
        return tally.ran >= total || (allPosted && benchNanoseconds() - start > result.postingNanoseconds + 1_000_000_000)
    }
    await app.run(on: backend)
    result.totalNanoseconds = benchNanoseconds() - start
    if result.postingNanoseconds == 0 { result.postingNanoseconds = result.totalNanoseconds }
    for handle in handles { handle.join() }
    result.peakBytes = peakResidentBytes()
    result.ran = tally.ran
    result.outOfOrder = tally.outOfOrder
    return result
}

func printPosting(_ r: PostingResult) {
    let mebibyte = 1024.0 * 1024.0
    print("Posting from \(r.threads) threads to an app whose main thread runs the posts a batch a turn (wall time)")
    printTable(["measurement", "result"], [
        ["posts", "\(r.posts) (\(r.posts / r.threads) a thread)"],
        ["all posted after", milliseconds(r.postingNanoseconds) + " ms"],
        ["all run after", milliseconds(r.totalNanoseconds) + " ms"],
        ["posts/s", fixed(r.postsPerSecond, 0)],
        ["ns per post", fixed(Double(r.totalNanoseconds) / Double(r.posts), 1)],
        ["batches", "\(r.batches) (\(fixed(Double(r.ran) / Double(max(1, r.batches)), 1)) posts each)"],
        ["peak resident", fixed(Double(r.peakBytes) / mebibyte, 1) + " MiB (\(fixed(Double(r.baselineBytes) / mebibyte, 1)) before)"],
        ["lost", "\(r.posts - r.ran)"],
        ["per-thread order", r.outOfOrder == 0 ? "kept" : "broken \(r.outOfOrder) times"],
        ["keys meanwhile", keyLatencySummary(r.keyLatencies)],
    ])
}

/// A key every 20 ms while the backlog ran: how many, and their arrival-to-handler latency.
func keyLatencySummary(_ latencies: [UInt64]) -> String {
    guard !latencies.isEmpty else { return "none" }
    let sorted = latencies.sorted()
    func percentile(_ p: Double) -> String { milliseconds(sorted[min(sorted.count - 1, Int(Double(sorted.count) * p))]) }
    return "\(sorted.count): median \(percentile(0.5)) ms, p99 \(percentile(0.99)) ms, max \(milliseconds(sorted.last!)) ms"
}
