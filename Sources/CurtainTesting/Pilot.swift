import Curtain
import CurtainLayout
import CurtainScreen

/// Drives an `App` in a test: no terminal, a screen of any size, time that moves only when
/// the test says so. The terminal program's own loop (`App.run(on:)`) does the same steps on
/// the same clock, so what a test sees is what a user sees, frame for frame.
///
/// ```swift
/// let pilot = Pilot(makeApp(clock: ManualClock()), size: Size(width: 80, height: 24))
/// pilot.press(.character("t"))       // a frame is drawn after each input, as the loop does
/// pilot.type("hello")
/// pilot.settle()                     // run frames until every animation has come to rest
/// #expect(pilot.lines[20].contains("hello"))
/// #expect(pilot.screen[3, 20].style.background == .indexed(24))
/// ```
///
/// Modelled on Textual's `App.run_test` and `Pilot` and ratatui's `TestBackend`. The app must
/// be made with a `ManualClock` (`App(root:clock: ManualClock())`).
@MainActor
public final class Pilot {
    /// The app under test: reach its scene (`app.scene`) to present, focus or bind keys.
    public let app: App
    /// The app's clock: `advance(by:)` and `settle(timeout:)` move it.
    public let clock: ManualClock
    /// Where the frames go: it keeps the last one.
    public let backend: HeadlessBackend

    /// Every frame shown since the pilot started, with the time it was shown, when
    /// ``recordsFrames`` is on.
    public private(set) var frames: [(time: Double, screen: CellBuffer)] = []

    /// Whether ``frames`` collects every frame (off by default: a long test would keep many).
    public var recordsFrames = false

    /// Starts `app` headless at `size` and draws its first frame. Stops the test with a
    /// message when the app's clock is not a `ManualClock`.
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
        self.backend = HeadlessBackend(size: size, appearance: appearance)
        self.recordsFrames = recordsFrames
        app.addFrameObserver { [unowned self] frame, time in
            if self.recordsFrames { self.frames.append((time, frame)) }
        }
        app._start(on: backend)
    }

    // MARK: - Input

    /// Sends each event as the loop would (the app's defaults included: an unhandled Ctrl-C
    /// quits), drawing a frame after each.
    public func send(_ events: Event...) {
        for event in events {
            app._dispatch(event)
            app._renderAndPresent()
        }
    }

    /// Presses keys, one after another, a frame after each.
    public func press(_ keys: Key...) {
        for key in keys { send(.key(key)) }
    }

    /// Presses keys by name (`"t"`, `"Enter"`, `"Ctrl-C"`, `"Shift-Tab"`: see
    /// `Key.init(name:)`). A name that is no key stops the test with a message.
    public func press(_ names: String...) {
        for name in names {
            guard let key = Key(name: name) else { preconditionFailure("Pilot.press: '\(name)' is not a key name") }
            send(.key(key))
        }
    }

    /// Types `text` one character at a time, as key presses (a newline presses Enter, a tab
    /// Tab).
    public func type(_ text: String) {
        for character in text {
            switch character {
            case "\n", "\r", "\r\n": send(.key(.enter))
            case "\t": send(.key(.tab))
            default: send(.key(.character(character)))
            }
        }
    }

    /// Pastes `text` as one bracketed paste.
    public func paste(_ text: String) { send(.paste(text)) }

    /// Presses and releases the left button at `point` (a screen cell).
    ///
    /// - Parameters:
    ///   - point: the cell clicked, (0, 0) at the top-left corner of the screen.
    ///   - modifiers: the modifier keys held; none by default.
    public func click(at point: Point, modifiers: Key.Modifiers = []) {
        send(.mouse(MouseEvent(.press, at: point, modifiers: modifiers)),
             .mouse(MouseEvent(.release, at: point, modifiers: modifiers)))
    }

    /// Presses the left button at `point` and keeps it down.
    public func mouseDown(at point: Point) { send(.mouse(MouseEvent(.press, at: point))) }

    /// Moves the pointer to `point` with the left button down.
    public func drag(to point: Point) { send(.mouse(MouseEvent(.drag, at: point))) }

    /// Releases the left button at `point`.
    public func mouseUp(at point: Point) { send(.mouse(MouseEvent(.release, at: point))) }

    /// Moves the pointer to `point` with no button held (what a terminal reports while the app
    /// asks for pointer motion).
    public func hover(at point: Point) { send(.mouse(MouseEvent(.move, button: .none, at: point))) }

    /// Turns the wheel one step up (toward earlier content) or down, over `point`.
    ///
    /// - Parameters:
    ///   - up: true for a step up, false for a step down.
    ///   - point: the cell under the pointer.
    public func scroll(up: Bool, at point: Point) {
        send(.mouse(MouseEvent(up ? .scrollUp : .scrollDown, button: .none, at: point)))
    }

    /// The screen changes size, as when the user resizes the terminal.
    public func resize(to size: Size) {
        backend.size = size
        send(.resize(size))
    }

    // MARK: - Time

    /// Lets `seconds` pass, drawing every frame the app asks for on the way (animation frames,
    /// timers), at the times the run loop would draw them.
    public func advance(by seconds: Double) {
        let end = clock.now + max(0, seconds)
        while !app.isQuitting, let next = app.scene.nextFrameTime, next <= end {
            clock.set(max(clock.now, next))
            app._renderAndPresent()
        }
        clock.set(end)
        app._renderAndPresent()
    }

    /// Draws frames until nothing moves any more (timers do not count) or `timeout` seconds
    /// passed.
    ///
    /// - Parameter timeout: the most seconds to let pass; 30 by default.
    /// - Returns: the seconds that passed on the app's clock.
    @discardableResult
    public func settle(timeout: Double = 30) -> Double {
        let start = clock.now
        while !app.isQuitting, app.scene.isAnimating, let next = app.scene.nextFrameTime, next - start <= timeout {
            clock.set(max(clock.now, next))
            app._renderAndPresent()
        }
        return clock.now - start
    }

    // MARK: - Tasks and posted work

    /// Runs posted work (`app.poster`) and lets the app's main-actor tasks take their steps,
    /// drawing frames as the loop would, until nothing is posted, the tasks stopped changing
    /// the scene and no animation moves — or `timeout` seconds passed on the app's clock.
    /// Time moves only for animations: a task sleeping on the clock stays asleep (see
    /// ``advance(by:)-7m9n1``).
    ///
    /// ```swift
    /// view.task { log.append(try await fetchGreeting()) }   // in the app
    /// await pilot.settle()                                 // in the test
    /// ```
    ///
    /// Work that runs off the main actor (a `Task.detached`, a thread) is not waited for: the
    /// test awaits it itself, then settles.
    @discardableResult
    public func settle(timeout: Double = 30) async -> Double {
        let start = clock.now
        await runTasksAndPosts()
        while !app.isQuitting, app.scene.isAnimating, let next = app.scene.nextFrameTime, next - start <= timeout {
            clock.set(max(clock.now, next))
            app._renderAndPresent()
            await runTasksAndPosts()
        }
        return clock.now - start
    }

    /// Lets `seconds` pass on the app's clock, waking the tasks that sleep on it
    /// (`clock.sleep(for:)`) at their deadlines and running what they and posted
    /// work do, and drawing every frame the app asks for on the way.
    public func advance(by seconds: Double) async {
        let end = clock.now + max(0, seconds)
        await runTasksAndPosts()
        while !app.isQuitting {
            let next = [app.scene.nextFrameTime, clock.nextSleeperDeadline].compactMap { $0 }.min()
            guard let next, next <= end else { break }
            clock.set(max(clock.now, next))
            await runTasksAndPosts()
            app._renderAndPresent()
        }
        clock.set(end)
        await runTasksAndPosts()
        app._renderAndPresent()
    }

    /// Ends the app as its loop's end does: every task cancelled, every awaited presentation
    /// answered `.appQuit`, later posts dropped.
    public func quit() async {
        app._finish()
        await runTasksAndPosts()
    }

    /// Yields to main-actor tasks and runs posted work until a few turns in a row changed
    /// nothing, drawing a frame after each turn that did.
    private func runTasksAndPosts() async {
        var quietTurns = 0
        var turns = 0
        while quietTurns < 4, turns < 10_000 {
            turns += 1
            let before = app._activity
            app._runPostedWork()
            await Task.yield()
            if app._activity != before {
                quietTurns = 0
                app._renderAndPresent()
            } else {
                quietTurns += 1
            }
        }
    }

    // MARK: - Reading the screen

    /// The last frame shown.
    public var screen: CellBuffer { backend.screen }

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
