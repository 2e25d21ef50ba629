import Curtain
@testable import CurtainTerminal
import Testing

/// The terminal's answer to the status request that paces frames is never lost in other input:
/// not inside a paste whose end marker never came, not after a mouse report
/// cut short; and a frame waits for a lost answer about a second at most, whatever it changed.
@Suite struct LostAnswerTests {
    /// `m`, then a paste that never closes (`ESC [ 200 ~`), then the answer to the request sent
    /// after `m`'s frame: the answer is a reply, and the paste stays empty.
    @Test func anAnswerInsideAnUnclosedPasteIsAReply() {
        let output = decoded("m\u{1B}[200~\u{1B}[0n", idle: true)
        #expect(output == keys(.character("m")) + [.reply(.deviceStatus(0))])
    }

    /// Inside a paste with text around it, the answer is taken out and the text stays whole.
    @Test func anAnswerInsideAPasteLeavesItsText() {
        let output = decoded("\u{1B}[200~ab\u{1B}[0ncd\u{1B}[201~")
        #expect(output == [.reply(.deviceStatus(0)), .event(.paste("abcd"))])
    }

    /// `ESC [ M` and two of its three bytes, then the answer: no click (at the top left, where
    /// the answer's ESC would put it), no `[0n` typed, and the answer is read.
    @Test func aCutOffMouseReportIsNotAClick() {
        let bytes: [UInt8] = [0x6D, 0x1B, 0x5B, 0x4D, 0x20, 0x21] + Array("\u{1B}[0n".utf8)
        #expect(decoded(bytes) == keys(.character("m")) + [.reply(.deviceStatus(0))])
        // Cut off with nothing after it: dropped at the idle wait.
        #expect(decoded([0x6D, 0x1B, 0x5B, 0x4D, 0x20, 0x21], idle: true) == keys(.character("m")))
    }

    /// A frame waits for the answer a second at most, whatever it changed: a whole 300 × 100
    /// screen drawn held the next frame back 31 s.
    @Test func aFrameIsHeldBackASecondAtMost() throws {
        var pacing = OutputPacing()
        pacing.probed(at: 0)
        pacing.answered(at: 0.01)
        let asks = pacing.drew(cells: 30_000, bytes: 300_000, at: 1)
        #expect(asks)
        let giveUp = try #require(pacing.giveUpTime)
        #expect(giveUp - 1 <= 1.0, "held back \(giveUp - 1) s")
    }
}

extension InputReaderTests {
    /// A paste that never closes ends by its stall, a second after its last text, even while
    /// the terminal's answers keep arriving (each frame asks for one).
    @Test func anUnclosedPasteEndsWhileAnswersKeepComing() throws {
        let piped = try PipedReader()
        piped.send("\u{1B}[200~text")
        #expect(piped.next() == .needsInput)
        for _ in 0..<3 {
            piped.clock.advance(by: 0.3)
            piped.send("\u{1B}[0n")
            #expect(piped.next() == .input(.reply(.deviceStatus(0))))
            #expect(piped.next() == .needsInput)
        }
        piped.clock.advance(by: 0.2)
        #expect(piped.next() == .input(.event(.paste("text"))), "ended 1 s after its text")
        piped.send("q")
        #expect(piped.next() == .input(.event(.key(.character("q")))))
    }
}
