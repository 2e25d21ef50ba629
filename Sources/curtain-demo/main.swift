import ArgumentParser
import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import Glibc

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
          Tab / S-Tab  focus the next / previous pane
          ←→ / ↑↓      move the vertical / horizontal split
          click        focus a pane; a click on a dimmed area closes its toast
          q, Ctrl-C    quit
        KEYS (a toast has focus)
          text         typed into the toast; Enter starts a new line
          Backspace    deletes; on an empty line removes it
          Esc          closes the toast
          Tab / S-Tab  focus another pane; the toast stays
          Ctrl-C       quit

        Ctrl-Z suspends the demo and fg brings it back. The terminal must be at least
        36×15. CURTAIN_REDUCE_MOTION=1 acts like --reduce-motion; NO_COLOR=1 draws
        without colours (dimming becomes the faint attribute).
        """)

    @Option(help: ArgumentHelp("Play a script of keys and text: a file, or 'tour'.", valueName: "file|tour"))
    var script: String?

    @Option(name: .customLong("print-script"), help: ArgumentHelp("Print a built-in script (tour) and exit.", valueName: "name"))
    var printScript: String?

    @Flag(help: "Run with no terminal on a manual clock and print the final screen.")
    var headless = false

    @Option(help: ArgumentHelp("Screen size for --headless.", valueName: "COLSxROWS"))
    var size: String = "80x24"

    @Option(help: ArgumentHelp("Headless output: text or ansi.", valueName: "text|ansi"))
    var output: String = "text"

    @Flag(help: "Headless: print every frame, each after a line with its time.")
    var frames = false

    @Option(help: ArgumentHelp("Record an asciicast v2 file.", valueName: "file.cast"))
    var record: String?

    @Flag(help: "Overwrite the --record file if it exists.")
    var force = false

    @Option(name: .customLong("typing-speed"), help: ArgumentHelp("Characters per second for a script's 'type'.", valueName: "cps"))
    var typingSpeed: Double = 12

    @Flag(name: .customLong("reduce-motion"), help: "Make transitions instant (the dim still applies).")
    var reduceMotion = false

    @Option(help: ArgumentHelp("Animation speed factor, 0.25 to 4 (2 = twice as fast).", valueName: "factor"))
    var speed: Double = 1

    func validate() throws {
        guard (0.25...4).contains(speed) else { throw ValidationError("--speed must be between 0.25 and 4, got \(speed)") }
        guard typingSpeed > 0, typingSpeed.isFinite else { throw ValidationError("--typing-speed must be a positive number") }
        guard DemoOptions.Output(rawValue: output) != nil else { throw ValidationError("--output must be 'text' or 'ansi', got '\(output)'") }
        guard parseSize(size) != nil else { throw ValidationError("--size must look like 80x24 (columns x rows, 1 to 1000), got '\(size)'") }
        if frames && !headless { throw ValidationError("--frames needs --headless") }
    }

    func run() throws {
        if let name = printScript {
            guard let text = BuiltInScripts.named(name) else {
                throw ValidationError("no built-in script '\(name)' (known: \(BuiltInScripts.names.joined(separator: ", ")))")
            }
            do {
                try StandardStreams.writeOutput(text.hasSuffix("\n") ? text : text + "\n")
            } catch {
                report(error)
                throw ExitCode(error.exitStatus)
            }
            return
        }
        var options = DemoOptions()
        options.script = script
        options.headless = headless
        options.size = parseSize(size)!
        options.output = DemoOptions.Output(rawValue: output)!
        options.frames = frames
        options.record = record
        options.force = force
        options.typingSpeed = typingSpeed
        options.reduceMotion = reduceMotion || getenv("CURTAIN_REDUCE_MOTION").map { String(cString: $0) == "1" } ?? false
        options.speed = speed
        options.noColor = ColorDepth.noColorRequested(by: getenv("NO_COLOR").map { String(cString: $0) })
        let status: Int32 = try MainActor.assumeIsolated {
            do {
                return try options.headless ? HeadlessDriver.run(options) : InteractiveDriver.run(options)
            } catch let error as DemoError {
                report(error)
                return error.exitStatus
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}

/// Prints `error` on standard error as one line starting with the program's name.
func report(_ error: DemoError) {
    guard !error.message.isEmpty else { return }
    let message = error.message.hasPrefix("curtain-demo") ? error.message : "curtain-demo: \(error.message)"
    StandardStreams.writeError(message + "\n")
}

func parseSize(_ text: String) -> Size? {
    let parts = text.split(separator: "x")
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...1000).contains(w), (1...1000).contains(h) else { return nil }
    return Size(width: w, height: h)
}

CurtainDemo.main()
