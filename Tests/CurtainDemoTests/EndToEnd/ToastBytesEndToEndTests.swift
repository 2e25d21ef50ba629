import CurtainLayout
import Foundation
import Testing

/// What a toast appearing costs in 24-bit colour, read from the demo's own output under tmux
/// (`pipe-pane -O`, `TERM=xterm-256color COLORTERM=truecolor`: ncurses draws with
/// `xterm-direct`, a full SGR pair a cell whose colours change).
@Suite(.serialized, .enabled(if: DemoBinary.canRunEndToEnd, "needs tmux and the built demo"))
struct ToastBytesEndToEndTests {
    /// Within 1.25× of its floor — its own frames, each against the one before, in the shortest
    /// exact SGRs: 14 737 B (issue 38; docs/PERFORMANCE.md, "Colours in fewer bytes") — with the
    /// dim still animating: every cell of the Colours pane's bands is repainted once per dim
    /// step, and there are at least two of them. Four steps cost 31.1 KB; three, with both
    /// colours sent at every change of pair, 24.1 KB.
    @Test func aToastInTwentyFourBitColourCostsUnderHalfTheBubbleTeaTwin() throws {
        let demo = try DemoSession(columns: 80, rows: 24)
        let layout = ExpectedLayout(columns: 80, rows: 24)
        let before = try demo.launch(prefix: "env TERM=xterm-256color COLORTERM=truecolor ")
        let output = demo.directory.appendingPathComponent("output").path
        _ = try demo.tmux.run(["pipe-pane", "-O", "-t", demo.tmux.session, "cat > '\(output)'"])
        try demo.tmux.type("t")
        _ = try demo.settle(changedFrom: before) { $0.lowestBox(in: layout.content(0)) != nil }
        _ = try demo.tmux.run(["pipe-pane", "-t", demo.tmux.session])
        Thread.sleep(forTimeInterval: 0.2)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output)))
        // The pacing's status requests are not the toast's.
        let request: [UInt8] = [0x1b, 0x5b, 0x35, 0x6e]
        let frames = bytes.split(separator: request, omittingEmptySubsequences: true)
        while let range = bytes.firstRange(of: request) { bytes.removeSubrange(range) }
        // The clock ticks meanwhile (47 B a tick in 24-bit colour): a second of settling at most.
        let clockTicks = bytes.ranges(of: [0xe2, 0x96, 0x88] as [UInt8]).count
        let toastBytes = bytes.count - 60 * clockTicks
        #expect(toastBytes < 18_500, "the toast cost \(bytes.count) bytes (\(clockTicks) clock ticks among them)")
        // The dim steps: frames that repaint the bands (▚, E2 96 9A) of the Colours pane.
        let band: [UInt8] = [0xe2, 0x96, 0x9a]
        let repaints = frames.map { $0.ranges(of: band).count }.filter { $0 >= 100 }
        #expect(repaints.count >= 2, "the dim still animates: band repaints per frame \(repaints)")
        #expect(bytes.contains(0x1b) && String(decoding: bytes, as: UTF8.self).contains("38;2;"),
                "24-bit colours in the semicolon form the tuned entry writes (xterm-direct's is 38:2::)")
        try demo.tmux.keys("C-c")   // the toast has focus: q would be typed into it
        #expect(try demo.waitForExit().status == "status:0")
    }
}
