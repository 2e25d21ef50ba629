import Curtain
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import Foundation
import CurtainPlatform
import Testing

/// The pty functions glibc declares only under _XOPEN_SOURCE, which Swift's Glibc module is built
/// without; looked up at run time with their C signatures.
enum PseudoTerminal {
    typealias IntFunction = @convention(c) (Int32) -> Int32
    typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    static func function<T>(_ name: String, as type: T.Type) -> T {
        unsafeBitCast(dlsym(nil, name)!, to: type)
    }

    /// Sets the window size of a pty (through its master), as a terminal emulator does when its
    /// window is resized; the kernel then sends SIGWINCH to the foreground process group.
    static func setSize(_ fd: Int32, columns: UInt16, rows: UInt16) -> Bool {
        typealias IoctlFunction = @convention(c) (Int32, UInt, UnsafeMutableRawPointer) -> Int32
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        return function("ioctl", as: IoctlFunction.self)(fd, UInt(TIOCSWINSZ), &size) == 0
    }

    /// Opens a new pty; returns the master and the slave's path.
    static func open() -> (master: Int32, slavePath: String)? {
        let master = function("posix_openpt", as: IntFunction.self)(O_RDWR | O_NOCTTY)
        guard master >= 0 else { return nil }
        guard function("grantpt", as: IntFunction.self)(master) == 0,
              function("unlockpt", as: IntFunction.self)(master) == 0,
              let name = function("ptsname", as: NameFunction.self)(master) else {
            close(master)
            return nil
        }
        return (master, String(cString: name))
    }
}

extension NcursesTests {
    /// Runs a real session in a child process on a pseudo-terminal and checks that the terminal
    /// is usable again however the child ends: modes restored (echo, canonical input) and the
    /// reset sequences (leave the alternate screen, cursor visible, paste off) written.
    @MainActor @Suite struct RestoreOnExit {
        struct ChildResult {
            var output: String
            /// The signal that ended the child, 0 when it exited.
            var signal: Int32
            var exitCode: Int32
            var termios: termios
            var echoes: Bool { termios.c_lflag & tcflag_t(ECHO) != 0 }
            var canonical: Bool { termios.c_lflag & tcflag_t(ICANON) != 0 }
        }

        /// Forks a child whose stdin/stdout are the slave of a new pty and runs `body` there (it
        /// must not return). `onOutput` sees the output so far and may write to the master.
        func runChild(_ body: () -> Never, onOutput: (String, Int32, pid_t) -> Void = { _, _, _ in }) throws -> ChildResult {
            let (master, slaveName) = try #require(PseudoTerminal.open())
            defer { close(master) }
            let pid = fork()
            try #require(pid >= 0)
            if pid == 0 {
                // Child: a new session with the pty as its controlling terminal.
                setsid()
                let slave = open(slaveName, O_RDWR)
                let null = open("/dev/null", O_WRONLY)
                dup2(slave, 0)
                dup2(slave, 1)
                dup2(null, 2) // keep crash messages out of the test log
                setenv("TERM", "xterm-256color", 1)
                unsetenv("LINES")
                unsetenv("COLUMNS")
                // The trap should reach the default action, not the runtime's backtracer.
                signal(SIGILL, SIG_DFL)
                signal(SIGTRAP, SIG_DFL)
                // The forking test thread may block signals; a program's main thread does not.
                var none = sigset_t()
                sigemptyset(&none)
                sigprocmask(SIG_SETMASK, &none, nil)
                body()
            }
            var bytes: [UInt8] = []
            var status: Int32 = 0
            var exited = false
            let deadline = ContinuousClock.now.advanced(by: .seconds(20)) // a hang guard, not a timing check
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                var fds = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                if poll(&fds, 1, 50) > 0 {
                    let n = read(master, &buffer, buffer.count)
                    if n > 0 {
                        bytes += buffer[0..<n]
                        onOutput(String(decoding: bytes, as: UTF8.self), master, pid)
                        continue
                    }
                }
                if exited { break }
                if waitpid(pid, &status, WNOHANG) == pid { exited = true; continue } // one more drain
                if ContinuousClock.now > deadline {
                    kill(pid, SIGKILL)
                    waitpid(pid, &status, 0)
                    Issue.record("the child hung")
                    break
                }
            }
            let slave = open(slaveName, O_RDWR | O_NOCTTY)
            defer { close(slave) }
            var modes = termios()
            try #require(tcgetattr(slave, &modes) == 0)
            let signal = status & 0x7F
            return ChildResult(output: String(decoding: bytes, as: UTF8.self), signal: signal,
                               exitCode: signal == 0 ? (status >> 8) & 0xFF : 0, termios: modes)
        }

        /// Starts a session and draws a frame with "ready" in it.
        static func startAndDraw() -> TerminalSession {
            guard let session = try? TerminalSession(programName: "child") else { _exit(99) }
            session._awaitStartUpAnswersBlocking() // drawn with what the answers decide
            var frame = CellBuffer(size: session.size)
            frame.put("ready", x: 0, y: 0)
            session.draw(frame)
            return session
        }

        func expectRestored(_ result: ChildResult, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(result.output.contains("ready"), sourceLocation: sourceLocation)
            #expect(result.echoes, "echo is back on", sourceLocation: sourceLocation)
            #expect(result.canonical, "line editing is back", sourceLocation: sourceLocation)
            let tail = result.output.components(separatedBy: "ready").last ?? ""
            #expect(tail.contains("\u{1B}[?1049l"), "left the alternate screen", sourceLocation: sourceLocation)
            #expect(tail.contains("\u{1B}[?25h"), "cursor visible", sourceLocation: sourceLocation)
            #expect(tail.contains("\u{1B}[?2004l"), "bracketed paste off", sourceLocation: sourceLocation)
            #expect(tail.contains("\u{1B}[?1006l"), "mouse reports off", sourceLocation: sourceLocation)
        }

        @Test func aNormalStopRestoresTheTerminal() throws {
            let result = try runChild {
                let session = Self.startAndDraw()
                session.stop()
                _exit(0)
            }
            #expect(result.signal == 0 && result.exitCode == 0)
            expectRestored(result)
            #expect(result.output.contains("\u{1B}[?2004h"), "bracketed paste was on")
            #expect(result.output.contains("\u{1B}[?1002h\u{1B}[?1006h"), "mouse reports were on, set by the session")
        }

        @Test func controlCArrivesAsAKeyAndTheProgramQuitsNormally() async throws {
            var sent = false
            let result = try runChild({
                let session = Self.startAndDraw()
                while let event = session.nextEventBlocking(within: nil) {
                    if event == .key(.ctrl("c")) { break }
                }
                session.stop()
                _exit(3)
            }, onOutput: { output, master, _ in
                if !sent, output.contains("ready") {
                    sent = true
                    var byte: UInt8 = 3
                    _ = write(master, &byte, 1)
                }
            })
            #expect(result.signal == 0, "Ctrl-C did not raise SIGINT: the terminal is raw")
            #expect(result.exitCode == 3)
            expectRestored(result)
        }

        @Test func aTrapRestoresTheTerminalAndStillDiesOfTheSignal() throws {
            let result = try runChild {
                let session = Self.startAndDraw()
                withExtendedLifetime(session) {
                    let values: [Int] = []
                    _ = values[Int(getpid()) % 2 + 1] // out of bounds: a Swift runtime trap
                }
                _exit(0)
            }
            #expect(result.signal == SIGILL || result.signal == SIGTRAP)
            expectRestored(result)
        }

        @Test(arguments: [SIGTERM, SIGHUP, SIGINT])
        func aTerminatingSignalRestoresTheTerminal(signal: Int32) async throws {
            var sent = false
            let result = try runChild({
                let session = Self.startAndDraw()
                while true { _ = session.nextEventBlocking(within: nil) }
            }, onOutput: { output, _, pid in
                if !sent, output.contains("ready") {
                    sent = true
                    kill(pid, signal)
                }
            })
            #expect(result.signal == signal, "exit code \(result.exitCode)")
            expectRestored(result)
        }

        /// `kill -ILL` is not a crash: a crash reporter installed before the session (as the Swift
        /// runtime's backtracer is) returns to code that never faulted, and the program would
        /// go on drawing into the restored terminal. It must die of the signal instead.
        @Test(arguments: [SIGILL, SIGSEGV])
        func aTrapSignalSentByAnotherProcessEndsTheProgram(signal: Int32) async throws {
            var sent = false
            let result = try runChild({
                // A reporter that returns, like the backtracer does once it has printed.
                SignalAction.plain({ _ in }).install(signal)
                let session = Self.startAndDraw()
                while true { _ = session.nextEventBlocking(within: nil) }
            }, onOutput: { output, _, pid in
                if !sent, output.contains("ready") {
                    sent = true
                    kill(pid, signal)
                }
            })
            #expect(result.signal == signal, "exit code \(result.exitCode)")
            expectRestored(result)
        }

        /// A restore that begins while a frame is being written on another thread (a signal is
        /// handled on the main thread while the main actor draws on a dispatch thread) comes
        /// after that frame, and nothing the session writes comes after it: before, a frame
        /// written after the restore landed on the shell's screen. The frame's write is held by
        /// the terminal's flow control (`tcflow(TCOOFF)`) until another thread resumes the output.
        /// (That the frame ends first is also the kernel's doing on a terminal, whose write holds
        /// its lock to the end; the restore's wait covers a write the system splits.)
        @Test func aRestoreWaitsForTheFrameInProgressAndNothingFollowsIt() throws {
            let result = try runChild {
                _ = tcflow(1, TCOOFF)
                _ = PlatformThread.startDetachedWithSignalsBlocked {
                    TerminalWrites.write(1, Array("FRAME-START".utf8) + Array(repeating: UInt8(ascii: "x"), count: 16_384) + Array("FRAME-END".utf8))
                }
                _ = PlatformThread.startDetachedWithSignalsBlocked {
                    usleep(150_000)
                    _ = tcflow(1, TCOON)
                }
                usleep(50_000) // the frame's write is under way, held
                TerminalWrites.beginRestore()
                _ = writeAll(1, Array("RESTORED".utf8))
                TerminalWrites.write(1, Array("LATE".utf8))
                exit(0)
            }
            let output = result.output
            let end = try #require(output.range(of: "FRAME-END"), "the frame was written whole")
            let restored = try #require(output.range(of: "RESTORED"))
            #expect(end.upperBound <= restored.lowerBound, "the frame ended before the restore")
            #expect(!output.contains("LATE"), "nothing after the restore")
        }

        @Test func exitWithoutStopRestoresTheTerminal() throws {
            let result = try runChild {
                let session = Self.startAndDraw()
                withExtendedLifetime(session) { exit(5) }
            }
            #expect(result.signal == 0 && result.exitCode == 5)
            expectRestored(result)
        }

        /// Ctrl-Z as a shell sees it: the program stops with the terminal restored, and after
        /// SIGCONT (what `fg` sends) it takes the screen back and repaints.
        ///
        /// The session runs in a grandchild with its own foreground process group, because the
        /// kernel ignores SIGTSTP in a process group without a parent in the session (the child
        /// is a session leader); the child plays the shell.
        @Test func controlZStopsWithTheTerminalRestoredAndFgRepaints() async throws {
            var sent = false
            let result = try runChild({
                let job = fork()
                if job == 0 {
                    setpgid(0, 0)
                    let session = Self.startAndDraw()
                    // Ctrl-Z is a key; nothing else takes it, so the program suspends.
                    while let event = session.nextEventBlocking(within: nil) {
                        if event == .key(.ctrl("z")) {
                            session._suspendBlocking()
                            break
                        }
                    }
                    session.stop()
                    _exit(7)
                }
                setpgid(job, job)
                signal(SIGTTOU, SIG_IGN)
                tcsetpgrp(0, job)
                var status: Int32 = 0
                waitpid(job, &status, WUNTRACED)
                let stopped = status & 0xFF == 0x7F
                var modes = termios()
                tcgetattr(0, &modes)
                let echo = modes.c_lflag & tcflag_t(ECHO) != 0
                let marker = Array("<stopped=\(stopped) echo=\(echo)>".utf8)
                _ = marker.withUnsafeBytes { write(1, $0.baseAddress, $0.count) }
                kill(job, SIGCONT)
                waitpid(job, &status, 0)
                _exit(status & 0x7F == 0 ? (status >> 8) & 0xFF : 100)
            }, onOutput: { output, master, _ in
                if !sent, output.contains("ready") {
                    sent = true
                    var byte: UInt8 = 0x1A
                    _ = write(master, &byte, 1)
                }
            })
            #expect(result.exitCode == 7)
            let parts = result.output.components(separatedBy: "<stopped=true echo=true>")
            try #require(parts.count == 2, "the job stopped with echo back on: \(result.output.debugDescription)")
            #expect(parts[0].hasSuffix("\u{1B}[?2004l") || parts[0].contains("\u{1B}[?1049l"), "left the screen before stopping")
            #expect(parts[0].contains("\u{1B}[?1002l\u{1B}[?1000l"), "mouse reports off while stopped")
            #expect(parts[1].contains("\u{1B}[?2004h"), "bracketed paste back on after fg")
            #expect(parts[1].contains("\u{1B}[?1002h\u{1B}[?1006h"), "mouse reports back on after fg")
            #expect(parts[1].contains("ready"), "the last frame was repainted after fg")
            expectRestored(result)
        }

        /// The resize wake-up and the terminal's own size (`TIOCGWINSZ`) turn a window size
        /// change into a resize event with the new size, and the next frame fills the new size.
        @Test(arguments: [false, true])
        func aWindowSizeChangeArrivesAsAResizeEvent(whileBusy: Bool) async throws {
            var resized = false
            let result = try runChild({
                let session = Self.startAndDraw()
                // Busy (not reading input) when the size changes: the signal only leaves a byte
                // in the wake-up pipe.
                if whileBusy { usleep(300_000) }
                while let event = session.nextEventBlocking(within: nil) {
                    if case .resize(let size) = event {
                        var frame = CellBuffer(size: size)
                        frame.put("wide", x: size.width - 4, y: size.height - 1)
                        session.draw(frame)
                        session.stop()
                        _exit(size == Size(width: 100, height: 30) ? 10 : 11)
                    }
                }
                _exit(12)
            }, onOutput: { output, master, _ in
                if !resized, output.contains("ready") {
                    resized = true
                    let ok = PseudoTerminal.setSize(master, columns: 100, rows: 30)
                    if !ok { Issue.record("TIOCSWINSZ failed: errno \(errno)") }
                }
            })
            #expect(result.exitCode == 10, "resize to 100×30 reported")
            #expect(result.output.contains("\u{1B}[30;97Hwid"), "drawn at the new bottom-right (ncurses writes the last cell with margins off)")
        }

        /// Waiting for input without a timeout sleeps in the kernel: in a second of idle the
        /// program does not wake up (the main thread's voluntary context switches stay put),
        /// and a resize still wakes it at once.
        @Test func anIdleWaitDoesNotWakeUpYetSeesAResize() async throws {
            var measured = false
            var wakeUps = -1
            func voluntarySwitches(_ pid: pid_t) -> Int {
                let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
                let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
                return line.flatMap { Int($0.split(separator: "\t").last?.trimmingCharacters(in: .whitespaces) ?? "") } ?? -1
            }
            let result = try runChild({
                let session = Self.startAndDraw()
                while let event = session.nextEventBlocking(within: nil) {
                    if case .resize = event { session.stop(); _exit(10) }
                }
                _exit(12)
            }, onOutput: { output, master, pid in
                guard !measured, output.contains("ready") else { return }
                measured = true
                usleep(200_000) // into its wait
                let before = voluntarySwitches(pid)
                usleep(1_000_000)
                wakeUps = voluntarySwitches(pid) - before
                _ = PseudoTerminal.setSize(master, columns: 90, rows: 20)
            })
            #expect(result.exitCode == 10, "the resize woke the wait")
            #expect((0...1).contains(wakeUps), "woke \(wakeUps) times in a second of idle (a 100 ms poll would be ~10)")
        }
    }
}
