import Foundation
import Testing

@testable import CurtainDemoKit
import CurtainPlatform

@Suite("Script loading")
struct ScriptLoadTests {
    @Test func loadsAFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try directory.write("tour.txt", Array("# hi\r\nkey t\r\ntype 日本 🎉\r\n".utf8))
        let script = try Script.load(path: path)
        #expect(script.commands == [.key(.character("t")), .type("日本 🎉")])
        #expect(script.fileName == path)
    }

    @Test func parseErrorsNameThePath() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try directory.write("bad.txt", Array("key t\nkye q\n".utf8))
        #expect(throws: ScriptError.self) { try Script.load(path: path) }
        do {
            _ = try Script.load(path: path)
        } catch {
            #expect(
                error.description
                    == "\(path):2:1: unknown command 'kye' (expected one of: key, type, wait, resize, mouse, drag, end)")
        }
    }

    @Test func missingFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("nope.txt")
        do {
            _ = try Script.load(path: path)
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.description == "cannot read script '\(path)': no such file or directory")
            #expect(error.line == nil)
            #expect(error.file == path)
        }
    }

    @Test func pathsInMessagesAreEscaped() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = directory.file("no\u{1B}]0;PWNED\u{7}.txt")
        do {
            _ = try Script.load(path: path)
            Issue.record("loaded a missing file")
        } catch {
            let shown = directory.file("no␛]0;PWNED␇.txt")
            #expect(error.description == "cannot read script '\(shown)': no such file or directory")
            #expect(error.file == path)
        }
    }

    @Test func directoryIsNotAScript() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        do {
            _ = try Script.load(path: directory.path)
            Issue.record("loaded a directory")
        } catch {
            #expect(error.description == "cannot read script '\(directory.path)': is a directory")
        }
    }

    @Test func errnoWords() {
        #expect(ErrnoText.describe(EACCES) == "permission denied")
        #expect(ErrnoText.describe(ENOENT) == "no such file or directory")
        #expect(ErrnoText.describe(EEXIST) == "file exists")
        #expect(ErrnoText.describe(ENAMETOOLONG) == "file name too long")
        #expect(ErrnoText.describe(-12345).isEmpty == false)
    }

    @Test(.enabled(if: getuid() != 0, "root reads any file regardless of its mode"))
    func unreadableFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try directory.write("secret.txt", Array("key t\n".utf8))
        chmod(path, 0)
        do {
            _ = try Script.load(path: path)
            Issue.record("loaded an unreadable file")
        } catch {
            #expect(error.description == "cannot read script '\(path)': permission denied")
        }
    }

    @Test func emptyFile() throws {
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try directory.write("empty.txt", [])
        #expect(try Script.load(path: path).steps.isEmpty)
    }

    @Test func oversizedInputIsRefused() throws {
        // A 5 MiB file (sparse: nothing but zeros): the size cap is what stops the read.
        let directory = try ScratchDirectory()
        defer { directory.remove() }
        let path = try directory.write("huge", [])
        #expect(truncate(path, 5 << 20) == 0)
        do {
            _ = try Script.load(path: path)
            Issue.record("read a 5 MiB file as a script")
        } catch {
            #expect(error.description == "cannot read script '\(path)': file is larger than 4 MiB; is this really a script?")
        }
    }

    /// A device never ends and a FIFO with no writer blocks: neither is read.
    @Test func aDeviceIsNotAScript() {
        do {
            _ = try Script.load(path: "/dev/zero")
            Issue.record("read /dev/zero as a script")
        } catch {
            #expect(error.description == "cannot read script '/dev/zero': not a regular file (use a file, or - for standard input)")
        }
    }
}

// MARK: - Support (shared with the asciicast tests)

/// A fresh directory under the system temporary directory, removed by `remove()`.
struct ScratchDirectory {
    let path: String

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        path = base + "/curtain-demo-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    func file(_ name: String) -> String { path + "/" + name }

    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    func read(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
