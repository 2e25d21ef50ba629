import Foundation
import Testing

/// Idle, the demo's once-a-second clock is all it sends, and any 5 s of it
/// stay within 300 bytes — six ticks when a window's edges catch two of them, so at most 50
/// bytes a tick (it was 54, with the digits bold). The bytes are the program's own output as
/// tmux receives it (`pipe-pane -O`), through ncurses with `TERM=xterm-256color`.
extension DemoEndToEndTests {
    @Test func anIdleClockTickCostsAtMostFiftyBytes() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        try demo.launch(prefix: "env TERM=xterm-256color ")
        let output = demo.directory.appendingPathComponent("output").path
        _ = try demo.tmux.run(["pipe-pane", "-O", "-t", demo.tmux.session, "cat > '\(output)'"])
        Thread.sleep(forTimeInterval: 3.5)
        _ = try demo.tmux.run(["pipe-pane", "-t", demo.tmux.session])
        Thread.sleep(forTimeInterval: 0.2)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        // The status request that follows a tick now and then is the pacing's, not the tick's.
        let request: [UInt8] = [0x1b, 0x5b, 0x35, 0x6e]
        var requests = 0
        while let range = bytes.firstRange(of: request) { bytes.removeSubrange(range); requests += 1 }
        // Each tick draws one cell of the bar: a full block, E2 96 88 in UTF-8.
        let ticks = bytes.ranges(of: [0xe2, 0x96, 0x88] as [UInt8]).count
        #expect(ticks >= 3, "three ticks in 3.5 s; saw \(ticks)")
        #expect(requests <= 1, "an idle clock asks once in 10 s")
        let perTick = Double(bytes.count) / Double(max(1, ticks))
        #expect(perTick <= 50, "\(bytes.count) bytes in \(ticks) ticks: \(String(decoding: bytes, as: UTF8.self).debugDescription)")
        try demo.tmux.type("q")
        #expect(try demo.waitForExit().status == "status:0")
    }
}
