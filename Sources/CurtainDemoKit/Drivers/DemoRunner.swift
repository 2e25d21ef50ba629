import Curtain
import CurtainLayout
import CurtainScreen
import CurtainTerminal
import CurtainPlatform

/// Runs the demo as the command line asked: in the terminal on the real clock, or headless on a
/// manual clock (as fast as the machine allows, the same frames every time), with a script
/// played over either, a recording and printed frames as frame observers. The loop is the
/// library's (``App/run(on:)``); this only picks the backend and the observers.
@MainActor
package enum DemoRunner {
    /// Runs the demo; returns the exit status or throws the one-line error to report.
    package static func run(_ options: DemoOptions) async throws -> Int32 {
        if options.headless {
            let size = options.size
            guard size.width >= 1, size.height >= 1, size.width <= 1000, size.height <= 1000 else {
                throw DemoError("invalid --size \(size.width)x\(size.height): use COLSxROWS between 1x1 and 1000x1000", exitStatus: 2)
            }
        }
        // Parse the script before touching the terminal: a bad script fails with nothing run.
        let timeline = try options.loadTimeline()
        return options.headless ? try await runHeadless(options, timeline: timeline) : try await runInTerminal(options, timeline: timeline)
    }

    private static func motion(_ options: DemoOptions) -> MotionSettings {
        MotionSettings(reduceMotion: options.reduceMotion, speed: options.speed)
    }

    private static func runHeadless(_ options: DemoOptions, timeline: ScriptTimeline?) async throws -> Int32 {
        let clock = ManualClock()
        let demo = DemoApp(clock: clock, motion: motion(options))
        // What a terminal would show: the depth asked for, no colours under NO_COLOR, else
        // every colour as drawn; the theme is the one such a terminal would get.
        let colorDepth = options.headlessColorDepth
        // No wall-clock timestamp: the file is byte-identical from run to run.
        let recorder = try DemoRecordings.start(options, size: options.size, timestamp: nil, colorDepth: colorDepth,
                                                colors: options.background, headless: true)
        var last = demo.scene.screen
        var frameCount = 0
        var outputError: DemoError?
        demo.app.addFrameObserver { frame, time in
            last = frame
            frameCount += 1
            recorder?.record(frame, at: time)
            guard options.frames, outputError == nil else { return }
            do throws(DemoError) {
                try StandardStreams.writeOutput("--- frame \(frameCount) at \(formatSeconds(time))s ---\n")
                try StandardStreams.writeOutput(render(frame, as: options.output, colorDepth: colorDepth))
            } catch {
                outputError = error
                demo.app.quit()
            }
        }
        // Without a script, the first frame is the whole run: an empty script ends at once.
        let script = timeline ?? ScriptTimeline(script: Script(fileName: "", steps: []))
        let scripted = ScriptedBackend(playing: script, over: HeadlessBackend(
            size: options.size, appearance: TerminalAppearance(colorDepth: colorDepth, colors: options.background)))
        scripted.isIdle = { !demo.scene.isAnimating }
        // Only the last frame is shown: while nothing moves, the run jumps over the ticks of the
        // clock pane instead of composing each (an hour's wait would be 3 600 frames), stopping
        // at every other deadline (a notification's time running out), so the last frame is
        // the one --frames ends with. Every frame is output with --frames and --record, so
        // there time passes tick by tick as it would in a terminal.
        if !options.frames && recorder == nil {
            scripted.deadlineBesidesTicks = { demo.app.loopDeadline(leavingOutRepeatingTimers: true) }
        }
        await demo.app.run(on: scripted)
        recorder?.finish(at: clock.now)
        if let outputError { throw outputError }
        if !options.frames { try StandardStreams.writeOutput(render(last, as: options.output, colorDepth: colorDepth)) }
        if let failure = recorder?.failure { throw DemoError(failure) }
        return 0
    }

    private static func runInTerminal(_ options: DemoOptions, timeline: ScriptTimeline?) async throws -> Int32 {
        // CURTAIN_RECORD and CURTAIN_SCREENSHOT, as in every program (App.run(programName:)),
        // next to --record: a path that cannot be used is refused before the terminal is taken.
        if let problem = EnvironmentRecording.problem() { throw DemoError(problem, exitStatus: 2) }
        if let record = options.record,
           let same = EnvironmentRecording.paths.first(where: { RecordingFile.path($0.path, namesTheSameFileAs: record) }) {
            throw DemoError("--record and \(same.variable) name the same file, \(MessageText.quoted(record)); give each its own",
                            exitStatus: 2)
        }
        let terminal: TerminalSession
        do {
            terminal = try TerminalSession(programName: "curtain-demo", alternative: "use --headless", colorDepth: options.colors)
        } catch let error as TerminalError {
            throw DemoError(error.message, exitStatus: 2)
        }
        var warnings: [String] = []
        defer {
            terminal.stop()
            for warning in warnings { StandardStreams.writeError("curtain-demo: warning: \(warning)\n") }
        }
        if let background = options.background { terminal.terminalColors = background }
        if let asked = options.colors, asked != terminal.colorDepth {
            // Fewer colours than the terminal has are always granted: it has fewer than asked.
            let term = getenv("TERM").map { String(cString: $0) } ?? ""
            warnings.append("--colors \(DemoArguments.name(of: asked)): TERM=\(MessageText.quoted(term)) shows \(DemoArguments.name(of: terminal.colorDepth))"
                + (asked == .trueColor ? " (24-bit colour needs a terminfo entry with RGB, such as xterm-direct from ncurses-term)" : ""))
        }
        let clock = SystemClock()
        let demo = DemoApp(clock: clock, motion: motion(options))
        var environmentRecording = EnvironmentRecording(app: demo.app)
        let recorder = try DemoRecordings.start(options, size: terminal.size, timestamp: Int(time(nil)),
                                                colorDepth: terminal.colorDepth, colors: terminal.terminalColors,
                                                headless: false)
        var toldRecordingStopped = false
        demo.app.addFrameObserver { frame, time in
            recorder?.record(frame, at: time)
            // A recording that stopped (the disk filled up) is said on screen at once, not only
            // after the program ends.
            if !toldRecordingStopped, let failure = recorder?.failure {
                toldRecordingStopped = true
                demo.scene.notify(failure, severity: .error, duration: 10)
            }
        }
        if let timeline {
            let scripted = ScriptedBackend(playing: timeline, over: terminal)
            scripted.isIdle = { !demo.scene.isAnimating }
            await demo.app.run(on: scripted)
            warnings += scripted.warnings
        } else {
            await demo.app.run(on: terminal)
        }
        // The answers still on their way are read before the terminal is given back.
        await terminal.finishAnswers()
        recorder?.finish(at: clock.now)
        warnings += environmentRecording.finish(app: demo.app)
        // Reported like headless runs report it, after the terminal is restored.
        if let failure = recorder?.failure { throw DemoError(failure) }
        return 0
    }
}
