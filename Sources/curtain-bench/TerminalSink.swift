import CurtainLayout
import CurtainScreen
import CurtainTerminal
import CurtainPlatform

/// A real ncurses session writing into a temporary file of the given size, so the bytes a
/// frame costs are the file's growth. ncurses takes the size from `LINES`/`COLUMNS`.
@MainActor
final class TerminalSink {
    let session: TerminalSession
    private let output: UnsafeMutablePointer<FILE>
    private let input: UnsafeMutablePointer<FILE>

    init(size: Size) throws {
        // CURTAIN_BENCH_TERM picks another terminal description (e.g. one without scrolling
        // capabilities, to see what ncurses' scroll optimisation costs).
        let term = getenv("CURTAIN_BENCH_TERM").map { String(cString: $0) } ?? "xterm-256color"
        setenv("TERM", term, 1)
        setenv("LINES", "\(size.height)", 1)
        setenv("COLUMNS", "\(size.width)", 1)
        setlocale(LC_ALL, "C.UTF-8")
        guard let output = tmpfile(), let input = fopen("/dev/null", "r") else {
            throw BenchError("cannot open a temporary file for the terminal output")
        }
        self.output = output
        self.input = input
        session = try TerminalSession(output: output, input: input)
    }

    /// Bytes written so far.
    var bytesWritten: Int {
        fflush(output)
        var info = stat()
        fstat(fileno(output), &info)
        return Int(info.st_size)
    }

    /// The bytes written between two offsets (for `CURTAIN_BENCH_DUMP`).
    func written(from start: Int, to end: Int) -> [UInt8] {
        fflush(output)
        guard end > start else { return [] }
        var bytes = [UInt8](repeating: 0, count: end - start)
        let count = bytes.withUnsafeMutableBytes { pread(fileno(output), $0.baseAddress, end - start, off_t(start)) }
        return Array(bytes.prefix(max(0, count)))
    }

    func close() {
        session.stop()
        fclose(output)
        fclose(input)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
