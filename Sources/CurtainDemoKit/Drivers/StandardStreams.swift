import CurtainTerminal
import CurtainPlatform

/// Writes to standard output and standard error with `write(2)`, never through stdio: a stdio
/// buffer is flushed at exit, where a failed write is lost without a word.
package enum StandardStreams {
    /// Writes `text` to standard output.
    ///
    /// - Throws: ``DemoError`` (exit status 1) naming the reason when a write fails, such as a
    ///   full disk. A closed pipe (the reader, like `head`, has had enough) normally ends the
    ///   process with SIGPIPE before the write returns; if SIGPIPE is ignored, the error has an
    ///   empty message so that nothing is printed, like the signal would.
    package static func writeOutput(_ text: String) throws(DemoError) {
        guard let code = write(text, to: STDOUT_FILENO) else { return }
        if code == EPIPE { throw DemoError("", exitStatus: 1) }
        throw DemoError("cannot write to standard output: \(ErrnoText.describe(code))", exitStatus: 1)
    }

    /// Writes `text` to standard error. A failure is ignored: there is nowhere left to report it.
    package static func writeError(_ text: String) {
        _ = write(text, to: STDERR_FILENO)
    }

    /// Writes all of `text`; returns `errno` if a write failed.
    private static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var text = text
        let code = text.withUTF8 { writeAll(descriptor, $0.baseAddress, $0.count) }
        return code == 0 ? nil : code
    }
}
