import Foundation
import Testing

// How `curtain-demo` answers a command line it cannot run: like a script or terminal error,
// one line `curtain-demo: <what is wrong>; <how to fix>` on stderr and exit status 2. Runs the
// built binary (`DemoCLI`).

/// A command line and the exact stderr line it must produce.
struct UsageCase: CustomTestStringConvertible, Sendable {
    var arguments: [String]
    var message: String
    init(_ arguments: [String], _ message: String) {
        self.arguments = arguments
        self.message = message
    }
    var testDescription: String { arguments.joined(separator: " ") }
}

private let speedRange = "use a factor from 0.25 to 4"
private let typingRange = "use 1 to 1000 characters a second"
private let sizeFormat = "use COLSxROWS in decimal digits, like 80x24"
private let sizeRange = "columns and rows must be whole numbers from 1 to 1000"

@Suite("Command-line usage errors")
struct CommandLineUsageTests {
    static let unknownOrMalformed: [UsageCase] = [
        UsageCase(["--bogus"], "unknown option '--bogus'; see curtain-demo --help"),
        UsageCase(["--headless", "--speed"], "missing value for '--speed <factor>'; see curtain-demo --help"),
        UsageCase(["extra"], "unexpected argument 'extra'; see curtain-demo --help"),
        // Text from the command line is escaped like script text.
        UsageCase(["--bo\u{1B}]0;PWNED\u{7}"], "unknown option '--bo␛]0;PWNED␇'; see curtain-demo --help"),
    ]

    static let badValues: [UsageCase] = [
        UsageCase(["--headless", "--output", "html"], "--output 'html' is not an output; use text or ansi"),
        UsageCase(["--speed", "5"], "--speed 5 is out of range; \(speedRange)"),
        UsageCase(["--speed", "0.1"], "--speed 0.1 is out of range; \(speedRange)"),
        UsageCase(["--speed", "-1"], "--speed -1 is out of range; \(speedRange)"),
        UsageCase(["--speed", "fast"], "--speed 'fast' is not a number; \(speedRange)"),
        UsageCase(["--speed", "nan"], "--speed 'nan' is not a number; \(speedRange)"),
        UsageCase(["--script", "tour", "--typing-speed", "-5"], "--typing-speed -5 is out of range; \(typingRange)"),
        UsageCase(["--script", "tour", "--typing-speed", "0.5"], "--typing-speed 0.5 is out of range; \(typingRange)"),
        UsageCase(["--script", "tour", "--typing-speed", "0.01"], "--typing-speed 0.01 is out of range; \(typingRange)"),
        UsageCase(["--script", "tour", "--typing-speed", "5000"], "--typing-speed 5000 is out of range; \(typingRange)"),
        UsageCase(["--headless", "--size", "0x0"], "--size 0x0 is out of range; \(sizeRange)"),
        UsageCase(["--headless", "--size", "1001x10"], "--size 1001x10 is out of range; \(sizeRange)"),
        UsageCase(["--headless", "--size", "-1x10"], "--size '-1x10' is not a size; \(sizeFormat)"),
        UsageCase(["--headless", "--size", "80x24x"], "--size '80x24x' is not a size; \(sizeFormat)"),
        UsageCase(["--headless", "--size", "80xx24"], "--size '80xx24' is not a size; \(sizeFormat)"),
        UsageCase(["--headless", "--size", "x80x24"], "--size 'x80x24' is not a size; \(sizeFormat)"),
        UsageCase(["--headless", "--size", "+80x24"], "--size '+80x24' is not a size; \(sizeFormat)"),
        UsageCase(["--headless", "--size", "80X24"], "--size '80X24' is not a size; \(sizeFormat)"),
        UsageCase(["--print-script", "nope"], "no built-in script 'nope'; known: tour"),
        UsageCase(["--headless", "--record", "t.gif", "--font-size", "4"], "--font-size 4 is out of range; use 8 to 72 pixels"),
        UsageCase(["--headless", "--record", "t.svg", "--fps", "0"], "--fps 0 is out of range; use 1 to 100 frames a second"),
        UsageCase(["--headless", "--record", "t.gif", "--idle-limit", "soon"],
                  "--idle-limit 'soon' is not a number; use 0.1 to 3600 seconds, or none"),
        UsageCase(["--headless", "--record", "t.png", "--padding", "-1"], "--padding -1 is out of range; use 0 to 200 pixels"),
        UsageCase(["--headless", "--record", "t.gif", "--font", "/no-such-font-curtain.ttf"],
                  "cannot read the font '/no-such-font-curtain.ttf': no such file or directory"),
        UsageCase(["--headless", "--record", "t.png", "--font", "/"], "cannot read the font '/': is a directory"),
        UsageCase(["--headless", "--record", "shot.JPG"], "--record 'shot.JPG': the demo writes no .jpg; name a .gif, .svg, .png or .cast file"),
        UsageCase(["--record", "tour.mp4"], "--record 'tour.mp4': the demo writes no .mp4; name a .gif, .svg, .png or .cast file"),
    ]

    static let optionsWithoutEffect: [UsageCase] = [
        UsageCase(["--frames"], "--frames only applies with --headless; add --headless or drop --frames"),
        UsageCase(["--size", "80x24"], "--size only applies with --headless; add --headless or drop --size"),
        UsageCase(["--output", "ansi"], "--output only applies with --headless; add --headless or drop --output"),
        UsageCase(["--headless", "--force"], "--force only applies with --record; add --record FILE or drop --force"),
        UsageCase(["--headless", "--font-size", "20"], "--font-size only applies with --record to a .svg, .gif or .png file"),
        UsageCase(["--headless", "--record", "t.cast", "--no-loop"], "--no-loop only applies with --record to a .svg, .gif or .png file"),
        UsageCase(["--print-script", "tour", "--font", "x.ttf"],
                  "--print-script cannot be combined with --font; --print-script only prints the script"),
        UsageCase(["--headless", "--typing-speed", "20"],
                  "--typing-speed only applies with --script; add --script FILE or drop --typing-speed"),
        UsageCase(["--print-script", "tour", "--headless"],
                  "--print-script cannot be combined with --headless; --print-script only prints the script"),
        UsageCase(["--script", "tour", "--print-script", "tour"],
                  "--print-script cannot be combined with --script; --print-script only prints the script"),
        UsageCase(["--print-script", "tour", "--record", "t.cast"],
                  "--print-script cannot be combined with --record; --print-script only prints the script"),
        UsageCase(["--print-script", "tour", "--speed", "2"],
                  "--print-script cannot be combined with --speed; --print-script only prints the script"),
        UsageCase(["--print-script", "tour", "--reduce-motion"],
                  "--print-script cannot be combined with --reduce-motion; --print-script only prints the script"),
    ]

    @Test("a usage error is one line on stderr and exit status 2",
          arguments: unknownOrMalformed + badValues + optionsWithoutEffect)
    func usageError(_ usage: UsageCase) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let result = try DemoCLI.run(usage.arguments, in: scratch)
        #expect(result.status == 2)
        #expect(result.stderr == "curtain-demo: \(usage.message)\n")
        #expect(result.stdout.count == 0, "stdout begins: \(result.text.prefix(80))")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.cast")))
    }

    @Test("--help prints help on stdout, exit 0, with the ranges of --speed, --typing-speed and --size")
    func help() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let result = try DemoCLI.run(["--help"], in: scratch)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let help = result.text.split(separator: "\n").joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(help.contains("USAGE: curtain-demo"))
        #expect(help.contains("0.25 to 4"))
        #expect(help.contains("1 to 1000 characters a second"))
        #expect(help.contains("1x1 to 1000x1000"))
    }

    @Test("a picture too large to draw is refused before the run, with nothing on stdout and no file")
    func pictureTooLarge() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        for format in ["png", "gif"] {
            let result = try DemoCLI.run(["--headless", "--size", "1000x1000", "--record", "t.\(format)"], in: scratch)
            #expect(result.status == 2)
            #expect(result.stdout.count == 0, "stdout begins: \(result.text.prefix(80))")
            #expect(result.stderr.hasPrefix("curtain-demo: cannot draw the recording: 1000x1000 cells would be "))
            #expect(result.stderr.hasSuffix("(at most 16 million); use a smaller font size or screen\n"))
            #expect(!FileManager.default.fileExists(atPath: scratch.file("t.\(format)")))
        }
        // An SVG has no such bound.
        let svg = try DemoCLI.run(["--headless", "--size", "300x100", "--record", "t.svg"], in: scratch)
        #expect(svg.status == 0, "\(svg.stderr)")
    }

    @Test("values at the edges of each range are accepted")
    func edgesOfRanges() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try scratch.write("s.txt", Array("type ab\n".utf8))
        for arguments in [
            ["--headless", "--script", "s.txt", "--typing-speed", "1", "--speed", "0.25", "--size", "1x1"],
            ["--headless", "--script", "s.txt", "--typing-speed", "1000", "--speed", "4", "--size", "1000x1000"],
            ["--headless", "--output", "ansi", "--record", "t.cast", "--force", "--size", "40x15"],
        ] {
            let result = try DemoCLI.run(arguments, in: scratch)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            #expect(result.stderr.isEmpty, "\(arguments)")
        }
        let printed = try DemoCLI.run(["--print-script", "tour"], in: scratch)
        #expect(printed.status == 0)
        #expect(printed.text.contains("key t"))
    }
}
