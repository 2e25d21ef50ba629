import CurtainPlatform
import CurtainTerminal
import Foundation
import Testing

/// The memory signal handlers use exists before any is armed, and stderr capture is bounded.
extension NcursesTests.RestoreOnExit {
    /// Uses up every byte `malloc` could still hand out (a limit on the address space stops the
    /// heap from growing), so that an allocation inside a signal handler fails at once instead
    /// of passing unnoticed.
    nonisolated static func exhaustMemory() {
        let kibibytes = LinuxProcFiles.statusField("VmSize") ?? 0
        guard kibibytes > 0, ResourceLimits.limitAddressSpace(to: kibibytes * 1024) else { _exit(97) }
        for size in [1 << 20, 1 << 18, 1 << 16, 1 << 14, 1 << 12, 1 << 11] {
            while malloc(size) != nil {}
        }
        // Every chunk size the thread caches and the small bins hold, largest first.
        for size in stride(from: 1032, through: 8, by: -8) {
            while malloc(size) != nil {}
        }
    }

    /// A fatal signal right after the emergency restore is armed — before the stderr capture
    /// starts — restores the terminal and ends the process with that signal. The handler
    /// must not allocate: here any allocation fails. (Before the storage was one block, the
    /// handler initialised the capture's state on the spot: it died of SIGABRT instead,
    /// "Could not allocate memory".)
    @Test func aSignalBetweenArmingAndCaptureRestoresWithoutAllocating() throws {
        let result = try runChild {
            ResourceLimits.disableCoreDumps()
            EmergencyRestore.arm(fileDescriptor: STDOUT_FILENO, resetBytes: Array("[reset]".utf8))
            var modes = termios()
            tcgetattr(STDIN_FILENO, &modes)
            modes.c_lflag &= ~tcflag_t(ECHO | ICANON) // as ncurses leaves them
            tcsetattr(STDIN_FILENO, TCSANOW, &modes)
            // The rest on a thread whose stack is mapped in full: under the address-space
            // limit the main thread's stack could not grow.
            var all = sigset_t()
            sigfillset(&all)
            pthread_sigmask(SIG_BLOCK, &all, nil)
            let started = PlatformThread.start {
                var term = sigset_t()
                sigemptyset(&term)
                sigaddset(&term, SIGTERM)
                pthread_sigmask(SIG_UNBLOCK, &term, nil)
                _ = write(STDOUT_FILENO, "ready\n", 6)
                Self.exhaustMemory()
                raise(SIGTERM)
                _exit(98)
            }
            guard case .success(let thread) = started else { _exit(96) }
            thread.join()
            _exit(95)
        }
        #expect(result.signal == SIGTERM, "ended by signal \(result.signal), exit code \(result.exitCode)")
        #expect(result.output.contains("ready"))
        #expect(result.output.components(separatedBy: "ready").last?.contains("[reset]") == true, "the reset bytes were written")
        #expect(result.echoes && result.canonical, "the terminal's modes were restored")
    }

    /// Runs `body` in a child whose real stderr is a file, and returns what the child printed
    /// and what reached that file.
    func runWithStderrFile(_ body: @escaping () -> Never) throws -> (output: String, stderr: [UInt8]) {
        let path = NSTemporaryDirectory() + "curtain-real-stderr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        let result = try runChild {
            let real = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard real >= 0 else { _exit(90) }
            dup2(real, STDERR_FILENO)
            close(real)
            body()
        }
        #expect(result.signal == 0 && result.exitCode == 0, "ended by signal \(result.signal), exit code \(result.exitCode): \(result.output)")
        let stderr = FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
        return (result.output, stderr)
    }

    /// A child writing 200 MB to the inherited stderr while it is captured: the file keeps the
    /// first and the last megabyte (never more than 2 MiB on disk), the replay is those two
    /// and one line saying how much was dropped between, and the file is in memory, not in
    /// `$TMPDIR`.
    @Test func aChattyChildFillsNoMoreThanTwoMegabytes() throws {
        let directory = NSTemporaryDirectory() + "curtain-tmpdir-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let total = 200 * 1024 * 1024
        let (output, stderr) = try runWithStderrFile {
            setenv("TMPDIR", directory, 1)
            StderrCapture.start()
            var link = [CChar](repeating: 0, count: 512)
            let count = readlink("/proc/self/fd/\(StderrCapture._fileDescriptor)", &link, link.count - 1)
            let where_ = count > 0 ? String(decoding: link[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?"
            var pid: pid_t = 0
            let script = "printf FIRST >&2; head -c \(total) /dev/zero | tr '\\0' x >&2; printf LAST >&2"
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(script), nil]
            guard posix_spawn(&pid, "/bin/sh", nil, nil, argv, ProcessEnvironment.block) == 0 else { _exit(91) }
            var status: Int32 = 0
            waitpid(pid, &status, 0)
            usleep(100_000) // the drain thread's last chunks
            let size = StderrCapture._fileSize ?? -1
            StderrCapture.finish()
            let report = Array("file=\(where_) size=\(size) child=\(status)\n".utf8)
            _ = report.withUnsafeBytes { write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            _exit(0)
        }
        let line = try #require(output.split(separator: "\r\n").first { $0.hasPrefix("file=") }, "\(output)")
        // In memory (the system layer's AnonymousFile: memfd_create on Linux), so nothing is
        // written to $TMPDIR, whatever it is.
        #expect(line.contains("file=/memfd:curtain-stderr"), "the capture file is in memory: \(line)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: directory))?.isEmpty == true, "nothing in $TMPDIR")
        let size = try #require(line.split(separator: " ").first { $0.hasPrefix("size=") }.flatMap { Int($0.dropFirst(5)) })
        #expect(size <= 2 * 1024 * 1024, "the capture file grew to \(size) bytes")
        #expect(line.hasSuffix("child=0"), "\(line)")
        let written = 5 + total + 4
        let dropped = written - 2 * 1024 * 1024
        let notice = "\n[curtain: \(dropped) bytes of standard error dropped here; the first and last are kept]\n"
        #expect(stderr.count == 2 * 1024 * 1024 + notice.utf8.count, "the replay is \(stderr.count) bytes")
        #expect(stderr.starts(with: Array("FIRSTxxx".utf8)))
        #expect(Array(stderr.suffix(7)) == Array("xxxLAST".utf8))
        let text = String(decoding: stderr, as: UTF8.self)
        #expect(text.contains(notice), "one line says how much was dropped")
    }

    /// The ring wraps: small limits, writes of odd sizes, the bytes kept in order.
    @Test func theCaptureKeepsTheHeadAndTheTailInOrder() throws {
        let (_, stderr) = try runWithStderrFile {
            StderrCapture.start(headLimit: 10, tailLimit: 10)
            let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".utf8)
            var offset = 0
            while offset < alphabet.count {
                let count = min(7, alphabet.count - offset)
                alphabet[offset..<offset + count].withUnsafeBytes { _ = write(STDERR_FILENO, $0.baseAddress, count) }
                offset += count
                usleep(2_000)
            }
            usleep(50_000)
            StderrCapture.finish()
            _exit(0)
        }
        let text = String(decoding: stderr, as: UTF8.self)
        #expect(text == "abcdefghij\n[curtain: 42 bytes of standard error dropped here; the first and last are kept]\n0123456789")
    }

    /// A drain thread that read a chunk and is kept off its core (here it holds the chunk for
    /// 1.5 s, longer than any time-out the hand-over had) still has it filed before what
    /// `finish()` finds in the pipe after it: the order of the words is kept.
    @Test func aChunkHeldByAStalledDrainThreadStaysBeforeTheLastWords() throws {
        let (_, stderr) = try runWithStderrFile {
            StderrCapture._holdEachChunk(milliseconds: 1_500)
            StderrCapture.start()
            _ = write(STDERR_FILENO, "early\n", 6)
            usleep(50_000) // the thread has read "early" and holds it
            _ = write(STDERR_FILENO, "last words\n", 11)
            StderrCapture.finish()
            _exit(0)
        }
        #expect(String(decoding: stderr, as: UTF8.self) == "early\nlast words\n")
    }

    /// Little output is replayed as it was, with no notice; the last words before a crash
    /// (still in the pipe when the signal comes) are not lost.
    @Test func aCrashReplaysTheLastWords() throws {
        let path = NSTemporaryDirectory() + "curtain-crash-stderr-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        defer { unlink(path) }
        let result = try runChild {
            ResourceLimits.disableCoreDumps()
            let real = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            dup2(real, STDERR_FILENO)
            close(real)
            EmergencyRestore.arm(fileDescriptor: STDOUT_FILENO, resetBytes: Array("[reset]".utf8))
            StderrCapture.start()
            _ = write(STDERR_FILENO, "early\n", 6)
            usleep(20_000)
            _ = write(STDERR_FILENO, "last words\n", 11)
            raise(SIGTERM)
            _exit(1)
        }
        #expect(result.signal == SIGTERM)
        let stderr = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
        #expect(stderr == "early\nlast words\n")
    }
}
