@testable import CurtainTerminal
import CurtainPlatform
import CurtainRecording
import Foundation
import Testing

/// The one wording of a recording file that cannot be created, for pictures and asciicasts.
@Suite struct RecordingFileTests {
    @Test func aFailedCreationIsToldByWhatIsInTheWay() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/curtain-recording-file-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        FileManager.default.createFile(atPath: folder + "/taken.gif", contents: Data())
        #expect(RecordingFile.reason(creationFailed: EEXIST, path: folder + "/taken.gif") == "file exists (use --force to overwrite)")
        #expect(RecordingFile.reason(creationFailed: EEXIST, path: folder + "/sub") == "is a directory")
        #expect(RecordingFile.reason(creationFailed: ENOENT, path: folder + "/missing/x.gif")
                == "directory '\(folder)/missing' does not exist")
        #expect(RecordingFile.reason(creationFailed: ENOENT, path: "/proc/x.gif") == "directory '/proc' exists but takes no new files")
        #expect(RecordingFile.reason(creationFailed: ENOENT, path: "x.gif") == "the current directory no longer exists")
        #expect(RecordingFile.reason(creationFailed: EACCES, path: folder + "/x.gif") == "permission denied")
        #expect(RecordingFile.reason(creationFailed: EISDIR, path: folder + "/x.gif/") == "a name ending in '/' is a folder's, not a file's")
        #expect(RecordingFile.reason(creationFailed: EEXIST, path: folder + "/sub/") == "is a directory", "one that is there is")
    }

    /// Creating through the initialiser gives the same words.
    @Test func theInitialiserUsesTheSameWords() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/curtain-recording-init-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder + "/sub", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        func message(_ path: String) -> String? {
            do { _ = try RecordingFile(path: path, replacing: false) } catch { return error.message }
            return nil
        }
        #expect(message(folder + "/sub") == "cannot record to '\(folder)/sub': is a directory")
        #expect(message(folder + "/none/x.svg") == "cannot record to '\(folder)/none/x.svg': directory '\(folder)/none' does not exist")
    }
}
