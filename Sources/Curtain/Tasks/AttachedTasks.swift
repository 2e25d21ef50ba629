/// The tasks a view or a presentation started, tied to its life in a scene: started when it
/// enters one, cancelled when it leaves (or the app quits).
@MainActor
struct AttachedTasks {
    typealias Body = @MainActor () async throws -> Void

    private struct Entry {
        let body: Body
        let handle: ViewTask
    }

    private var entries: [Entry] = []
    /// The task of ``View/task(id:_:)``: its id (compared with `==`) and entry.
    private var identified: (id: any Equatable & Sendable, entry: Entry)?
    /// Whether the owner is live (in a scene, presented): new tasks start at once.
    private(set) var isLive = false
    /// Where errors go: the owner's scene, looked up when one happens.
    private var reportError: (@MainActor (any Error) -> Void)?

    /// Adds a task; it starts now when the owner is live.
    mutating func add(_ body: @escaping Body, reportError: @escaping @MainActor (any Error) -> Void) -> ViewTask {
        self.reportError = reportError
        let entry = Entry(body: body, handle: ViewTask())
        if isLive { start(entry) }
        entries.append(entry)
        return entry.handle
    }

    /// Sets the identified task: restarted when `id` differs from the current one's, left
    /// running when it is equal (its handle is returned then).
    mutating func set<ID: Equatable & Sendable>(id: ID, _ body: @escaping Body,
                                                reportError: @escaping @MainActor (any Error) -> Void) -> ViewTask {
        self.reportError = reportError
        if let current = identified, let same = current.id as? ID, same == id { return current.entry.handle }
        identified?.entry.handle.cancel()
        let entry = Entry(body: body, handle: ViewTask())
        if isLive { start(entry) }
        identified = (id, entry)
        return entry.handle
    }

    /// Starts every task (the owner became live) or cancels them (it no longer is).
    mutating func setLive(_ live: Bool) {
        guard live != isLive else { return }
        isLive = live
        for entry in entries { update(entry, live: live) }
        if let current = identified { update(current.entry, live: live) }
    }

    private func update(_ entry: Entry, live: Bool) {
        if live { start(entry) } else { entry.handle.cancel() }
    }

    private func start(_ entry: Entry) {
        entry.handle.start(entry.body, reportingErrorsTo: reportError)
    }
}
