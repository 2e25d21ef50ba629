import Foundation
import Glibc
import Testing

/// curtain-browser on the file systems users really have: going up from any depth, special
/// files that would block a read, names that are not UTF-8. In tmux, as a user runs it.
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built examples"))
struct BrowserFilesTests {
    typealias Run = ExamplesEndToEndTests.Run

    func scratch() throws -> String {
        let root = FileManager.default.temporaryDirectory
            .appendingPathComponent("curtain-files-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        return root
    }

    func browse(_ root: String) throws -> Run {
        try Run("'\(DemoBinary.sibling("curtain-browser"))' '\(root)'", columns: 140, rows: 24)
    }

    /// Backspace goes to the parent of the directory shown, not of the one it started in.
    @Test func backspaceGoesUpFromWhereYouAre() throws {
        let root = try scratch()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/docs/deep", withIntermediateDirectories: true)
        try "top\n".write(toFile: root + "/notes.txt", atomically: true, encoding: .utf8)
        let run = try browse(root)
        try run.waitFor("notes.txt")
        try run.tmux.keys("Enter")                              // into docs/
        try run.waitFor("deep/")
        try run.tmux.keys("Enter")                              // into docs/deep/
        try run.waitFor("(empty directory)")
        try run.tmux.keys("BSpace")
        try run.tmux.waitFor { $0.contains(root + "/docs") && $0.contains("deep/") && !$0.contains("notes.txt") }
        try run.tmux.keys("BSpace")
        try run.tmux.waitFor { $0.contains("notes.txt") && $0.contains("docs/") }
        try run.tmux.keys("q")
        #expect(try run.exit().status == "0")
    }
}
