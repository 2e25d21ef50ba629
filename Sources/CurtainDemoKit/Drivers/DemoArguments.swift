import CurtainLayout
import CurtainRecording
import CurtainScreen

/// The command line as typed, before it is checked: each option nil (or false) when it was
/// not given, so that options which only make sense together can be told apart from defaults.
///
/// ``checked(environmentReducesMotion:)`` turns it into what to do, or the first problem as a
/// one-line usage error (exit status 2): a value out of range or malformed, an option that
/// would have no effect without another one, or `--print-script` with options for a run.
package struct DemoArguments: Sendable {
    package var script: String?
    package var printScript: String?
    package var headless = false
    package var size: String?
    package var output: String?
    package var frames = false
    package var record: String?
    package var force = false
    package var typingSpeed: String?
    package var reduceMotion = false
    package var speed: String?
    package var background: String?
    package var colors: String?
    // How a picture recording is drawn (--record to .svg, .gif or .png).
    package var font: String?
    package var fontSize: String?
    package var padding: String?
    package var noWindowBar = false
    package var fps: String?
    package var idleLimit: String?
    package var noLoop = false

    package init() {}

    /// What a valid command line asks for.
    package enum Action: Sendable {
        /// Print this built-in script's text and exit.
        case printScript(text: String)
        /// Run the demo with these options.
        case run(DemoOptions)
    }

    /// Exit status of every command-line mistake, as for a script error: the user must fix
    /// what they typed.
    package static let usageExitStatus: Int32 = 2

    package static let speedRange: ClosedRange<Double> = 0.25...4
    package static let speedHelp = "use a factor from 0.25 to 4"
    package static let typingSpeedHelp =
        "use \(Int(ScriptTimeline.typingSpeedRange.lowerBound)) to \(Int(ScriptTimeline.typingSpeedRange.upperBound)) characters a second"
    package static let defaultSize = "80x24"
    package static let backgroundHelp = "use light, dark or a colour as #rrggbb"
    package static let colorsHelp = "use 8, 16, 256, truecolor or none"

    /// The colour depths `--colors` names.
    package static func colorDepth(named name: String) -> ColorDepth? {
        switch name.lowercased() {
        case "truecolor", "24bit": .trueColor
        case "256": .indexed256
        case "16": .ansi16
        case "8": .ansi8
        case "none", "0": .monochrome
        default: nil
        }
    }

    /// The name `--colors` gives `depth`.
    package static func name(of depth: ColorDepth) -> String {
        switch depth {
        case .trueColor: "truecolor"
        case .indexed256: "256"
        case .ansi16: "16"
        case .ansi8: "8"
        case .monochrome: "none"
        }
    }

    package func checked(environmentReducesMotion: Bool = false) throws(DemoError) -> Action {
        if let name = printScript {
            if let conflict = runOptionsGiven.first {
                throw usage("--print-script cannot be combined with \(conflict); --print-script only prints the script")
            }
            guard let text = BuiltInScripts.named(name) else {
                throw usage(
                    "no built-in script \(MessageText.quoted(name)); known: \(BuiltInScripts.names.joined(separator: ", "))")
            }
            return .printScript(text: text)
        }

        var options = DemoOptions()
        if let speed {
            options.speed = try Self.number(speed, option: "--speed", in: Self.speedRange, help: Self.speedHelp)
        }
        if let typingSpeed {
            options.typingSpeed = try Self.number(
                typingSpeed, option: "--typing-speed", in: ScriptTimeline.typingSpeedRange, help: Self.typingSpeedHelp)
        }
        if let size {
            switch ScriptParser.parseSize(size) {
            case .success(let parsed): options.size = Size(width: parsed.columns, height: parsed.rows)
            case .failure(let reason) where reason.message == ScriptParser.sizeRangeHint:
                throw usage("--size \(MessageText.escaping(size)) is out of range; \(ScriptParser.sizeRangeHint)")
            case .failure:
                throw usage("--size \(MessageText.quoted(size)) is not a size; use COLSxROWS in decimal digits, like 80x24")
            }
        }
        if let background {
            guard let colors = TerminalColors(backgroundNamed: background) else {
                throw usage("--background \(MessageText.quoted(background)) is not a background; \(Self.backgroundHelp)")
            }
            options.background = colors
        }
        if let colors {
            guard let depth = Self.colorDepth(named: colors) else {
                throw usage("--colors \(MessageText.quoted(colors)) is not a colour depth; \(Self.colorsHelp)")
            }
            options.colors = depth
        }
        if let output {
            guard let parsed = DemoOptions.Output(rawValue: output) else {
                throw usage("--output \(MessageText.quoted(output)) is not an output; use text or ansi")
            }
            options.output = parsed
        }

        let headlessOnly = [("--size", size != nil), ("--output", output != nil), ("--frames", frames)]
        if !headless, let (option, _) = headlessOnly.first(where: { $0.1 }) {
            throw usage("\(option) only applies with --headless; add --headless or drop \(option)")
        }
        if force && record == nil {
            throw usage("--force only applies with --record; add --record FILE or drop --force")
        }
        if let record, let other = Self.pictureFormatNotWritten(record) {
            // Any other name is an asciicast, but a name that asks for a picture or a video
            // of another kind got one silently, under a name no viewer opens.
            throw usage("--record \(MessageText.quoted(record)): the demo writes no .\(other); name a .gif, .svg, .png or .cast file")
        }
        try checkPictureOptions(into: &options.picture)
        if typingSpeed != nil && script == nil {
            throw usage("--typing-speed only applies with --script; add --script FILE or drop --typing-speed")
        }

        options.script = script
        options.headless = headless
        options.frames = frames
        options.record = record
        options.force = force
        options.reduceMotion = reduceMotion || environmentReducesMotion
        return .run(options)
    }

    /// The options given that only matter when the demo runs, in the order of `--help`.
    private var runOptionsGiven: [String] {
        [
            ("--script", script != nil), ("--headless", headless), ("--size", size != nil),
            ("--output", output != nil), ("--frames", frames), ("--record", record != nil), ("--force", force),
            ("--typing-speed", typingSpeed != nil), ("--reduce-motion", reduceMotion), ("--speed", speed != nil),
            ("--background", background != nil), ("--colors", colors != nil),
        ].filter(\.1).map(\.0) + pictureOptionsGiven
    }

    /// The picture options given, in the order of `--help`.
    private var pictureOptionsGiven: [String] {
        [
            ("--font", font != nil), ("--font-size", fontSize != nil), ("--padding", padding != nil),
            ("--no-window-bar", noWindowBar), ("--fps", fps != nil), ("--idle-limit", idleLimit != nil),
            ("--no-loop", noLoop),
        ].filter(\.1).map(\.0)
    }

    /// The extension of `path` when it names a picture or video format the demo does not
    /// write (`jpg`, `mp4`…), lowercased; nil for the formats it writes and for any other name.
    static func pictureFormatNotWritten(_ path: String) -> String? {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        let name = path[path.index(after: dot)...].lowercased()
        let others: Set = ["jpg", "jpeg", "webp", "avif", "heic", "bmp", "tif", "tiff", "apng", "mp4", "m4v", "webm", "mov", "mkv", "avi"]
        return others.contains(name) ? name : nil
    }

    /// Checks the picture options into `picture`; they need `--record` to a picture.
    private func checkPictureOptions(into picture: inout RecordingOptions) throws(DemoError) {
        if let first = pictureOptionsGiven.first {
            let format = record.flatMap { RecordingFormat(path: $0) }
            guard let format, format != .cast else {
                throw usage("\(first) only applies with --record to a .svg, .gif or .png file")
            }
        }
        if let font { picture.fontPaths = [font] }
        if let fontSize {
            picture.fontSize = Int(try Self.number(fontSize, option: "--font-size", in: 8...72, help: "use 8 to 72 pixels"))
        }
        if let padding {
            picture.padding = Int(try Self.number(padding, option: "--padding", in: 0...200, help: "use 0 to 200 pixels"))
        }
        if noWindowBar { picture.windowBar = false }
        if let fps { picture.maxFramesPerSecond = try Self.number(fps, option: "--fps", in: 1...100, help: "use 1 to 100 frames a second") }
        if let idleLimit {
            picture.idleTimeLimit = idleLimit == "none"
                ? nil : try Self.number(idleLimit, option: "--idle-limit", in: 0.1...3600, help: "use 0.1 to 3600 seconds, or none")
        }
        if noLoop { picture.loops = false }
    }

    /// A decimal number (`2`, `0.25`, `-1`) within `range`. Only plain decimals are taken:
    /// `Double.init` would also accept `nan`, `inf` and hexadecimal, which no one means here.
    private static func number(
        _ text: String, option: String, in range: ClosedRange<Double>, help: String
    ) throws(DemoError) -> Double {
        let digits = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let isDecimal =
            !digits.isEmpty && parts.allSatisfy { part in part.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
            && parts.contains { !$0.isEmpty }
        guard isDecimal, let value = Double(text) else {
            throw usage("\(option) \(MessageText.quoted(text)) is not a number; \(help)")
        }
        guard range.contains(value) else { throw usage("\(option) \(text) is out of range; \(help)") }
        return value
    }
}

private func usage(_ message: String) -> DemoError {
    DemoError(message, exitStatus: DemoArguments.usageExitStatus)
}
