import Synchronization

/// Runs closures on the main actor, inside an ``App``'s loop, from any thread: a reader thread,
/// a C callback, an actor, a `Task.detached`. Get it from ``App/poster``; it is `Sendable`.
///
/// ```swift
/// let poster = app.poster
/// Task.detached {
///     let result = await upload(file)
///     poster.post { app in app.scene.notify("Uploaded \(result.name)") }
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

    private struct Mailbox {
        var work: [Work] = []
        var isClosed = false
        /// Whether a hop to the main actor to wake the loop is on its way.
        var wakeScheduled = false
        weak var app: App?
    }

    private let mailbox = Mutex(Mailbox())

    init() {}

    /// Ties the poster to its app (once, at the app's creation).
    @MainActor func attach(_ app: App) {
        mailbox.withLock { $0.app = app }
    }

    /// Runs `work` on the main actor in the app's next loop turn; dropped once the app ended.
    public func post(_ work: @escaping Work) {
        let wake: App? = mailbox.withLock { box in
            guard !box.isClosed else { return nil }
            box.work.append(work)
            guard !box.wakeScheduled else { return nil }
            box.wakeScheduled = true
            return box.app
        }
        guard let wake else { return }
        Task { @MainActor in wake.postArrived() }
    }

    /// Whether work waits to run.
    var hasWork: Bool { mailbox.withLock { !$0.work.isEmpty } }

    /// Takes the work posted so far, in order.
    func takeWork() -> [Work] {
        mailbox.withLock { box in
            box.wakeScheduled = false
            defer { box.work.removeAll() }
            return box.work
        }
    }

    /// Takes posts again (the app runs again).
    func open() {
        mailbox.withLock { $0.isClosed = false }
    }

    /// Drops what waits and every later post.
    func close() {
        mailbox.withLock { box in
            box.isClosed = true
            box.work.removeAll()
        }
    }
}
