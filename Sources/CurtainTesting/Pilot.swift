import Curtain
import CurtainLayout
import CurtainScreen
import Testing

/// Drives an `App` in a test: no terminal, a screen of any size, time that moves only when
/// the test says so. The pilot runs the app's own loop (`App.run(on:)`, the one a terminal
/// program runs) on a backend of its own, so what a test sees is what a user sees, frame for
/// frame.
///
/// ```swift
/// let notes = PaneView(title: "Notes")
/// notes.setContentView(TextEditor(""))
/// let pilot = Pilot(App(root: notes, clock: ManualClock()), size: Size(width: 80, height: 24))
/// await pilot.type("hello")           // the loop dispatches each key and draws its frame
/// await pilot.press(.enter)
/// await pilot.settle()                // frames until every animation has come to rest
/// #expect(pilot.lines[1].contains("hello"))
/// #expect(pilot.screen[1, 1].grapheme == Grapheme("h"))
/// ```
///
/// **How time moves.** Only in ``advance(by:)`` and ``settle(timeout:)``: the app's
/// `ManualClock` is moved from one of the loop's deadlines to the next — animation frames,
/// timers, auto-dismissals and tasks sleeping on the clock (`app.clock.sleep(for:)`) — and at
/// each the loop takes its turn and the tasks it woke run before the next deadline is looked
/// for. Input (``press(_:)``, ``type(_:)``, a click) takes no time.
///
/// **When the loop runs.** The initialiser starts the loop and returns once it waits, with the
/// first frame drawn. After that the loop moves only inside the pilot's calls: work posted
/// (`app.poster`) or a scene changed by a task between calls is acted on, and drawn, at the
/// next call (`settle(timeout: 0)` and `advance(by: 0)` included: the 60 Hz pacing a terminal
/// applies to such changes does not wait on a clock only the test moves).
/// ``waitUntil(timeout:sourceLocation:_:)`` waits in real time for work no clock of the app's
/// drives (a real child process).
/// Every call ends with a drain: main-actor tasks run, and the loop takes a turn for what they
/// posted or changed, until a pass over the main actor's queue changes nothing the app shows
/// (its scene, its posts, the tasks sleeping on its clock). Work off the main actor (a
/// `Task.detached`, a thread) is the test's to await.
///
/// Modelled on Textual's `App.run_test` and `Pilot`, ratatui's `TestBackend` and swift-nio's
/// `NIOAsyncTestingEventLoop`. The app must be made with a `ManualClock`
/// (`App(root:clock: ManualClock())`).
@MainActor
public final class Pilot {
    /// The app under test: reach its scene (`app.scene`) to present, focus or bind keys.
    public let app: App
    /// The app's clock: `advance(by:)` and `settle(timeout:)` move it.
    public let clock: ManualClock
    /// Where the app's loop waits and its frames go.
    let backend: PilotBackend
    /// The app's loop, started by the initialiser.
    private var loop: Task<Void, Never>?

    /// Every frame shown since the pilot started, with the time it was shown, when
    /// ``recordsFrames`` is on.
    public private(set) var frames: [(time: Double, screen: CellBuffer)] = []

    /// Whether ``frames`` collects every frame (off by default: a long test would keep many).
    public var recordsFrames = false

    /// Starts `app`'s loop headless at `size` and returns once it waits, its first frame drawn.
    /// Stops the test with a message when the app's clock is not a `ManualClock`.
    ///
    /// - Parameters:
    ///   - app: the app to drive, made with `clock: ManualClock()`.
    ///   - size: the screen in cells; 80 × 24 by default.
    ///   - appearance: the terminal to pretend to be: its colour depth and colours pick the
    ///     app's theme (when its scene follows the terminal's appearance). True colour on a
    ///     dark background by default.
    ///   - recordsFrames: whether to keep every frame in ``frames`` from the first one on.
    public init(_ app: App, size: Size = Size(width: 80, height: 24), appearance: TerminalAppearance = .unknown,
                recordsFrames: Bool = false) {
        guard let clock = app.clock as? ManualClock else {
            preconditionFailure("Pilot needs an App on a ManualClock: App(root: …, clock: ManualClock())")
        }
        self.app = app
        self.clock = clock
        self.backend = PilotBackend(size: size, appearance: appearance)
        self.recordsFrames = recordsFrames
        app.addFrameObserver { [weak self] frame, time in
            guard let self, self.recordsFrames else { return }
            self.frames.append((time, frame))
        }
        // Runs at once, up to the loop's first wait: the first frame is drawn before this returns.
        let backend = backend
        loop = Task.immediate { @MainActor in await app.run(on: backend) }
    }

    /// A pilot that goes away (a test that ends without ``quit()``) ends its app on the spot:
    /// its tasks cancelled, its awaited presentations answered, and no further turn of its
    /// loop — no frame is drawn, no timer fires, no closure of the app runs after the test
    /// that owned it has ended (the objects those closures capture may be gone with it).
    isolated deinit {
        app._endRunNow()
        backend.wakeLoop()
    }

    // MARK: - Input

    /// Sends the events to the app's loop together, as events read in one go from a terminal
    /// (keys typed ahead, a press and its release): the loop dispatches them as one burst (the
    /// app's defaults included: an unhandled Ctrl-C quits) and draws one frame; then the tasks
    /// they started run (see ``Pilot``). A key that leads to a hand-off of the terminal or a
    /// suspension ends the burst, and the events after it follow once the terminal is back, as
    /// in a terminal.
    public func send(_ events: Event...) async {
        guard backend.loopIsWaiting, !events.isEmpty else { return }
        for event in events { backend.feed(event) }
        backend.wakeLoop()
        await drain()
    }

    /// Presses keys, one after another, a frame after each.
    public func press(_ keys: Key...) async {
        for key in keys { await send(.key(key)) }
    }

    /// Presses keys by name (`"t"`, `"Enter"`, `"Ctrl-C"`, `"Shift-Tab"`: see
    /// `Key.init(name:)`), one after another, a frame after each.
    ///
    /// A name that is no key (`"Escape"` for `"Esc"`) is recorded as a failure of the test
    /// (Swift Testing's `Issue.record`, at the call) and that key and the ones after it are not
    /// pressed; the test process goes on. ``press(_:)`` takes keys the compiler checks.
    ///
    /// - Parameters:
    ///   - names: the keys' names, pressed in order.
    ///   - sourceLocation: where an unknown name is reported; leave the default.
    public func press(_ names: String..., sourceLocation: SourceLocation = #_sourceLocation) async {
        for name in names {
            guard let key = Key(name: name) else {
                Issue.record("Pilot.press: '\(name)' is not a key name (Key(name:) knows names such as \"Esc\", \"Enter\", \"Ctrl-C\", \"Shift-Tab\", \"F1\")",
                             sourceLocation: sourceLocation)
                return
            }
            await send(.key(key))
        }
    }

    /// Types `text` one character at a time, as key presses (a newline presses Enter, a tab
    /// Tab).
    public func type(_ text: String) async {
        for character in text {
            switch character {
            case "\n", "\r", "\r\n": await send(.key(.enter))
            case "\t": await send(.key(.tab))
            default: await send(.key(.character(character)))
            }
        }
    }

    /// Pastes `text` as one bracketed paste.
    public func paste(_ text: String) async { await send(.paste(text)) }

    /// Presses and releases the left button at `point` (a screen cell).
    ///
    /// - Parameters:
    ///   - point: the cell clicked, (0, 0) at the top-left corner of the screen.
    ///   - modifiers: the modifier keys held; none by default.
    public func click(at point: Point, modifiers: Key.Modifiers = []) async {
        await send(.mouse(MouseEvent(.press, at: point, modifiers: modifiers)),
                   .mouse(MouseEvent(.release, at: point, modifiers: modifiers)))
    }

    /// Presses the left button at `point` and keeps it down.
    public func mouseDown(at point: Point) async { await send(.mouse(MouseEvent(.press, at: point))) }

    /// Moves the pointer to `point` with the left button down.
    public func drag(to point: Point) async { await send(.mouse(MouseEvent(.drag, at: point))) }

    /// Releases the left button at `point`.
    public func mouseUp(at point: Point) async { await send(.mouse(MouseEvent(.release, at: point))) }

    /// Moves the pointer to `point` with no button held (what a terminal reports while the app
    /// asks for pointer motion).
    public func hover(at point: Point) async { await send(.mouse(MouseEvent(.move, button: .none, at: point))) }

    /// Turns the wheel one step up (toward earlier content) or down, over `point`.
    ///
    /// - Parameters:
    ///   - up: true for a step up, false for a step down.
    ///   - point: the cell under the pointer.
    public func scroll(up: Bool, at point: Point) async {
        await send(.mouse(MouseEvent(up ? .scrollUp : .scrollDown, button: .none, at: point)))
    }

    /// The screen changes size, as when the user resizes the terminal.
    public func resize(to size: Size) async {
        backend.size = size
        await send(.resize(size))
    }

    // MARK: - Time

    /// Lets `seconds` pass on the app's clock, deadline by deadline: at each of the loop's
    /// deadlines up to the end (an animation frame, a timer, an auto-dismissal, a task's
    /// `clock.sleep`) the clock is set there, the loop takes its turn and the tasks it woke
    /// run — so a task that starts sleeping during the advance wakes within it when its
    /// deadline is inside.
    public func advance(by seconds: Double) async {
        let end = clock.now + max(0, seconds)
        await drain()
        while !app.isQuitting, let next = nextDeadline(), next <= end {
            clock.set(max(clock.now, next))
            backend.wakeLoop()
            await drain()
        }
        clock.set(max(clock.now, end))
        backend.wakeLoop()
        await drain()
    }

    /// Lets the app's tasks and posted work run, then draws frames at the loop's deadlines
    /// while something moves, until nothing does (timers and sleeping tasks do not count: see
    /// ``advance(by:)``) or `timeout` seconds passed on the app's clock.
    ///
    /// ```swift
    /// view.task {                                          // in the app
    ///     try await app.clock.sleep(for: .seconds(1))      // the network, say
    ///     log.append("hello")
    /// }
    /// await pilot.settle()                                 // in the test
    /// ```
    ///
    /// - Parameter timeout: the most seconds to let pass; 30 by default.
    /// - Returns: the seconds that passed on the app's clock.
    @discardableResult
    public func settle(timeout: Double = 30) async -> Double {
        let start = clock.now
        await drain()
        while !app.isQuitting, app.scene.isAnimating, let next = nextDeadline(), next - start <= timeout {
            clock.set(max(clock.now, next))
            backend.wakeLoop()
            await drain()
        }
        return clock.now - start
    }

    /// Waits in real time until `condition` holds, for work that the app's clock does not
    /// drive: a real child process writing its output, a thread, a socket. While it waits the
    /// main actor is free (a child's lines reach the app), the app's clock moves with the real
    /// time that passes (its timers fire, its animations move, as in a terminal), and the
    /// loop draws every change — so `condition` may read the screen.
    ///
    /// ```swift
    /// let child = try ChildProcess(["sh", "-c", "echo ready"])   // CurtainProcess
    /// log.task { await log.follow(child) }
    /// #expect(await pilot.waitUntil(timeout: 5) { pilot.text.contains("ready") })
    /// ```
    ///
    /// When `timeout` seconds of real time pass first, the test gets a recorded failure at the
    /// call (Swift Testing's `Issue.record`) and this returns false.
    ///
    /// - Parameters:
    ///   - timeout: the most real seconds to wait; 5 by default.
    ///   - sourceLocation: where a timeout is reported; leave the default.
    ///   - condition: checked after each turn of the loop, on the main actor.
    /// - Returns: whether `condition` held before the timeout.
    @discardableResult
    public func waitUntil(timeout: Double = 5, sourceLocation: SourceLocation = #_sourceLocation,
                          _ condition: () -> Bool) async -> Bool {
        let realClock = ContinuousClock()
        let start = realClock.now
        var last = start
        while true {
            let now = realClock.now
            await advance(by: Self.seconds(now - last))
            last = now
            if condition() { return true }
            if app.isQuitting && !app.isRunning || Self.seconds(now - start) >= timeout {
                Issue.record("Pilot.waitUntil: the condition did not hold within \(timeout) s\(app.isRunning ? "" : " (the app has ended)")",
                             sourceLocation: sourceLocation)
                return false
            }
            try? await Task.sleep(for: .milliseconds(2))
        }
    }

    private static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Ends the app as a quit does: its loop ends, every task is cancelled, every awaited
    /// presentation answered `.appQuit`, later posts dropped.
    public func quit() async {
        app.quit()
        backend.wakeLoop()
        await drain()
        await loop?.value
    }

    /// When the loop next needs to act: the deadline it waits for, or a task's sleep on the
    /// clock that began since it started waiting (a task does not wake the loop to say so).
    private func nextDeadline() -> Double? {
        guard backend.loopIsWaiting else { return nil }
        return [backend.waitDeadline, clock.nextSleeperDeadline].compactMap { $0 }.min()
    }

    /// Lets main-actor tasks run, waking the loop for what they post or change, until a pass
    /// over the main actor's queue changed nothing the app shows: its scene and posts, the
    /// tasks sleeping on its clock, its frames. Swift does not let a program see the main
    /// actor's queue itself, so "nothing changed" is judged on three passes in a row.
    private func drain() async {
        var quietPasses = 0
        var passes = 0
        while quietPasses < 3, passes < 10_000 {
            passes += 1
            let before = observation
            // Changes made between calls (a task's, a real child's line) are drawn now, not
            // a frame interval after the last frame: the test asks for the screen.
            if backend.loopIsWaiting, backend.loopHasWork || app._hasChangesToDraw {
                app._drawWaitingChangesNow()
                backend.wakeLoop()
            }
            await Task.yield()
            // A pass is quiet only with the loop back in its wait: while it is between waits
            // its turn is still running (it may be on its way back from a yield or a hop).
            let loopIdle = backend.loopIsWaiting || !app.isRunning
            if observation == before, loopIdle, !(backend.loopIsWaiting && backend.loopHasWork) {
                quietPasses += 1
            } else {
                quietPasses = 0
            }
        }
    }

    /// What the app shows of its progress: scene changes and posts run, sleeps begun and
    /// ended, frames drawn, whether the loop waits.
    private var observation: [Int] {
        [app._activity, clock._sleeperChanges, backend.frameCount, backend.loopIsWaiting ? 1 : 0]
    }

    // MARK: - Reading the screen

    /// The last frame shown.
    public var screen: CellBuffer { backend.screen }

    /// How many frames were shown since the pilot started.
    public var frameCount: Int { backend.frameCount }

    /// The screen as text, one string a row, trailing spaces removed. A wide character
    /// appears once (its continuation cell adds nothing).
    public var lines: [String] { screen.lines(trimmingTrailingSpaces: true) }

    /// The screen as one string, rows joined with newlines.
    public var text: String { lines.joined(separator: "\n") }

    /// The cell at column `x`, row `y`.
    public func cell(x: Int, y: Int) -> Cell { screen[x, y] }

    /// True once the app quit.
    public var hasQuit: Bool { app.isQuitting }
}
