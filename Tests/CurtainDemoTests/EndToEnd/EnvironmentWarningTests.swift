import Foundation
import Testing

/// A stray environment variable a Curtain program reads for the user is told about in one line
/// before the terminal is taken, in every program alike.
@Suite(.enabled(if: DemoBinary.isAvailable, "needs the built programs"))
struct EnvironmentWarningTests {
    /// Runs `program` with no terminal and `environment` added; returns its status and stderr.
    func run(_ program: String, _ environment: [String: String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: DemoBinary.sibling(program))
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stderr)
    }

    @Test("an unreadable CURTAIN_BACKGROUND is named, escaped, before the program says it needs a terminal")
    func unreadableBackground() throws {
        let result = try run("curtain-chat", ["CURTAIN_BACKGROUND": "beige\u{1B}[2J", "TERM": "xterm-256color"])
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(lines.first == "curtain-chat: warning: CURTAIN_BACKGROUND 'beige␛[2J' is not a background "
            + "(use light, dark or a colour as #rrggbb); ignored")
        #expect(lines.count == 2, "\(lines)")  // then the refusal: no terminal here
        #expect(result.status == 2)
        let readable = try run("curtain-chat", ["CURTAIN_BACKGROUND": "#102030", "TERM": "xterm-256color"])
        #expect(!readable.stderr.contains("CURTAIN_BACKGROUND"))
    }
}
