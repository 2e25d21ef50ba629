import CurtainLayout

/// The demo's command line read into ``DemoArguments`` (every value as typed, checked later by
/// ``DemoArguments/checked(environmentReducesMotion:)``), and its `--help`.
///
/// Hand-written rather than on swift-argument-parser: the parser brings FoundationEssentials
/// into the static demo, and with it 1.9 MiB of resident pages and a third of the start-up's
/// instructions (the runtime's conformance scans walk every record linked in), though the
/// demo's command line is a flat list of long options whose values are checked elsewhere
/// anyway (docs/PERFORMANCE.md, "Start-up and memory without swift-argument-parser").
package enum DemoCommandLine {
    /// What the words after the program's name ask for.
    package enum Request: Sendable {
        /// Run (or print a script) with these options, still to be checked.
        case arguments(DemoArguments)
        /// Print ``help`` and exit 0.
        case help
    }

    /// Reads `words` (the command line without the program's name). Throws the first mistake
    /// as a usage error (exit status 2) in the form `unknown option '--x'`, without the hint
    /// that points at `--help` (the caller adds it).
    ///
    /// - `--name value` and `--name=value`. The word after an option is its value unless it
    ///   starts with `--` or is `-h` (`--record --headless` misses a value, and a mistyped
    ///   option is not taken for a file's name), so values may start with one `-`: `--speed -1`
    ///   is then "out of range", `--record -x.gif` a file's name, `--script -` standard input.
    /// - `-h` or `--help` anywhere before `--`, or `help` as the only word, ask for the help.
    /// - After `--` every word is an argument, and the demo takes none.
    /// - An option given twice keeps its last value.
    package static func read(_ words: [String]) throws(DemoError) -> Request {
        if words == ["help"] || words.prefix(while: { $0 != "--" }).contains(where: isHelp) { return .help }
        var arguments = DemoArguments()
        var index = words.startIndex
        var onlyArguments = false
        while index < words.endIndex {
            let word = words[index]
            index += 1
            guard !onlyArguments, word.hasPrefix("-"), word != "-" else {
                throw usage("unexpected argument \(MessageText.quoted(word))")
            }
            if word == "--" {
                onlyArguments = true
                continue
            }
            let (name, attached) = split(word)
            if isHelp(String(name)) { throw usage("\(MessageText.quoted(String(name))) takes no value") }
            guard let option = option(named: name) else {
                throw usage("unknown option \(MessageText.quoted(String(name)))")
            }
            switch option.kind {
            case .flag(let set):
                if attached != nil {
                    throw usage("\(MessageText.quoted(String(name))) takes no value")
                }
                set(&arguments)
            case .value(let valueName, let set):
                var value = attached
                if value == nil, index < words.endIndex, !isOption(words[index]) {
                    value = words[index]
                    index += 1
                }
                guard let value else {
                    throw usage("missing value for '--\(option.name) <\(valueName)>'")
                }
                set(&arguments, value)
            }
        }
        return .arguments(arguments)
    }

    /// `--name=value` as the name and the value; a word without `=` as itself and nil.
    private static func split(_ word: String) -> (name: Substring, value: String?) {
        guard let equals = word.firstIndex(of: "=") else { return (word[...], nil) }
        return (word[..<equals], String(word[word.index(after: equals)...]))
    }

    private static func isHelp(_ word: String) -> Bool { word == "-h" || word == "--help" }

    /// Whether `word` reads as an option (a long one, `--`, or `-h`): a word an option does not
    /// take as its value.
    private static func isOption(_ word: String) -> Bool {
        word.hasPrefix("--") || isHelp(String(split(word).name))
    }

    private static func option(named name: Substring) -> Option? {
        options.first { "--" + $0.name == name }
    }

    /// The text `--help` prints: what the demo is, its keys, and each option.
    package static var help: String {
        var text = wrapped("OVERVIEW: " + overview, width: 80).joined(separator: "\n") + "\n\n" + keys + "\n\nUSAGE: curtain-demo [options]\n\nOPTIONS:\n"
        let labelWidth = 22
        for option in options + [Option(name: "help", help: "Show this help and exit.") { _ in }] {
            var label = option.name == "help" ? "-h, --help" : "--" + option.name
            if case .value(let valueName, _) = option.kind { label += " <\(valueName)>" }
            let lines = wrapped(option.help, width: 80 - labelWidth - 4)
            if label.count > labelWidth {
                text += "  \(label)\n"
                text += lines.map { String(repeating: " ", count: labelWidth + 4) + $0 + "\n" }.joined()
            } else {
                for (number, line) in lines.enumerated() {
                    let left = number == 0 ? label : ""
                    text += "  " + left + String(repeating: " ", count: labelWidth + 2 - left.count) + line + "\n"
                }
            }
        }
        return text
    }

    // MARK: - The options

    /// One long option: a flag, or one that takes a value.
    struct Option: Sendable {
        enum Kind: Sendable {
            case flag(@Sendable (inout DemoArguments) -> Void)
            case value(name: String, @Sendable (inout DemoArguments, String) -> Void)
        }
        var name: String
        var kind: Kind
        var help: String

        init(name: String, help: String, set: @escaping @Sendable (inout DemoArguments) -> Void) {
            self.name = name
            self.kind = .flag(set)
            self.help = help
        }

        init(name: String, value: String, help: String,
             set: @escaping @Sendable (inout DemoArguments, String) -> Void) {
            self.name = name
            self.kind = .value(name: value, set)
            self.help = help
        }
    }

    /// Every option, in the order `--help` lists them.
    static let options: [Option] = [
        Option(name: "script", value: "file|tour",
               help: "Play a script of keys and text: a file, - for standard input, or 'tour'.") { $0.script = $1 },
        Option(name: "print-script", value: "name",
               help: "Print a built-in script (tour) and exit; takes no other option.") { $0.printScript = $1 },
        Option(name: "headless",
               help: "Run with no terminal on a manual clock and print the final screen.") { $0.headless = true },
        Option(name: "size", value: "COLSxROWS",
               help: "Screen size for --headless, 1x1 to 1000x1000 (default \(DemoArguments.defaultSize)).") { $0.size = $1 },
        Option(name: "output", value: "text|ansi",
               help: "Output for --headless: text or ansi (default text).") { $0.output = $1 },
        Option(name: "frames",
               help: "With --headless: print every frame, each after a line with its time.") { $0.frames = true },
        Option(name: "record", value: "file",
               help: "Record the run: an asciicast (.cast), an animated SVG (.svg) or GIF (.gif), or the last frame as a PNG (.png).") { $0.record = $1 },
        Option(name: "font", value: "file",
               help: "With --record to a picture: the font file (default DejaVu Sans Mono; CJK and emoji from Noto).") { $0.font = $1 },
        Option(name: "font-size", value: "px",
               help: "With --record to a picture: the font size, 8 to 72 pixels (default 16).") { $0.fontSize = $1 },
        Option(name: "padding", value: "px",
               help: "With --record to a picture: the margin around the cells, 0 to 200 pixels (default 12).") { $0.padding = $1 },
        Option(name: "no-window-bar",
               help: "With --record to a picture: no window bar.") { $0.noWindowBar = true },
        Option(name: "fps", value: "n",
               help: "With --record to a picture: at most this many frames a second, 1 to 100 (default 30).") { $0.fps = $1 },
        Option(name: "idle-limit", value: "seconds",
               help: "With --record to a picture: pauses longer than this are cut to it, in seconds, or none (default 3).") { $0.idleLimit = $1 },
        Option(name: "no-loop",
               help: "With --record to an SVG or GIF: play once, do not start over.") { $0.noLoop = true },
        Option(name: "force",
               help: "With --record: overwrite the file if it exists.") { $0.force = true },
        Option(name: "typing-speed", value: "cps",
               help: "Typing speed for a script's 'type', \(typingRange) characters a second (default \(Int(ScriptTimeline.defaultTypingSpeed))).") { $0.typingSpeed = $1 },
        Option(name: "reduce-motion",
               help: "Make transitions instant (the dim still applies).") { $0.reduceMotion = true },
        Option(name: "speed", value: "factor",
               help: "Animation speed factor, 0.25 to 4 (2 = twice as fast; default 1).") { $0.speed = $1 },
        Option(name: "background", value: "light|dark|#rrggbb",
               help: "The terminal's background: light, dark or #rrggbb (default: asked of the terminal; CURTAIN_BACKGROUND).") { $0.background = $1 },
        Option(name: "colors", value: "depth",
               help: "Colours to draw with: 8, 16, 256, truecolor or none (default: what the terminal has; headless truecolor).") { $0.colors = $1 },
    ]

    private static let typingRange =
        "\(Int(ScriptTimeline.typingSpeedRange.lowerBound)) to \(Int(ScriptTimeline.typingSpeedRange.upperBound))"

    private static let overview = "A grid of panes with toasts that slide in over a dimmed context and resize live."

    private static let keys = """
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
        """

    private static func usage(_ message: String) -> DemoError {
        DemoError(message, exitStatus: DemoArguments.usageExitStatus)
    }

    /// `text` broken at spaces into lines of at most `width` characters (a longer word stays
    /// whole on its own line). The help is ASCII and the arrows of ``keys``, one column each.
    private static func wrapped(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}
