import Testing

@testable import CurtainDemoKit

// The demo's command-line reader on its own (the built binary's messages and exit statuses:
// CommandLineUsageTests).
@Suite("The demo's command line")
struct DemoCommandLineTests {
    /// The arguments `words` read to, or the test fails.
    func read(_ words: [String]) throws -> DemoArguments {
        switch try DemoCommandLine.read(words) {
        case .arguments(let arguments): return arguments
        case .help: throw DemoError("read as a request for help: \(words)")
        }
    }

    /// The message of the usage error `words` give (exit status 2), or nil.
    func mistake(_ words: [String]) -> String? {
        do {
            _ = try DemoCommandLine.read(words)
            return nil
        } catch {
            #expect(error.exitStatus == DemoArguments.usageExitStatus)
            return error.message
        }
    }

    @Test("no words: every option absent, as DemoArguments() has them")
    func nothing() throws {
        let arguments = try read([])
        #expect(arguments.script == nil && arguments.record == nil && arguments.speed == nil)
        #expect(!arguments.headless && !arguments.force && !arguments.noLoop)
    }

    @Test("a value follows its option, or is attached with =")
    func values() throws {
        let spaced = try read(["--script", "tour", "--record", "a b.gif", "--headless", "--colors", "256"])
        #expect(spaced.script == "tour")
        #expect(spaced.record == "a b.gif")
        #expect(spaced.headless)
        #expect(spaced.colors == "256")
        let attached = try read(["--size=40x15", "--background=#102030", "--record=x=y.svg"])
        #expect(attached.size == "40x15")
        #expect(attached.background == "#102030")
        #expect(attached.record == "x=y.svg")  // the first = ends the name
        #expect(try read(["--output="]).output == "")  // checked later, as any other value
    }

    @Test("every flag sets its own field")
    func flags() throws {
        let arguments = try read(["--headless", "--frames", "--force", "--no-window-bar", "--no-loop", "--reduce-motion"])
        #expect(arguments.headless && arguments.frames && arguments.force)
        #expect(arguments.noWindowBar && arguments.noLoop && arguments.reduceMotion)
        #expect(mistake(["--force=yes"]) == "'--force' takes no value")
    }

    @Test("a value may start with one -, not with --")
    func dashedValues() throws {
        let numbers = try read(["--speed", "-1", "--typing-speed", "-5", "--size", "-1x10", "--padding", "-2",
                                "--fps", "-3", "--font-size", "-4", "--idle-limit", "-6"])
        #expect(numbers.speed == "-1")
        #expect(numbers.typingSpeed == "-5")
        #expect(numbers.size == "-1x10")
        #expect(numbers.padding == "-2")
        #expect(numbers.fps == "-3")
        #expect(numbers.fontSize == "-4")
        #expect(numbers.idleLimit == "-6")
        #expect(try read(["--script", "-"]).script == "-")
        #expect(try read(["--record", "-x.gif"]).record == "-x.gif")
        #expect(mistake(["--record", "--headles"]) == "missing value for '--record <file>'")  // a typo is no file name
        #expect(try read(["--record=--x.gif"]).record == "--x.gif")
        #expect(mistake(["--record", "--headless"]) == "missing value for '--record <file>'")
        #expect(mistake(["--speed", "--size=3x3"]) == "missing value for '--speed <factor>'")
        #expect(mistake(["--speed", "--"]) == "missing value for '--speed <factor>'")
        #expect(mistake(["--speed"]) == "missing value for '--speed <factor>'")
    }

    @Test("an option given twice keeps its last value")
    func lastWins() throws {
        #expect(try read(["--speed", "2", "--speed", "3"]).speed == "3")
    }

    @Test("unknown options, arguments and everything after -- are refused by name")
    func refusals() {
        #expect(mistake(["--bogus"]) == "unknown option '--bogus'")
        #expect(mistake(["--bogus=1"]) == "unknown option '--bogus'")
        #expect(mistake(["-x"]) == "unknown option '-x'")
        #expect(mistake(["tour"]) == "unexpected argument 'tour'")
        #expect(mistake(["-"]) == "unexpected argument '-'")
        #expect(mistake(["--", "--headless"]) == "unexpected argument '--headless'")
        #expect(mistake(["--headless", "--"]) == nil)
    }

    @Test("-h, --help anywhere, or help alone, ask for the help")
    func helpRequests() throws {
        for words in [["-h"], ["--help"], ["help"], ["--headless", "--help"], ["--bogus", "-h"]] {
            guard case .help = try DemoCommandLine.read(words) else {
                Issue.record("\(words) did not ask for the help")
                continue
            }
        }
        #expect(mistake(["help", "--headless"]) == "unexpected argument 'help'")
        // After --, -h is an argument like any other; --help takes no value.
        #expect(mistake(["--", "-h"]) == "unexpected argument '-h'")
        #expect(mistake(["--help=yes"]) == "'--help' takes no value")
        #expect(mistake(["-h=1"]) == "'-h' takes no value")
    }

    @Test("the help names every option with its value, within 80 columns")
    func helpText() {
        let help = DemoCommandLine.help
        for option in DemoCommandLine.options {
            var label = "--" + option.name
            if case .value(let valueName, _) = option.kind { label += " <\(valueName)>" }
            #expect(help.contains("  " + label), "\(label) missing from the help")
        }
        #expect(help.contains("-h, --help"))
        let widest = help.split(separator: "\n").map(\.count).max() ?? 0
        #expect(widest <= 80, "a help line is \(widest) columns")
        // Every option is listed once, in the table's order.
        let listed = help.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("  --") else { return nil }
            return String(line.dropFirst(4).prefix { $0 != " " && $0 != "\n" })
        }
        #expect(listed == DemoCommandLine.options.map(\.name))
    }
}
