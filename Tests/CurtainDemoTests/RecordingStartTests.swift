import Foundation
import Testing

// A recording that cannot start says what really failed and leaves no file behind.
@Suite("Recording start", .serialized, .enabled(if: DemoBinary.isAvailable, "needs the built curtain-demo"))
struct RecordingStartTests {
    /// /proc exists but takes no new files: the message says that, not that it is missing
    /// (the system's "no such file or directory" is about the file, and reads as the folder).
    @Test func recordingWhereNoFileCanBeCreatedSaysWhatFailed() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let result = try runDemoInShell("--headless --record /proc/curtain-x.cast", in: scratch)
        #expect(result.status == 2)
        #expect(result.stderr == "curtain-demo: cannot record to '/proc/curtain-x.cast': directory '/proc' exists but takes no new files\n")
        let missing = try runDemoInShell("--headless --record /no-such-dir-curtain/x.cast", in: scratch)
        #expect(missing.stderr == "curtain-demo: cannot record to '/no-such-dir-curtain/x.cast': directory '/no-such-dir-curtain' does not exist\n")
    }

    /// The header cannot be written (here the file size limit at 0; a full disk is the same):
    /// the file the demo created is removed, so the next run does not need `--force`. A file
    /// that was there before (`--force`) is not the demo's to remove.
    @Test func aRecordingThatFailsAtTheStartLeavesNoFileBehind() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let limit = "trap '' XFSZ; ulimit -f 0;"
        let result = try runDemoInShell("--headless --record t.cast", in: scratch, before: limit)
        #expect(result.status == 2)
        #expect(result.stderr == "curtain-demo: cannot record to 't.cast': file too large\n")
        #expect(!FileManager.default.fileExists(atPath: scratch.file("t.cast")), "no empty file left behind")

        _ = try scratch.write("old.cast", Array("old".utf8))
        let forced = try runDemoInShell("--headless --record old.cast --force", in: scratch, before: limit)
        #expect(forced.status == 2)
        #expect(FileManager.default.fileExists(atPath: scratch.file("old.cast")), "an existing file stays")
    }
}
