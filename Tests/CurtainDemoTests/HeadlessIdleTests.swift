import Foundation
import Testing

// A headless run that shows only its last frame jumps over idle time.
@Suite("Headless idle", .serialized, .enabled(if: DemoBinary.isAvailable, "needs the built curtain-demo"))
struct HeadlessIdleTests {
    /// A hundred hours of waiting, headless: nothing moves, so the run jumps over the idle time
    /// (it used to step the clock through every tick of the clock pane: 360 000 frames). The
    /// final screen still shows the time that passed.
    @Test func longIdleWaitsAreJumpedOver() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let script = try scratch.write("long", Array(String(repeating: "wait 3600s\n", count: 100).utf8))
        let started = Date()
        let result = try runDemoInShell("--headless --script '\(script)'", in: scratch, timeout: 30)
        #expect(!result.timedOut, "100 × wait 3600s still running after 30 s")
        #expect(result.status == 0)
        #expect(result.stdout.contains("100:00:00"), "\(result.stdout)")
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
