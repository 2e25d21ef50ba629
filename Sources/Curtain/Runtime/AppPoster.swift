import Synchronization

/// Runs closures on the main actor, inside an ``App``'s loop, from any thread: a reader thread,
/// a C callback, an actor, a `Task.detached`. Get it from ``App/poster``; it is `Sendable`.
///
/// ```swift
/// let poster = app.poster
/// Task.detached {
///     let text = (try? String(contentsOfFile: "/etc/services", encoding: .utf8)) ?? ""   // slow work
///     let count = text.split(separator: "\n").count
///     poster.post { app in app.scene.notify("\(count) services") }
/// }
/// ```
///
/// Posted work runs in the loop's next turn — after the input it has already read, before the
/// frame that shows what the work changed — in the order it was posted. Posting never blocks
/// and never waits for the work to run. A post after the app ended (its loop returned) is
/// dropped. Under a `Pilot`, posted work runs when the test says (`await pilot.settle()`).
public final class AppPoster: Sendable {
    /// Work posted to the app.
    public typealias Work = @MainActor @Sendable (App) -> Void

    /// The work posted and not yet taken, in a stack posters never wait for each other on.
    private let mailbox = PostedWorkStack()
    /// The app to wake when a post starts a batch; read once a batch, so its lock is not
    /// contended.
    private let wakee = Mutex(WeakApp())

    private struct WeakApp {
        weak var app: App?
    }

    init() {}

    /// Ties the poster to its app (once, at the app's creation).
    @MainActor func attach(_ app: App) {
        wakee.withLock { $0.app = app }
    }

    /// Runs `work` on the main actor in the app's next loop turn; dropped once the app ended.
    public func post(_ work: @escaping Work) {
        // Only the post that finds nothing waiting wakes the loop: one hop a batch, as the loop
        // takes the whole batch at once.
        guard mailbox.push(work) == .startedBatch else { return }
        guard let app = wakee.withLock({ $0.app }) else { return }
        Task { @MainActor in app.postArrived() }
    }

    /// Whether work waits to run.
    var hasWork: Bool { mailbox.hasWork }

    /// Takes the work posted so far, in order: each thread's in the order it posted.
    func takeWork() -> PostedWorkStack.Batch { mailbox.takeAll() }

    /// Takes posts again (the app runs again).
    func open() { mailbox.open() }

    /// Drops what waits and every later post.
    func close() { mailbox.close() }
}
