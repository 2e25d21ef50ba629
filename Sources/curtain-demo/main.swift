import CurtainDemoKit
import CurtainLayout
import CurtainScreen
import CurtainPlatform
import CurtainTerminal

/// Runs the demo as `arguments` ask.
@MainActor func execute(_ arguments: DemoArguments) async throws {
    let environmentReducesMotion = getenv("CURTAIN_REDUCE_MOTION").map { String(cString: $0) == "1" } ?? false

    switch try arguments.checked(environmentReducesMotion: environmentReducesMotion) {
    case .printScript(let text):
        try StandardStreams.writeOutput(text.hasSuffix("\n") ? text : text + "\n")
    case .run(var options):
        options.noColor = ColorDepth.noColorRequested(by: getenv("NO_COLOR").map { String(cString: $0) })
        if options.background == nil, let named = getenv("CURTAIN_BACKGROUND").map({ String(cString: $0) }), !named.isEmpty {
            options.background = TerminalColors(backgroundNamed: named)
            if let warning = TerminalColorsGuess.environmentWarning() { report(warning) }
        }
        let status = try await DemoRunner.run(options)
        if status != 0 { exit(status) }
    }
}

/// Writes `message` as the one line `curtain-demo: …` on stderr, escaped: it may quote
/// anything the user typed or a file held. What the escaping shows with symbols (␛) is written
/// in ASCII where the locale has no Unicode (`<U+241B>`).
@MainActor func report(_ message: String) {
    let line = message.hasPrefix("curtain-demo") ? message : "curtain-demo: \(message)"
    StandardStreams.writeError(LocaleText.shown(MessageText.escaping(line)) + "\n")
}

/// Runs the command line: every mistake is one line on stderr and exit status 2, like a script
/// error; `--help` prints the help and exits 0.
@MainActor func runCommandLine() async -> Never {
    let request: DemoCommandLine.Request
    do {
        request = try DemoCommandLine.read(Array(CommandLine.arguments.dropFirst()))
    } catch {
        report(error.message + "; see curtain-demo --help")
        exit(error.exitStatus)
    }
    do {
        switch request {
        case .arguments(let arguments):
            try await execute(arguments)
        case .help:
            // Its arrows and × become ASCII where the terminal's locale cannot show them.
            try StandardStreams.writeOutput(LocaleText.shown(DemoCommandLine.help))
        }
        exit(0)
    } catch let error as DemoError {
        if !error.message.isEmpty { report(error.message) }  // empty: already reported
        exit(error.exitStatus)
    } catch {
        report(String(describing: error))
        exit(1)
    }
}

StaticUnwindTables.releaseAfterTheMainThreadExits()
await runCommandLine()
