/// A task a view or a presentation runs (``View/task(_:)``, ``View/task(id:_:)``,
/// ``PresentationController/task(_:)``): to know whether its body runs, and to await the end of
/// the run in progress.
///
/// The view starts and cancels the runs — one each time it enters a scene, cancelled when it
/// leaves, or when ``View/task(id:_:)`` is called with another id. Awaiting a run's end lets
/// the next one begin after it: a re-run that must not start before the stopped run has written
/// its summary.
///
/// ```swift
/// var run: ViewTask?
/// func rerun(_ number: Int) {
///     let stopped = run
///     run = log.task(id: number) {
///         await stopped?.waitUntilFinished()   // its summary first
///         log.append("run \(number)")
///     }
/// }
/// ```
@MainActor
public final class ViewTask {
    /// The run in progress, or the last one.
    private var run: Task<Void, Never>?
    /// Counts the runs started, so that the end of a run replaced meanwhile changes nothing.
    private var runs = 0

    /// Whether a run of the body is in progress: started (the view is in a scene) and not yet
    /// returned, thrown or ended after its cancellation.
    public private(set) var isRunning = false

    init() {}

    /// Waits until the run in progress, if any, has ended: returned, thrown, or — cancelled —
    /// reached its end (cancellation is cooperative). Returns at once when none runs.
    public func waitUntilFinished() async {
        await run?.value
    }

    /// Starts a run of `body`, reporting its errors (other than cancellation) to `report`.
    func start(_ body: @escaping @MainActor () async throws -> Void,
               reportingErrorsTo report: (@MainActor (any Error) -> Void)?) {
        runs += 1
        let number = runs
        isRunning = true
        run = Task { @MainActor [weak self] in
            do {
                try await body()
            } catch is CancellationError {
                // Cooperative cancellation: the owner left, or the app quit.
            } catch {
                if !Task.isCancelled { report?(error) }
            }
            if let self, self.runs == number { self.isRunning = false }
        }
    }

    /// Cancels the run in progress.
    func cancel() { run?.cancel() }
}
