import CNcurses
import Curtain
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests {
    /// A session on a pseudo-terminal in this process: the window size is set on the master
    /// as a terminal emulator does, and the test sends SIGWINCH itself (this process is not
    /// the pty's foreground group, so the kernel sends it nowhere).
    @MainActor @Suite struct Resize {
        final class PseudoTerminalFiles {
            let master: Int32
            let output: UnsafeMutablePointer<FILE>
            let input: UnsafeMutablePointer<FILE>

            init() throws {
                let (master, slavePath) = try #require(PseudoTerminal.open())
                self.master = master
                _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
                try #require(PseudoTerminal.setSize(master, columns: 80, rows: 24))
                output = try #require(fopen(slavePath, "w"))
                input = try #require(fopen(slavePath, "r"))
                setenv("TERM", "xterm-256color", 1)
                unsetenv("LINES")
                unsetenv("COLUMNS")
                setlocale(LC_ALL, "C.UTF-8")
            }

            /// Reads what the session wrote, so the pty's buffer never fills; returns its size.
            @discardableResult
            func drain() -> Int {
                var total = 0
                var buffer = [UInt8](repeating: 0, count: 65536)
                while true {
                    let count = read(master, &buffer, buffer.count)
                    if count <= 0 { return total }
                    total += count
                }
            }

            deinit {
                fclose(output)
                fclose(input)
                close(master)
            }
        }

        @Test func aWindowSizeChangeIsReadFromTheTerminalAndReported() async throws {
            let files = try PseudoTerminalFiles()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            #expect(session.size == Size(width: 80, height: 24))
            var frame = CellBuffer(size: session.size)
            frame.put("first", x: 0, y: 0)
            session.draw(frame)
            files.drain()

            try #require(PseudoTerminal.setSize(files.master, columns: 100, rows: 30))
            kill(getpid(), SIGWINCH)
            #expect(await session.nextEvent(within: 5) == .resize(Size(width: 100, height: 30)))
            #expect(session.size == Size(width: 100, height: 30), "ncurses was told")
            frame = CellBuffer(size: session.size)
            frame.put("wide", x: 96, y: 29)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 99, y: 29).text == [UInt32(UInt8(ascii: "e"))])
            files.drain()

            // A SIGWINCH with no change (a multiplexer re-attaching) is no event, but repaints.
            kill(getpid(), SIGWINCH)
            #expect(await session.nextEvent(within: 0.05) == nil)
            #expect(files.drain() > 0, "the last frame was repainted")
        }

        @Test func aSizeChangedDuringASuspensionIsReportedFirst() async throws {
            let files = try PseudoTerminalFiles()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            session.draw(CellBuffer(size: session.size))
            files.drain()
            // A file-backed session does not stop the process; the size changes "meanwhile".
            try #require(PseudoTerminal.setSize(files.master, columns: 70, rows: 20))
            await session.suspend()
            files.drain()
            _ = writeAll(files.master, Array("k".utf8))
            #expect(await session.nextEvent(within: 5) == .resize(Size(width: 70, height: 20)))
            #expect(await session.nextEvent(within: 5) == .key(.character("k")))
        }
    }
}
