import Foundation
import Testing

// Recordings checked against a real terminal emulator: a cast's output replayed into tmux must
// leave the same screen the demo showed (headless: its text output; interactive: tmux's screen).

/// An asciicast v2 file read line by line.
struct CastFile {
    var header: [String: Any]
    var events: [(time: Double, code: String, data: String)]

    /// Every "o" event's data in order: what a player writes to the terminal.
    var output: String { events.filter { $0.code == "o" }.map(\.data).joined() }

    /// Parses `text`, one JSON value a line; throws naming the first line that is not valid.
    init(_ text: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        guard let first = lines.first else { throw CastError(message: "empty cast") }
        guard let header = try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any] else {
            throw CastError(message: "header is not a JSON object: \(first)")
        }
        self.header = header
        events = []
        for (index, line) in lines.dropFirst().enumerated() {
            guard let array = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any], array.count == 3,
                  let time = (array[0] as? NSNumber)?.doubleValue, let code = array[1] as? String, let data = array[2] as? String
            else { throw CastError(message: "line \(index + 2) is not an event [time, code, data]: \(line.prefix(120))") }
            events.append((time, code, data))
        }
    }
}

struct CastError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// A tmux server of its own (`-L` socket) for one test, run through `runTmux`.
final class TmuxServer {
    let socket = "curtain-rec-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let scratch: ScratchDirectory
    let config: String

    init(scratch: ScratchDirectory) throws {
        self.scratch = scratch
        // Status line off from the start, so the pane is the whole window before anything runs.
        config = try scratch.write("tmux-\(socket).conf", Array("set -g status off\n".utf8))
    }

    deinit { _ = try? run(["kill-server"]) }

    /// Runs `tmux -L socket -f config arguments…` and returns its output.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        try runTmux(["-L", socket, "-f", config] + arguments, outputDirectory: scratch.path)
    }

    /// Starts the session `s` of `columns × rows` running the shell command `command`.
    func start(columns: Int, rows: Int, _ command: String) throws {
        try run(["new-session", "-d", "-s", "s", "-x", "\(columns)", "-y", "\(rows)", command])
    }

    func screen() throws -> String { try run(["capture-pane", "-p", "-t", "s"]) }
    func keys(_ names: String...) throws { for name in names { try run(["send-keys", "-t", "s", name]) } }
    func type(_ text: String) throws { try run(["send-keys", "-t", "s", "-l", text]) }
    func currentCommand() throws -> String { try run(["display-message", "-p", "-t", "s", "#{pane_current_command}"]) }

    /// Polls until `condition` holds on a screen that `key` maps to the same value for
    /// `stablePolls` polls in a row. Gives up after `timeout` seconds (a failure, not a timing).
    func waitFor(timeout: Double = 20, stablePolls: Int = 3, key: (String) -> String = { $0 },
                 until condition: (String) throws -> Bool = { _ in true }) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last: String?
        var stable = 0
        while Date() < deadline {
            let screen = try screen()
            if try condition(screen) {
                let value = key(screen)
                stable = value == last ? stable + 1 : 0
                last = value
                if stable >= stablePolls { return screen }
            } else {
                stable = 0
                last = nil
            }
            usleep(60_000)
        }
        throw CastError(message: "timed out waiting for the screen; last:\n\(try screen())")
    }
}

/// Plays `output` (a cast's concatenated "o" data) into a fresh tmux server of `columns × rows`
/// by `cat`-ing it from a file, and returns the screen as text once `cat` is done.
func replayInTmux(_ output: String, columns: Int, rows: Int, scratch: ScratchDirectory) throws -> String {
    let dataPath = try scratch.write("replay-\(UUID().uuidString).out", Array(output.utf8))
    let tmux = try TmuxServer(scratch: scratch)
    try tmux.start(columns: columns, rows: rows, "cat '\(dataPath)'; exec sleep 600")
    return try tmux.waitFor(stablePolls: 1, until: { _ in try tmux.currentCommand().hasPrefix("sleep") })
}

/// Lines with trailing spaces removed and trailing empty lines dropped.
func normalizedLines(_ screen: String) -> [String] {
    var lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map { line in
        String(line.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last == "" { lines.removeLast() }
    return lines
}

/// Blanks the inside of the Clock pane, whose elapsed time and bar change every second.
func maskingClockPane(_ lines: [String]) -> [String] {
    guard let top = lines.firstIndex(where: { $0.contains("┌─ Clock") }) else { return lines }
    var lines = lines
    var row = top + 1
    while row < lines.count, !lines[row].hasPrefix("└") {
        // The Clock pane is the lower-left one: its cells are the line's first characters.
        var characters = Array(lines[row])
        if let right = characters.dropFirst().firstIndex(of: "│") {
            for x in 1..<right { characters[x] = "·" }
        }
        lines[row] = String(characters)
        row += 1
    }
    return lines
}

/// Removes CSI and other escape sequences, leaving the printed characters.
func printedText(_ output: String) -> String {
    var result = ""
    var iterator = output.unicodeScalars.makeIterator()
    while let scalar = iterator.next() {
        guard scalar == "\u{1B}" else { result.unicodeScalars.append(scalar); continue }
        guard let next = iterator.next(), next == "[" else { continue }
        while let c = iterator.next(), !(0x40...0x7E).contains(c.value) {}
    }
    return result
}

@Suite("Recording replay", .serialized)
struct RecordingReplayTests {
    @Test("the headless tour's cast is valid line by line, even cut after any line")
    func castIsValidJSONLines() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let run = try DemoCLI.run(["--headless", "--script", "tour", "--record", "tour.cast"], in: scratch)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let bytes = try scratch.read("tour.cast")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.hasSuffix("\n"))
        let cast = try CastFile(text)
        #expect(cast.header["version"] as? Int == 2)
        #expect(cast.header["width"] as? Int == 80)
        #expect(cast.header["height"] as? Int == 24)
        #expect(cast.header["timestamp"] == nil)        // headless: no wall clock, byte-identical runs
        #expect(cast.events.count > 100)
        #expect(cast.events.allSatisfy { $0.code == "o" })
        #expect(cast.events.first?.time == 0)
        for (previous, next) in zip(cast.events, cast.events.dropFirst()) {
            #expect(next.time >= previous.time, "time goes back: \(previous.time) → \(next.time)")
        }
        // The tour takes about 20 s of its manual clock.
        #expect((cast.events.last?.time ?? 0) > 15)
        // The last event restores the style and shows the cursor.
        #expect(cast.events.last?.data.hasSuffix("\u{1B}[0m\u{1B}[?25h") == true)

        // Every line stands alone (CastFile parsed each one by itself), so a recording cut after
        // any complete line reads line by line. Cut mid-line too, at a spread of places: the
        // complete lines before the cut still read, and there are as many as the cut passed.
        let newlines = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
        #expect(newlines.count == cast.events.count + 1)
        for step in 1..<40 {
            let cut = bytes.count * step / 40
            let end = (newlines.last { $0 < cut } ?? -1) + 1
            guard end > 0 else { continue }
            let truncated = try CastFile(String(decoding: bytes[..<end], as: UTF8.self))
            #expect(truncated.events.count == newlines.filter { $0 < cut }.count - 1)
            #expect(truncated.header["width"] as? Int == 80)
        }
    }

    @Test("the headless tour's cast replayed in tmux ends on the headless final screen",
          .enabled(if: Tmux.isAvailable, "needs tmux"))
    func headlessCastReplaysToFinalScreen() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let run = try DemoCLI.run(["--headless", "--script", "tour", "--record", "tour.cast"], in: scratch)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        let cast = try CastFile(String(decoding: try scratch.read("tour.cast"), as: UTF8.self))
        let width = try #require(cast.header["width"] as? Int), height = try #require(cast.header["height"] as? Int)
        let replayed = try replayInTmux(cast.output, columns: width, rows: height, scratch: scratch)
        let expected = normalizedLines(run.text)
        #expect(expected.count == 24)
        #expect(normalizedLines(replayed) == expected, "replayed:\n\(replayed)\nheadless:\n\(run.text)")
    }

    @Test("the toast script's cast replays to its headless screen, toast and wide text included",
          .enabled(if: Tmux.isAvailable, "needs tmux"))
    func toastCastReplaysToFinalScreen() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try scratch.write("toast.txt", Array("key t\ntype hello 日本\nkey Enter\ntype world 🎉\nkey Tab\nkey Right\nwait 2s\n".utf8))
        let run = try DemoCLI.run(["--headless", "--size", "60x20", "--script", "toast.txt", "--record", "toast.cast"], in: scratch)
        #expect(run.status == 0, "stderr: \(run.stderr)")
        #expect(run.text.contains("hello 日本"))
        let cast = try CastFile(String(decoding: try scratch.read("toast.cast"), as: UTF8.self))
        #expect(cast.header["width"] as? Int == 60)
        #expect(cast.header["height"] as? Int == 20)
        let replayed = try replayInTmux(cast.output, columns: 60, rows: 20, scratch: scratch)
        #expect(normalizedLines(replayed) == normalizedLines(run.text), "replayed:\n\(replayed)\nheadless:\n\(run.text)")
    }

    @Test("an interactive recording in tmux replays to the screen tmux showed",
          .enabled(if: Tmux.isAvailable, "needs tmux"))
    func interactiveRecordingReplays() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let castPath = scratch.file("live.cast")
        let live = try TmuxServer(scratch: scratch)
        try live.start(columns: 80, rows: 24,
                       "env TERM=tmux-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 '\(DemoCLI.binary)' --record '\(castPath)'; exec sleep 600")
        // The Clock pane changes every second: "still" ignores its inside.
        let masked: (String) -> String = { maskingClockPane(normalizedLines($0)).joined(separator: "\n") }
        _ = try live.waitFor(until: { $0.contains("Colours") && $0.contains("q quit") })

        try live.keys("t")
        _ = try live.waitFor(until: { $0.contains("type text") })
        try live.type("curtain")
        let withToast = normalizedLines(try live.waitFor(stablePolls: 6, key: masked, until: { $0.contains("│ curtain") }))
        #expect(withToast.contains { $0.contains("│ curtain") })

        // While the toast has focus `q` would be typed into it: close the toast first.
        try live.keys("Escape")
        let shown = normalizedLines(try live.waitFor(stablePolls: 6, key: masked, until: { !$0.contains("curtain") && $0.contains("q quit") }))
        try live.keys("q")

        // The recording is complete when its last event shows the cursor again.
        let deadline = Date().addingTimeInterval(20)
        var text = ""
        while Date() < deadline {
            text = (try? String(contentsOfFile: castPath, encoding: .utf8)) ?? ""
            if text.hasSuffix("\\u001b[?25h\"]\n") { break }
            usleep(50_000)
        }
        let cast = try CastFile(text)
        #expect(cast.header["width"] as? Int == 80)
        #expect(cast.header["height"] as? Int == 24)
        #expect(cast.header["timestamp"] is NSNumber)     // interactive: when it was recorded
        #expect(cast.events.last?.data.hasSuffix("\u{1B}[?25h") == true)
        for (previous, next) in zip(cast.events, cast.events.dropFirst()) {
            #expect(next.time >= previous.time, "time goes back: \(previous.time) → \(next.time)")
        }
        // The toast was recorded: its hint, then the typed letters in order.
        let printed = printedText(cast.output)
        let hint = try #require(printed.range(of: "Esc close · Enter new line"), "no toast hint in the recording")
        var letters = Substring("curtain")
        for character in printed[hint.upperBound...] where character == letters.first { letters.removeFirst() }
        #expect(letters.isEmpty, "typed letters missing from the recording: \(letters)")

        let replayed = normalizedLines(try replayInTmux(cast.output, columns: 80, rows: 24, scratch: scratch))
        #expect(replayed.count == 24)
        #expect(maskingClockPane(replayed) == maskingClockPane(shown),
                "replayed:\n\(replayed.joined(separator: "\n"))\nshown:\n\(shown.joined(separator: "\n"))")
    }
}
