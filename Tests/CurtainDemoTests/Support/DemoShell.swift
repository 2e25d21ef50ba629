import Foundation

/// Runs the built binary through `/bin/sh -c`, so a test can set limits first (`ulimit`,
/// `trap`), with standard input from `input` (a path; /dev/null by default). Output goes to
/// pipes, which a file size limit does not cover. Gives up after `timeout` seconds: the
/// process is killed and the result's `timedOut` is set.
func runDemoInShell(_ arguments: String, in directory: ScratchDirectory, before: String = "",
                     input: String = "/dev/null", timeout: Double = 60) throws -> (status: Int32, stdout: String, stderr: String, timedOut: Bool) {
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", "\(before) exec '\(DemoBinary.path)' \(arguments) < '\(input)'"]
    shell.currentDirectoryURL = URL(fileURLWithPath: directory.path)
    var environment = ProcessInfo.processInfo.environment
    environment["NO_COLOR"] = nil
    shell.environment = environment
    let out = Pipe(), err = Pipe()
    shell.standardOutput = out
    shell.standardError = err
    try shell.run()
    // Read while it runs: a full pipe would stall it.
    nonisolated(unsafe) var outData = Data(), errData = Data()
    let readers = DispatchGroup()
    DispatchQueue.global().async(group: readers) { outData = out.fileHandleForReading.readDataToEndOfFile() }
    DispatchQueue.global().async(group: readers) { errData = err.fileHandleForReading.readDataToEndOfFile() }
    let deadline = Date().addingTimeInterval(timeout)
    while shell.isRunning, Date() < deadline { usleep(20_000) }
    let timedOut = shell.isRunning
    if timedOut { kill(shell.processIdentifier, SIGKILL) }
    shell.waitUntilExit()
    readers.wait()
    return (shell.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self), timedOut)
}
