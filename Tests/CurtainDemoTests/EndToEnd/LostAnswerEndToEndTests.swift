import Foundation
import Testing

/// As it was found: in tmux at 200 × 50, `m` and a paste start that never
/// closes (or a mouse report cut short) froze the demo's frames for 11 s, until the wait for
/// the lost status answer ran out. Now the modal slides in at once and comes to rest in its
/// usual time (a third of a second), and the cut-off report clicks nothing.
extension DemoEndToEndTests {
    @Test(arguments: [["6d", "1b", "5b", "32", "30", "30", "7e"], ["6d", "1b", "5b", "4d", "20", "21"]])
    func theModalArrivesAtOnceAfterInputThatSwallowedTheAnswer(bytes: [String]) throws {
        let demo = try DemoSession(columns: 200, rows: 50)
        try demo.launch()
        try demo.tmux.run(["send-keys", "-t", demo.tmux.session, "-H"] + bytes)
        let start = Date()
        var rested: TimeInterval?
        while Date().timeIntervalSince(start) < 3 {
            // At rest, the modal's top border is on the second row.
            let lines = try demo.tmux.captureText().components(separatedBy: "\n")
            if lines.count > 1, lines[1].contains("Full-screen modal") {
                rested = Date().timeIntervalSince(start)
                break
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
        let seconds = try #require(rested, "\(bytes): the modal did not come to rest within 3 s")
        #expect(seconds < 1, "\(bytes): \(seconds) s")
        Thread.sleep(forTimeInterval: 1.2) // a paste left open ends by its stall; then keys are keys
        try demo.tmux.keys("Escape")
        Thread.sleep(forTimeInterval: 0.1)
        try demo.tmux.type("q")
        #expect(try demo.waitForExit().status == "status:0")
    }
}
