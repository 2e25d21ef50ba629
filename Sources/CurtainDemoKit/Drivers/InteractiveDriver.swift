import Curtain
import CurtainLayout
import CurtainScreen
import CurtainTerminal
import Glibc

/// Runs the demo in a real terminal through ncurses: frames paced by the real clock, keys and
/// resizes from the terminal, scripted events (if any) at their times.
///
/// It sleeps in the kernel until a key, a resize, the next animation frame (about 60 a
/// second while something moves) or the elapsed-time pane's once-a-second update.
@MainActor
public enum InteractiveDriver {
    public static func run(_ options: DemoOptions) throws -> Int32 {
        // Parse the script before touching the terminal: a bad script fails with nothing run.
        let timeline = try options.loadTimeline()
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession(programName: "curtain-demo", alternative: "use --headless")
        } catch let error as TerminalError {
            throw DemoError(error.message, exitStatus: 2)
        }
        var warnings: [String] = []
        defer {
            terminal.stop()
            for warning in warnings { StandardStreams.writeError("curtain-demo: warning: \(warning)\n") }
        }
        let clock = SystemClock()
        let motion = MotionSettings(reduceMotion: options.reduceMotion, speed: options.speed)
        let app = DemoApp(size: terminal.size, clock: clock, motion: motion)
        let recorder: FrameRecorder?
        do {
            recorder = try options.record.map {
                try FrameRecorder(path: $0, size: terminal.size, timestamp: Int(time(nil)), force: options.force,
                                  colorDepth: terminal.colorDepth)
            }
        }
        var cursor = timeline.map(ScriptCursor.init)

        while !app.quitRequested {
            if let frame = app.renderFrame() {
                terminal.draw(frame)
                recorder?.record(frame, at: clock.now)
            }
            // Scripted events due now.
            if var current = cursor {
                var ended = false
                for timed in current.advance(to: clock.now) {
                    switch timed.event {
                    case .end: ended = true
                    case .resize(let columns, let rows):
                        warnings.append("line \(timed.line ?? 0): 'resize \(columns)x\(rows)' skipped: a real terminal is resized by its user (use --headless)")
                    default:
                        if let event = DemoEvent(timed.event) { app.handle(event) }
                    }
                    if ended || app.quitRequested { break }
                }
                cursor = current
                if ended { break }
                if app.quitRequested { continue }
            }
            let wake = min(app.nextWakeTime, cursor?.nextTime ?? .infinity)
            guard let event = terminal.nextEvent(until: wake.isFinite ? wake : nil, clock: clock) else { continue }
            // Ctrl-Z is a key; nothing in the demo takes it, so it suspends as a shell expects.
            if event == .key(.ctrl("z")) {
                terminal.suspend()
            } else if let demoEvent = DemoEvent(event) {
                app.handle(demoEvent)
            }
        }
        if let frame = app.renderFrame() { recorder?.record(frame, at: clock.now) }
        recorder?.finish(at: clock.now)
        // Reported like headless runs report it, after the terminal is restored.
        if let failure = recorder?.failure { throw DemoError(failure) }
        return 0
    }
}
