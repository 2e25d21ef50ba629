import Foundation
import Testing

// The screen a plain `--headless` run prints is the screen at the script's end: the last frame
// `--frames` prints, cell for cell, though the plain run jumps over the clock's idle ticks.

/// A script of notifications, toasts and waits that outlast them.
struct FinalScreenCase: CustomTestStringConvertible, Sendable {
    var name: String
    var script: String
    var size: String

    var testDescription: String { "\(name) at \(size)" }

    static let all: [FinalScreenCase] = [
        // The tester's case: the notification goes at 4 s, the run ends at 10 s.
        FinalScreenCase(name: "a screen notification outwaited", script: "key N\nwait 10s\n", size: "80x24"),
        FinalScreenCase(name: "a pane notification outwaited by a minute", script: "key n\nwait 60s\n", size: "80x24"),
        FinalScreenCase(name: "a screen notification outwaited", script: "key N\nwait 10s\n", size: "36x15"),
        // Folded ones come back as room frees, each for its own 4 s.
        FinalScreenCase(name: "three stacked notifications",
                        script: "key n\nwait 500ms\nkey n\nwait 500ms\nkey n\nwait 20s\n", size: "36x15"),
        // Ends while the second of three is up and the first is folded.
        FinalScreenCase(name: "a stack that ends half gone",
                        script: "key n\nwait 500ms\nkey n\nwait 500ms\nkey n\nwait 7s\n", size: "36x15"),
        // A toast stays (it has the focus); notifications in its pane and on the screen go.
        FinalScreenCase(name: "a toast and notifications",
                        script: "key N\nwait 2s\nkey n\nwait 2500ms\nkey Tab\nkey n\nwait 1s\nkey t\ntype hi\nwait 3s\nkey Esc\nwait 4s\n",
                        size: "80x24"),
    ]
}

@Suite("Headless final screen", .serialized, .enabled(if: DemoBinary.isAvailable, "needs the built curtain-demo"))
struct FinalScreenTests {
    /// The last frame of a `--frames` run: what follows its last header.
    static func lastFrame(of framesOutput: String) throws -> String {
        let parts = framesOutput.components(separatedBy: "--- frame ")
        let last = try #require(parts.last, "no frame in:\n\(framesOutput)")
        return String(try #require(last.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).last))
    }

    @Test(arguments: FinalScreenCase.all)
    func thePlainOutputIsTheLastFrame(_ example: FinalScreenCase) throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let script = try scratch.write("script.txt", Array(example.script.utf8))
        let plain = try DemoCLI.run(["--headless", "--size", example.size, "--script", script], in: scratch)
        let frames = try DemoCLI.run(["--headless", "--size", example.size, "--script", script, "--frames"], in: scratch)
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        #expect(frames.status == 0, "stderr: \(frames.stderr)")
        let printed = TextScreen(plain.text), last = TextScreen(try Self.lastFrame(of: frames.text))
        #expect(printed.rows.count == last.rows.count)
        for y in last.rows.indices {
            let width = max(y < printed.rows.count ? printed.rows[y].count : 0, last.rows[y].count)
            #expect(printed.text(x: 0, y: y, count: width) == last.text(x: 0, y: y, count: width),
                    "row \(y) differs; printed:\n\(plain.text)\nlast frame:\n\(last.rows.map { $0.joined() }.joined(separator: "\n"))")
        }
    }

    /// `--output ansi` prints the same last frame as `--frames --output ansi`, colours and all.
    @Test func theAnsiOutputIsTheLastFrame() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let script = try scratch.write("script.txt", Array("key n\nwait 60s\n".utf8))
        let plain = try DemoCLI.run(["--headless", "--output", "ansi", "--script", script], in: scratch)
        let frames = try DemoCLI.run(["--headless", "--output", "ansi", "--script", script, "--frames"], in: scratch)
        #expect(plain.status == 0 && frames.status == 0, "stderr: \(plain.stderr) \(frames.stderr)")
        #expect(plain.text == (try Self.lastFrame(of: frames.text)))
        #expect(!plain.text.contains("Build finished"))
    }

    /// The tester's report: at 00:10 the notification posted at 0 s (gone after 4 s) is gone,
    /// and the cells where it was show the About pane again — as in a run that records.
    @Test func aNotificationIsGoneFromTheFinalScreenAfterItsTime() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let script = try scratch.write("script.txt", Array("key N\nwait 10s\n".utf8))
        let plain = try DemoCLI.run(["--headless", "--script", script], in: scratch)
        #expect(plain.status == 0, "stderr: \(plain.stderr)")
        let screen = TextScreen(plain.text)
        #expect(screen.rows.count == 24)
        // The clock pane's content starts at (1, 13): "Elapsed", then the time.
        #expect(screen.text(x: 2, y: 14, count: 5) == "00:10", "\(plain.text)")
        // The notification sat at the bottom right of the About pane (rows 19…21).
        for y in 19...21 {
            #expect(!screen.text(x: 40, y: y, count: 40).contains("Build"), "row \(y): \(screen.text(x: 40, y: y, count: 40))")
            #expect(screen.text(x: 40, y: y, count: 40).allSatisfy { $0 == " " || $0 == "│" },
                    "row \(y) of the About pane is blank again: \(screen.text(x: 40, y: y, count: 40))")
        }
        // A run that records steps every frame: its printed screen is the same.
        let recorded = try DemoCLI.run(["--headless", "--script", script, "--record", "run.cast"], in: scratch)
        #expect(recorded.status == 0, "stderr: \(recorded.stderr)")
        #expect(recorded.text == plain.text)
    }
}
