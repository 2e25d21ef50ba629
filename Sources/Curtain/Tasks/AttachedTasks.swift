/// The tasks a view or a presentation started, tied to its life in a scene: started when it
/// enters one, cancelled when it leaves (or the app quits).
@MainActor
struct AttachedTasks {
    typealias Body = @MainActor () async throws -> Void

    private struct Entry {
        let body: Body
        var running: Task<Void, Never>?
    }

    private var entries: [Entry] = []
    /// The task of ``View/task(id:_:)``: its id (compared with `==`) and entry.
    private var identified: (id: any Equatable & Sendable, entry: Entry)?
    /// Whether the owner is live (in a scene, presented): new tasks start at once.
    private(set) var isLive = false
    /// Where errors go: the owner's scene, looked up when one happens.
    private var reportError: (@MainActor (any Error) -> Void)?

    /// Adds a task; it starts now when the owner is live.
    mutating func add(_ body: @escaping Body, reportError: @escaping @MainActor (any Error) -> Void) {
        self.reportError = reportError
        var entry = Entry(body: body)
        if isLive { entry.running = start(body) }
        entries.append(entry)
    }

    /// Sets the identified task: restarted when `id` differs from the current one's, left
    /// running when it is equal.
    mutating func set<ID: Equatable & Sendable>(id: ID, _ body: @escaping Body,
                                                reportError: @escaping @MainActor (any Error) -> Void) {
        self.reportError = reportError
        if let current = identified, let same = current.id as? ID, same == id { return }
        identified?.entry.running?.cancel()
        var entry = Entry(body: body)
        if isLive { entry.running = start(body) }
        identified = (id, entry)
    }

    /// Starts every task (the owner became live) or cancels them (it no longer is).
    mutating func setLive(_ live: Bool) {
        guard live != isLive else { return }
        isLive = live
        for index in entries.indices { update(&entries[index], live: live) }
        if var current = identified {
            update(&current.entry, live: live)
            identified = current
        }
    }

    private func update(_ entry: inout Entry, live: Bool) {
        if live {
            entry.running = start(entry.body)
        } else {
            entry.running?.cancel()
            entry.running = nil
        }
    }

    private func start(_ body: @escaping Body) -> Task<Void, Never> {
        let report = reportError
        return Task { @MainActor in
            do {
                try await body()
            } catch is CancellationError {
                // Cooperative cancellation: the owner left, or the app quit.
            } catch {
                if !Task.isCancelled { report?(error) }
            }
        }
    }
}
