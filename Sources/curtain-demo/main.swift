import ArgumentParser
import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// `curtain-demo`: UIKit-style presentations in the terminal, interactive, scripted, headless
/// or recorded.
struct CurtainDemo: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "curtain-demo",
        abstract: "A grid of panes with toasts that slide in over a dimmed context and resize live.",
        discussion: """
        KEYS (a pane has focus)
          t            toast in the focused pane (focuses it again if it is up)
          T            toast over the whole screen
          m            full-screen modal (Esc closes it)
          n / N        a notification in the pane / over the screen (they stack)
          s / c        a sheet from the top / a card from the bottom of the pane
          Esc          closes the newest thing up in the focused pane (or the screen's)
          Tab / S-Tab  focus the next / previous pane
          ←→ / ↑↓      move the vertical / horizontal split
          click        focus a pane; a click on a dimmed area closes what dims it
          drag         drag a toast, notification, sheet or card away to close it
          q, Ctrl-C    quit
        KEYS (a toast has focus)
          text         typed at the caret; Enter starts a new line
          ←→↑↓         move the caret (Home, End; Ctrl/Alt-←→ by word)
          Backspace    deletes before the caret (Delete: after it)
          Esc          closes the toast
          Tab / S-Tab  focus another pane; the toast stays
          Ctrl-C       quit

        Ctrl-Z suspends the demo and fg brings it back. The terminal must be at least
        36×15. CURTAIN_REDUCE_MOTION=1 acts like --reduce-motion; NO_COLOR=1 draws
        without colours (dimming becomes the faint attribute) unless --colors says
        otherwise; CURTAIN_BACKGROUND acts like --background.
        """)

    // Every option is read as typed (strings, nil when absent) and checked by `DemoArguments`,
    // so that options without effect can be told from defaults and every mistake gets the
    // same one-line message. `.unconditional` takes the next word as the value even when it
    // starts with `-`, so `--speed -1` is "out of range", not "missing value".

    @Option(help: ArgumentHelp("Play a script of keys and text: a file, - for standard input, or 'tour'.", valueName: "file|tour"))
    var script: String?

    @Option(name: .customLong("print-script"), help: ArgumentHelp("Print a built-in script (tour) and exit; takes no other option.", valueName: "name"))
    var printScript: String?

    @Flag(help: "Run with no terminal on a manual clock and print the final screen.")
    var headless = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Screen size for --headless, 1x1 to 1000x1000 (default \(DemoArguments.defaultSize)).", valueName: "COLSxROWS"))
    var size: String?

    @Option(help: ArgumentHelp("Output for --headless: text or ansi (default text).", valueName: "text|ansi"))
    var output: String?

    @Flag(help: "With --headless: print every frame, each after a line with its time.")
    var frames = false

    @Option(help: ArgumentHelp("Record the run: an asciicast (.cast), an animated SVG (.svg) or GIF (.gif), or the last frame as a PNG (.png).", valueName: "file"))
    var record: String?

    @Option(help: ArgumentHelp("With --record to a picture: the font file (default DejaVu Sans Mono; CJK and emoji from Noto).", valueName: "file"))
    var font: String?

    @Option(name: .customLong("font-size"), parsing: .unconditional, help: ArgumentHelp("With --record to a picture: the font size, 8 to 72 pixels (default 16).", valueName: "px"))
    var fontSize: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("With --record to a picture: the margin around the cells, 0 to 200 pixels (default 12).", valueName: "px"))
    var padding: String?

    @Flag(name: .customLong("no-window-bar"), help: "With --record to a picture: no window bar.")
    var noWindowBar = false

    @Option(parsing: .unconditional, help: ArgumentHelp("With --record to a picture: at most this many frames a second, 1 to 100 (default 30).", valueName: "n"))
    var fps: String?

    @Option(name: .customLong("idle-limit"), parsing: .unconditional, help: ArgumentHelp("With --record to a picture: pauses longer than this are cut to it, in seconds, or none (default 3).", valueName: "seconds"))
    var idleLimit: String?

    @Flag(name: .customLong("no-loop"), help: "With --record to an SVG or GIF: play once, do not start over.")
    var noLoop = false

    @Flag(help: "With --record: overwrite the file if it exists.")
    var force = false

    @Option(name: .customLong("typing-speed"), parsing: .unconditional, help: ArgumentHelp("Typing speed for a script's 'type', \(typingRange) characters a second (default \(Int(ScriptTimeline.defaultTypingSpeed))).", valueName: "cps"))
    var typingSpeed: String?

    @Flag(name: .customLong("reduce-motion"), help: "Make transitions instant (the dim still applies).")
    var reduceMotion = false

    @Option(parsing: .unconditional, help: ArgumentHelp("Animation speed factor, 0.25 to 4 (2 = twice as fast; default 1).", valueName: "factor"))
    var speed: String?

    @Option(help: ArgumentHelp("The terminal's background: light, dark or #rrggbb (default: asked of the terminal; CURTAIN_BACKGROUND).", valueName: "light|dark|#rrggbb"))
    var background: String?

    @Option(help: ArgumentHelp("Colours to draw with: 8, 16, 256, truecolor or none (default: what the terminal has; headless truecolor).", valueName: "depth"))
    var colors: String?

    /// The options as typed, for `DemoArguments` to check.
    var arguments: DemoArguments {
        var arguments = DemoArguments()
        arguments.script = script
        arguments.printScript = printScript
        arguments.headless = headless
        arguments.size = size
        arguments.output = output
        arguments.frames = frames
        arguments.record = record
        arguments.force = force
        arguments.font = font
        arguments.fontSize = fontSize
        arguments.padding = padding
        arguments.noWindowBar = noWindowBar
        arguments.fps = fps
        arguments.idleLimit = idleLimit
        arguments.noLoop = noLoop
        arguments.typingSpeed = typingSpeed
        arguments.reduceMotion = reduceMotion
        arguments.speed = speed
        arguments.background = background
        arguments.colors = colors
        return arguments
    }
}

/// Runs the demo as `arguments` ask (ArgumentParser's own `run()` is never called: see
/// `runCommandLine()`).
@MainActor func execute(_ arguments: DemoArguments) async throws {
    let environmentReducesMotion = getenv("CURTAIN_REDUCE_MOTION").map { String(cString: $0) == "1" } ?? false

    switch try arguments.checked(environmentReducesMotion: environmentReducesMotion) {
    case .printScript(let text):
        try StandardStreams.writeOutput(text.hasSuffix("\n") ? text : text + "\n")
    case .run(var options):
        options.noColor = ColorDepth.noColorRequested(by: getenv("NO_COLOR").map { String(cString: $0) })
        if options.background == nil, let named = getenv("CURTAIN_BACKGROUND").map({ String(cString: $0) }), !named.isEmpty {
            options.background = TerminalColors(backgroundNamed: named)
            if options.background == nil {
                report("warning: CURTAIN_BACKGROUND \(MessageText.quoted(named)) is not a background (\(DemoArguments.backgroundHelp)); ignored")
            }
        }
        let status = try await DemoRunner.run(options)
        if status != 0 { throw ExitCode(status) }
    }
}

private let typingRange =
    "\(Int(ScriptTimeline.typingSpeedRange.lowerBound)) to \(Int(ScriptTimeline.typingSpeedRange.upperBound))"

/// Writes `message` as the one line `curtain-demo: …` on stderr, escaped: it may quote
/// anything the user typed or a file held.
@MainActor func report(_ message: String) {
    let line = message.hasPrefix("curtain-demo") ? message : "curtain-demo: \(message)"
    StandardStreams.writeError(MessageText.escaping(line) + "\n")
}

/// Runs the command. ArgumentParser's own `main()` would print its errors as `Error: …`, the
/// usage and a hint, and exit 64; every mistake here is one line and exit status 2 instead,
/// like a script error. `--help` still prints the help and exits 0.
@MainActor func runCommandLine() async -> Never {
    do {
        // With no arguments (how the demo is usually started) there is nothing to parse, and
        // the parser is not run: building its model of the options (reflection over every
        // option above) is code touched nowhere else, about 0.4 MiB of the demo's resident
        // pages (docs/PERFORMANCE.md, "An async `main` for every program", step 3). The defaults are
        // `DemoArguments()`'s either way.
        if CommandLine.arguments.count <= 1 {
            try await execute(DemoArguments())
            exit(0)
        }
        var parsed = try CurtainDemo.parseAsRoot()
        if let command = parsed as? CurtainDemo {
            try await execute(command.arguments)
        } else {
            try parsed.run() // ArgumentParser's own help command: throws the help request
        }
        exit(0)
    } catch let error as DemoError {
        if !error.message.isEmpty { report(error.message) }  // empty: already reported
        exit(error.exitStatus)
    } catch let exitCode as ExitCode {
        exit(exitCode.rawValue)
    } catch {
        if CurtainDemo.exitCode(for: error) == .success {
            // --help: the help on standard output, exit 0 — or 1 with a message when it cannot
            // be written (ArgumentParser's own printing would lose that error). Its arrows and
            // × become ASCII where the terminal's locale cannot show them.
            do {
                try StandardStreams.writeOutput(LocaleText.shown(CurtainDemo.fullMessage(for: error) + "\n"))
                exit(0)
            } catch {
                if !error.message.isEmpty { report(error.message) }
                exit(error.exitStatus)
            }
        }
        // ArgumentParser's messages start with a capital ("Unknown option '--bogus'").
        let message = CurtainDemo.message(for: error)
        report(message.prefix(1).lowercased() + message.dropFirst() + "; see curtain-demo --help")
        exit(DemoArguments.usageExitStatus)
    }
}

StaticUnwindTables.releaseAfterTheMainThreadExits()
await runCommandLine()
