import Curtain
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

/// The output end of a socket pair of packets: every `write(2)` the session makes is one
/// packet the test receives, so writes are counted, not guessed from what a read returned.
final class PacketTerminal {
    let output: UnsafeMutablePointer<FILE>
    let input: UnsafeMutablePointer<FILE>
    private let reader: Int32

    init() throws {
        setenv("TERM", "xterm-256color", 1)
        unsetenv("LINES")
        unsetenv("COLUMNS")
        setlocale(LC_ALL, "C.UTF-8")
        var ends: [Int32] = [-1, -1]
        try #require(socketpair(AF_UNIX, Int32(SOCK_SEQPACKET.rawValue), 0, &ends) == 0)
        reader = ends[0]
        output = try #require(fdopen(ends[1], "w"))
        input = try #require(fopen("/dev/null", "r"))
    }

    deinit {
        fclose(output)
        fclose(input)
        close(reader)
    }

    /// The writes made since the last call, one array of bytes each.
    func writes() -> [[UInt8]] {
        var packets: [[UInt8]] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(reader, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
            guard count > 0 else { return packets }
            packets.append(Array(buffer[0..<count]))
        }
    }
}

extension NcursesTests.Drawing {
    /// ncurses 6.4 flushes after each cursor move: a change of three rows was five writes, a
    /// status request or brackets one more each. Now a frame is one write whatever it changed,
    /// brackets included.
    @Test(arguments: [false, true])
    func aFrameOfSeveralRowsIsOneWrite(synchronizedOutput: Bool) throws {
        let terminal = try PacketTerminal()
        let session = try TerminalSession(output: terminal.output, input: terminal.input,
                                          synchronizedOutput: synchronizedOutput)
        defer { session.stop() }
        var frame = CellBuffer(size: session.size)
        frame.put("first frame", x: 0, y: 0)
        session.draw(frame)
        _ = terminal.writes()
        for row in [3, 9, 17] { frame.put("row \(row) changed", x: 4 + row, y: row) }
        session.draw(frame)
        let small = terminal.writes()
        #expect(small.count == 1, "three rows in \(small.count) writes")
        let text = small.map { String(decoding: $0, as: UTF8.self) }.joined()
        #expect(["row 3 changed", "row 9 changed", "row 17 changed"].allSatisfy(text.contains))
        // A frame of many rows, bracketed when the terminal has synchronized output.
        for row in 0..<session.size.height {
            _ = frame.draw(String(repeating: "\(row % 10)", count: session.size.width), at: Point(x: 0, y: row),
                           style: Style(foreground: .indexed(UInt8(row % 200)), background: .indexed(UInt8(row + 16))))
        }
        session.draw(frame)
        let large = terminal.writes()
        #expect(large.count == 1, "a whole screen in \(large.count) writes")
        let whole = String(decoding: large.first ?? [], as: UTF8.self)
        #expect(whole.hasPrefix("\u{1B}[?2026h") == synchronizedOutput)
        #expect(whole.hasSuffix("\u{1B}[?2026l") == synchronizedOutput)
    }
}
