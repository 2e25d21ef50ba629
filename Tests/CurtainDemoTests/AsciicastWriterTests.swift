import Foundation
import CurtainPlatform
import Testing

@testable import CurtainDemoKit

/// The lines of a recording file (each without its newline).
private func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// A decoded event line: time, code, data.
private func event(_ line: String) throws -> (time: Double, code: String, data: String) {
    let array = try #require(try parseJSONLine(line) as? [Any])
    try #require(array.count == 3)
    return (
        try #require((array[0] as? NSNumber)?.doubleValue), try #require(array[1] as? String),
        try #require(array[2] as? String)
    )
}

@Suite("Asciicast writer")
struct AsciicastWriterTests {
    @Test func writesHeaderAndEvents() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("demo.cast"), width: 80, height: 24, term: "xterm-256color", timestamp: nil,
            force: false)
        writer.output(Array("\u{1B}[2J\u{1B}[1;1Hhello".utf8), at: 0)
        writer.resize(columns: 60, rows: 20, at: 0.5)
        writer.output(Array("日本語のテキスト 🎉".utf8), at: 1.25)
        writer.close()
        #expect(writer.failure == nil)

        let text = lines(try directory.read("demo.cast"))
        #expect(
            text == [
                #"{"version": 2, "width": 80, "height": 24, "env": {"TERM": "xterm-256color"}}"#,
                #"[0.000000, "o", "\u001b[2J\u001b[1;1Hhello"]"#,
                #"[0.500000, "r", "60x20"]"#,
                #"[1.250000, "o", "日本語のテキスト 🎉"]"#,
                "",
            ])
        for line in text.dropLast() {
            _ = try parseJSONLine(line)
        }
        #expect(try event(text[1]).data == "\u{1B}[2J\u{1B}[1;1Hhello")
    }

    @Test func timesNeverGoBackwards() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("t.cast"), width: 10, height: 5, term: "xterm-256color", timestamp: nil, force: false)
        let times: [Double] = [0.5, 0.2, 1, .nan, -4, 1.0000001, 3, 2.9, .infinity, 7]
        for (index, time) in times.enumerated() {
            if index % 3 == 2 {
                writer.resize(columns: 10 + index, rows: 5, at: time)
            } else {
                writer.output(Array("x\(index)".utf8), at: time)
            }
        }
        writer.close()
        let decoded = try lines(try directory.read("t.cast")).dropFirst().dropLast().map(event)
        #expect(decoded.count == times.count)
        let written = decoded.map(\.time)
        #expect(zip(written, written.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(written == [0.5, 0.5, 1, 1, 1, 1, 3, 3, 1e9, 1e9])
    }

    @Test func everyEventIsInTheFileAsSoonAsItIsRecorded() throws {
        // What Ctrl-C or a crash would leave: the file as it is while the writer is still open.
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("live.cast"), width: 20, height: 10, term: "xterm-256color", timestamp: nil,
            force: false)
        #expect(lines(try directory.read("live.cast")).count == 2)  // header and the empty rest
        for index in 1...5 {
            writer.output(Array("frame \(index)\r\n".utf8), at: Double(index) / 10)
            let current = lines(try directory.read("live.cast"))
            #expect(current.count == index + 2)
            #expect(current.last == "")
            #expect(try event(current[index]).data == "frame \(index)\r\n")
        }
        writer.close()
    }

    @Test func truncatedAfterAnyCompleteLineStillParses() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("full.cast"), width: 30, height: 8, term: "xterm-256color", timestamp: 42, force: false
        )
        writer.output(Array("\u{1B}[H\"quoted\" \\ back".utf8), at: 0.1)
        writer.resize(columns: 31, rows: 9, at: 0.2)
        writer.output(Array("日本\u{1B}[0m🎉\n".utf8), at: 0.3)
        writer.output(Array("\u{2028}end".utf8), at: 0.4)
        writer.close()
        let bytes = try directory.read("full.cast")
        let newlines = bytes.indices.filter { bytes[$0] == 0x0A }
        #expect(newlines.count == 5)
        for (count, end) in newlines.enumerated() {
            // Cut right after the newline of line `count`: every line before it parses.
            let prefix = lines(Array(bytes[...end]))
            #expect(prefix.count == count + 2)
            #expect(prefix.last == "")
            let header = try #require(try parseJSONLine(prefix[0]) as? [String: Any])
            #expect(header["version"] as? Int == 2)
            #expect(header["timestamp"] as? Int == 42)
            for line in prefix.dropFirst().dropLast() {
                _ = try event(line)
            }
        }
    }

    @Test func headlessRecordingsAreByteIdentical() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        func record(_ name: String) throws -> [UInt8] {
            let writer = try AsciicastWriter(
                path: directory.file(name), width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: false)
            writer.output(Array("a\u{1B}[31mb".utf8), at: 1.0 / 3)
            writer.resize(columns: 50, rows: 10, at: 2.0 / 3)
            writer.close()
            return try directory.read(name)
        }
        #expect(try record("a.cast") == record("b.cast"))
    }

    // MARK: UTF-8

    @Test func splitCharactersAreJoined() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("u.cast"), width: 10, height: 5, term: "xterm-256color", timestamp: nil, force: false)
        let bytes = Array("a日🎉".utf8)  // 1 + 3 + 4 bytes
        writer.output(Array(bytes[0..<2]), at: 0.1)  // "a" + first byte of 日
        writer.output(Array(bytes[2..<5]), at: 0.2)  // rest of 日 + first byte of 🎉
        writer.output(Array(bytes[5..<7]), at: 0.3)  // two middle bytes: nothing complete, no event
        writer.output(Array(bytes[7..<8]), at: 0.4)
        writer.close()
        let decoded = try lines(try directory.read("u.cast")).dropFirst().dropLast().map(event)
        #expect(decoded.map(\.data) == ["a", "日", "🎉"])
        #expect(decoded.map(\.time) == [0.1, 0.2, 0.4])
    }

    @Test func invalidBytesAreReplaced() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("bad.cast"), width: 10, height: 5, term: "xterm-256color", timestamp: nil, force: false
        )
        writer.output([0x61, 0xFF, 0x62, 0xC0, 0xAF, 0x63], at: 0)
        writer.output([0x64, 0xE6, 0x97], at: 1)  // the end of 日 never comes
        writer.close()
        let decoded = try lines(try directory.read("bad.cast")).dropFirst().dropLast().map(event)
        #expect(decoded.map(\.data) == ["a\u{FFFD}b\u{FFFD}\u{FFFD}c", "d", "\u{FFFD}"])
        #expect(decoded.map(\.time) == [0, 1, 1])
    }

    @Test func emptyOutputWritesNothing() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("e.cast"), width: 10, height: 5, term: "xterm-256color", timestamp: nil, force: false)
        writer.output([], at: 1)
        writer.close()
        #expect(lines(try directory.read("e.cast")).count == 2)
    }

    @Test func eventsAfterCloseAreIgnored() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("c.cast"), width: 10, height: 5, term: "xterm-256color", timestamp: nil, force: false)
        writer.output(Array("x".utf8), at: 0)
        writer.close()
        writer.close()
        writer.output(Array("y".utf8), at: 1)
        writer.resize(columns: 3, rows: 3, at: 2)
        #expect(lines(try directory.read("c.cast")).count == 3)
    }

    // MARK: Never overwrite

    @Test func refusesAnExistingFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try directory.write("x.cast", Array("precious".utf8))
        #expect(throws: RecordingError(path: path, reason: "file exists (use --force to overwrite)")) {
            _ = try AsciicastWriter(
                path: path, width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: false)
        }
        #expect(try directory.read("x.cast") == Array("precious".utf8))
        do {
            _ = try AsciicastWriter(
                path: path, width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: false)
        } catch {
            #expect(error.description == "cannot record to '\(path)': file exists (use --force to overwrite)")
        }
    }

    @Test func refusesASymlinkEvenDangling() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let link = directory.file("link.cast")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: directory.file("missing-target"))
        #expect(throws: RecordingError.self) {
            _ = try AsciicastWriter(
                path: link, width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: false)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.file("missing-target")))
    }

    @Test func overwritesWithForce() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try directory.write("x.cast", Array(String(repeating: "old content\n", count: 100).utf8))
        let writer = try AsciicastWriter(
            path: path, width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: true)
        writer.output(Array("new".utf8), at: 0)
        writer.close()
        #expect(
            lines(try directory.read("x.cast")) == [
                #"{"version": 2, "width": 80, "height": 24, "env": {"TERM": "xterm-256color"}}"#,
                #"[0.000000, "o", "new"]"#, "",
            ])
    }

    @Test func forceCreatesANewFileToo() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("n.cast"), width: 5, height: 5, term: "xterm-256color", timestamp: nil, force: true)
        writer.close()
        #expect(lines(try directory.read("n.cast")).count == 2)
    }

    // MARK: Errors

    @Test func missingDirectory() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("no/such/dir/x.cast")
        do {
            _ = try AsciicastWriter(
                path: path, width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: false)
            Issue.record("recorded into a missing directory")
        } catch {
            #expect(
                error.description
                    == "cannot record to '\(path)': directory '\(directory.file("no/such/dir"))' does not exist")
        }
    }

    @Test func directoryIsNotAFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        for force in [false, true] {
            do {
                _ = try AsciicastWriter(
                    path: directory.path, width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: force)
                Issue.record("recorded onto a directory")
            } catch {
                #expect(error.description == "cannot record to '\(directory.path)': is a directory")
            }
        }
    }

    @Test func emptyPath() {
        #expect(throws: RecordingError(path: "", reason: "no file name given")) {
            _ = try AsciicastWriter(
                path: "", width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: false)
        }
    }

    @Test func writeFailureIsReported() {
        // /dev/full accepts the open and fails every write with ENOSPC.
        #expect(throws: RecordingError(path: "/dev/full", reason: "no space left on device")) {
            _ = try AsciicastWriter(
                path: "/dev/full", width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: true)
        }
    }

    @Test func failureMidRecordingKeepsWhatWasWritten() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("f.cast"), width: 10, height: 5, term: "xterm-256color", timestamp: nil, force: false)
        writer.output(Array("before".utf8), at: 0)
        // Swap the file for /dev/full under the writer: its next write fails with ENOSPC.
        let full = open("/dev/full", O_WRONLY)
        try #require(full >= 0)
        let saved = dup(writer.fd)
        dup2(full, writer.fd)
        close(full)
        writer.output(Array("lost".utf8), at: 1)
        #expect(
            writer.failure
                == RecordingError(path: directory.file("f.cast"), reason: "no space left on device", whileWriting: true)
        )
        #expect(
            writer.failure?.description == "recording to '\(directory.file("f.cast"))' stopped: no space left on device"
        )
        // Later events are dropped rather than retried.
        dup2(saved, writer.fd)
        close(saved)
        writer.output(Array("after".utf8), at: 2)
        writer.resize(columns: 3, rows: 3, at: 3)
        writer.close()
        let text = lines(try directory.read("f.cast"))
        #expect(text.count == 3)
        #expect(try event(text[1]).data == "before")
    }

    /// A `write(2)` that fails like a disk filling up: the call that crosses `limit` bytes
    /// writes what fits and returns that count; the next `failures` calls fail with ENOSPC;
    /// after them writes succeed again (the truncation freed room).
    final class FillingDisk: @unchecked Sendable {
        let limit: Int
        var failures: Int
        var written = 0
        init(limit: Int, failures: Int = .max) {
            self.limit = limit
            self.failures = failures
        }
        func write(_ fd: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
            let room = limit - written
            if room <= 0, failures > 0 {
                failures -= 1
                errno = ENOSPC
                return -1
            }
            if room <= 0 { return CurtainPlatform.write(fd, bytes, count) }
            let result = CurtainPlatform.write(fd, bytes, min(count, room))
            if result > 0 { written += result }
            return result
        }
    }

    @Test("a write cut short by a full disk is truncated away: the file ends with a complete line")
    func partialLineIsTruncated() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("full.cast")
        let writer = try AsciicastWriter(path: path, width: 10, height: 5, timestamp: nil)
        writer.output(Array("before".utf8), at: 0)
        let complete = try directory.read("full.cast")
        // Room for 7 more bytes: the next line is cut after `[1.0000`, then the disk is full.
        let disk = FillingDisk(limit: 7)
        writer.writeSystemCall = disk.write
        writer.output(Array("lost".utf8), at: 1)
        #expect(writer.failure == RecordingError(path: path, reason: "no space left on device", whileWriting: true))
        writer.output(Array("after".utf8), at: 2)
        writer.close()
        #expect(try directory.read("full.cast") == complete)
    }

    @Test("after a failed write the closing output is still written if it fits, so a replay ends clean")
    func closingOutputAfterFailure() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("full.cast")
        let writer = try AsciicastWriter(
            path: path, width: 10, height: 5, timestamp: nil, closingOutput: Array("\u{1B}[0m".utf8))
        writer.output(Array("\u{1B}[31mred".utf8), at: 0.5)
        // The truncation frees the cut line's bytes: the closing line fits again.
        let disk = FillingDisk(limit: 7, failures: 1)
        writer.writeSystemCall = disk.write
        writer.output(Array("lost".utf8), at: 1)
        writer.output(Array("dropped".utf8), at: 2)
        writer.close()
        #expect(writer.failure?.reason == "no space left on device")
        let text = lines(try directory.read("full.cast"))
        #expect(text.count == 4)
        #expect(try event(text[1]).data == "\u{1B}[31mred")
        let closing = try event(text[2])
        #expect(closing.data == "\u{1B}[0m")
        #expect(closing.time == 1)  // the time of the event that failed: never before the last
        #expect(text[3] == "")
    }

    @Test("close writes the closing output as the last event, at the last event's time")
    func closingOutputOnClose() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("c.cast"), width: 10, height: 5, timestamp: nil, closingOutput: Array("bye".utf8))
        writer.output(Array("hi".utf8), at: 2.5)
        writer.close()
        writer.close()
        let text = lines(try directory.read("c.cast"))
        #expect(text.count == 4)
        #expect(try event(text[2]).data == "bye")
        #expect(try event(text[2]).time == 2.5)
    }

    @Test("what a terminating signal's handler writes: the closing line at the last event's time, once")
    func closingLineOnSignal() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let writer = try AsciicastWriter(
            path: directory.file("k.cast"), width: 10, height: 5, timestamp: nil, closingOutput: Array("bye".utf8),
            closesOnSignal: true)
        writer.output(Array("hi".utf8), at: 1.5)
        writer.resize(columns: 8, rows: 4, at: 2.25)
        // The handler's work, called directly: no signal needed.
        ClosingLineOnSignal.writeLine()
        ClosingLineOnSignal.writeLine()
        let text = lines(try directory.read("k.cast"))
        #expect(text.count == 5)
        #expect(try event(text[3]).data == "bye")
        #expect(try event(text[3]).time == 2.25)
        #expect(text[4] == "")
        writer.close()
        // Closed: a later signal writes nothing more.
        let closed = try directory.read("k.cast")
        ClosingLineOnSignal.writeLine()
        #expect(try directory.read("k.cast") == closed)
    }

    @Test(.enabled(if: getuid() != 0, "root may write anywhere"))
    func permissionDenied() throws {
        let directory = try ScratchDirectory()
        defer {
            chmod(directory.path, 0o755)
            directory.remove()
        }
        chmod(directory.path, 0o555)
        let path = directory.file("x.cast")
        #expect(throws: RecordingError(path: path, reason: "permission denied")) {
            _ = try AsciicastWriter(
                path: path, width: 80, height: 24, term: "xterm-256color", timestamp: nil, force: false)
        }
    }

    @Test func errorWording() {
        #expect(
            RecordingError(path: "d.cast", reason: "no space left on device", whileWriting: true).description
                == "recording to 'd.cast' stopped: no space left on device")
    }
}
