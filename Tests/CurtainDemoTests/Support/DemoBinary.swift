import Foundation

/// Where the built `curtain-demo` executable is. `swift test` builds it first (the test target
/// depends on the executable) into the same folder as the test bundle, so it is found next to
/// this process's executable — whatever `--scratch-path` or configuration was used.
/// `CURTAIN_DEMO_BINARY` overrides the path.
enum DemoBinary {
    static let path: String = {
        if let explicit = ProcessInfo.processInfo.environment["CURTAIN_DEMO_BINARY"], !explicit.isEmpty { return explicit }
        if let executable = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            let sibling = URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("curtain-demo").path
            if FileManager.default.isExecutableFile(atPath: sibling) { return sibling }
        }
        return packageRoot + "/.build/debug/curtain-demo"
    }()

    /// The package root, found from this file's path (`Tests/CurtainDemoTests/Support/…`).
    static let packageRoot: String = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// Another executable of the package, built beside `curtain-demo` (the examples).
    static func sibling(_ name: String) -> String {
        URL(fileURLWithPath: path).deletingLastPathComponent().appendingPathComponent(name).path
    }

    /// Runs the package's `program` with `arguments`, no terminal (stdin and stdout /dev/null)
    /// and `environment` added to this process's; returns its exit status and its stderr.
    static func runWithoutTerminal(_ program: String, _ arguments: [String] = [], environment: [String: String])
        throws -> (status: Int32, stderr: String)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sibling(program))
        process.arguments = arguments
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

    /// Both tmux and the binary are there: the end-to-end suites run only then.
    static var canRunEndToEnd: Bool { Tmux.isAvailable && isAvailable }
}
