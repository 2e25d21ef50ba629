import CurtainLayout
import CurtainPlatform
import Foundation
import Testing

// How a recording ends when the run does not end well: the disk fills up (here the file size
// limit, `ulimit -f`, which fails a write part-way just like a full disk), or the process is
// killed. Either way the cast must stay valid JSON lines and end with the closing output, so
// that a player leaves its terminal as it found it.

/// The closing output every demo recording must end with: default style, cursor shown.
let castClosingOutput = "\u{1B}[0m\u{1B}[?25h"

/// A shell line that runs `command` with the file size limit at 1 KiB and SIGXFSZ ignored, so
/// a write crossing the limit writes what fits and the next one fails with EFBIG.
func withFileSizeLimit(_ command: String) -> String {
    "trap '' XFSZ; ulimit -f 1; \(command)"
}

@Suite("Recording ends", .serialized)
struct RecordingEndingTests {
    @Test("headless: a write that fails part-way exits 1 and leaves a valid cast that ends clean")
    func headlessWriteFailure() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/bin/sh")
        shell.arguments = ["-c", withFileSizeLimit(
            "exec '\(DemoCLI.binary)' --headless --script tour --record t.cast > /dev/null 2> err")]
        shell.currentDirectoryURL = URL(fileURLWithPath: scratch.path)
        try shell.run()
        shell.waitUntilExit()
        #expect(shell.terminationStatus == 1)
        #expect(String(decoding: try scratch.read("err"), as: UTF8.self)
                    == "curtain-demo: recording to 't.cast' stopped: file too large\n")
        let bytes = try scratch.read("t.cast")
        #expect(bytes.count <= 1024)
        #expect(bytes.last == 0x0A, "the cast ends with a complete line")
        let cast = try CastFile(String(decoding: bytes, as: UTF8.self))
        #expect(cast.events.last?.data == castClosingOutput)
    }

    @Test("interactive: a write that fails part-way exits 1 with the same message as headless",
          .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built binary"))
    func interactiveWriteFailure() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        let cast = demo.directory.appendingPathComponent("live.cast").path
        let errors = demo.directory.appendingPathComponent("err").path
        try demo.tmux.shell(withFileSizeLimit("cd '\(demo.directory.path)'"))
        try demo.launch(arguments: "--record live.cast 2> '\(errors)'")
        try demo.tmux.keys("q")
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:1")
        #expect((try? String(contentsOfFile: errors, encoding: .utf8))
                    == "curtain-demo: recording to 'live.cast' stopped: file too large\n")
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let parsed = try CastFile(text)
        #expect(parsed.events.last?.data == castClosingOutput)
    }

    @Test("a recording killed by a signal still ends with the closing output",
          .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built binary"),
          arguments: [SIGTERM, SIGHUP, SIGSEGV, SIGQUIT, SIGUSR1, SIGALRM] + ProcessEndingSignals.realTime.prefix(1))
    func killedRecordingEndsClean(signal: Int32) throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        let cast = demo.directory.appendingPathComponent("killed.cast").path
        let started = try demo.launch(arguments: "--record '\(cast)'")
        // A toast: the recording's last frame leaves colours set, as a kill mid-run would.
        try demo.tmux.type("t")
        _ = try demo.settle(changedFrom: started) { $0.lowestBox(in: ExpectedLayout(columns: 80, rows: 24).content(0)) != nil }
        let pid = try #require(try demo.tmux.foregroundChildPID(), "the demo runs as the shell's child")
        #expect(kill(pid, signal) == 0)
        let exit = try demo.waitForExit()
        #expect(exit.status == "status:\(128 + signal)", "still dies of the signal")
        let text = try String(contentsOfFile: cast, encoding: .utf8)
        #expect(text.hasSuffix("\n"))
        let parsed = try CastFile(text)
        #expect(parsed.events.count >= 3)
        let last = try #require(parsed.events.last)
        #expect(last.code == "o")
        #expect(last.data == castClosingOutput, "killed by \(signal): the cast ends with \(last.data.debugDescription)")
        #expect(last.time >= parsed.events[parsed.events.count - 2].time)
    }
}
