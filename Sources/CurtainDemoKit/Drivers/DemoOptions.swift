import CurtainLayout
import CurtainRecording
import CurtainScreen

/// Everything the command line decides, checked by ``DemoArguments``.
package struct DemoOptions: Sendable {
    package enum Output: String, Sendable { case text, ansi }

    /// A script file path or the name of a built-in script (`tour`).
    package var script: String?
    package var headless = false
    /// Headless screen size.
    package var size = Size(width: 80, height: 24)
    package var output: Output = .text
    /// Headless: print every produced frame instead of only the last.
    package var frames = false
    package var record: String?
    package var force = false
    package var typingSpeed = ScriptTimeline.defaultTypingSpeed
    package var reduceMotion = false
    /// `NO_COLOR` asks for no colours: headless output and recordings show none, and the dim
    /// as faint, like the terminal does (which reads `NO_COLOR` itself).
    package var noColor = false
    package var speed = 1.0
    /// The terminal's colours as the user gave them (`--background`, else `CURTAIN_BACKGROUND`):
    /// the theme follows them, and headless output and recordings show them. Nil: what the
    /// terminal says, or dark when there is none.
    package var background: TerminalColors?
    /// The colour depth the user asked for (`--colors`), over what the terminal reports and
    /// over `NO_COLOR`. Nil: the terminal's, or true colour headless (none with `NO_COLOR`).
    package var colors: ColorDepth?
    /// How a picture recording (`--record` to .svg, .gif or .png) is drawn; its depth and theme
    /// are the run's.
    package var picture = RecordingOptions()

    /// The colour depth headless output and recordings are drawn at.
    var headlessColorDepth: ColorDepth { colors ?? (noColor ? .monochrome : .trueColor) }

    package init() {}
}

/// An error the command line reports in one line, with the exit status it deserves. An empty
/// message prints nothing (the status alone tells what happened).
package struct DemoError: Error, CustomStringConvertible, Sendable {
    package var message: String
    package var exitStatus: Int32
    package init(_ message: String, exitStatus: Int32 = 1) {
        self.message = message
        self.exitStatus = exitStatus
    }
    package var description: String { message }
}

extension DemoOptions {
    /// Loads the script named by ``script``: a built-in name or a file. Parse errors carry
    /// file:line:column and nothing runs.
    func loadTimeline() throws -> ScriptTimeline? {
        guard let script else { return nil }
        let parsed: Script
        do {
            if let builtIn = BuiltInScripts.named(script) {
                parsed = try Script.parse(builtIn, fileName: script)
            } else {
                parsed = try Script.load(path: script)
            }
        } catch {
            throw DemoError(error.description, exitStatus: 2)
        }
        return ScriptTimeline(script: parsed, typingSpeed: typingSpeed)
    }
}
