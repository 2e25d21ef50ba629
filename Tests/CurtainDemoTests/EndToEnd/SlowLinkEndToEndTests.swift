import Foundation
import Testing

/// The demo behind a simulated link (``LinkSimulator``), bandwidth and round trip apart
/// (issue 38, item 5): the pacing decides from the bytes the link delivers a second, so a long
/// round trip over a fast link keeps every animation, a thin link still gets instant
/// transitions, and one late answer changes nothing.
@Suite(.serialized, .enabled(if: DemoBinary.isAvailable, "needs the built demo"))
struct SlowLinkEndToEndTests {
    /// What the toast's step cost: the frames drawn (each followed by a status request) and the
    /// frames that repaint the Colours pane's bands (▚), once per dim step.
    struct Toast: CustomStringConvertible {
        var frames: Int
        var bandRepaints: Int
        var description: String { "\(frames) frames, \(bandRepaints) dim steps" }
    }

    /// Starts the demo behind `link`'s settings, shows a toast, and reads what it cost.
    static func toast(rate: Double?, roundTrip: Double, lateAnswers: [Int: Double] = [:]) throws -> Toast {
        let link = try LinkSimulator(arguments: [DemoBinary.path], rate: rate, roundTrip: roundTrip,
                                     lateAnswers: lateAnswers)
        #expect(link.settle(showing: "About"), "the start settled (hang guard)")
        let before = link.received.count
        link.send("t")
        #expect(link.settle(showing: "Esc close"), "the toast settled (hang guard)")
        let output = Array(link.received(from: before))
        let request: [UInt8] = Array("\u{1B}[5n".utf8)
        let frames = output.split(separator: request, omittingEmptySubsequences: true)
        let band: [UInt8] = [0xE2, 0x96, 0x9A]
        let toast = Toast(frames: output.ranges(of: request).count,
                          bandRepaints: frames.map { $0.ranges(of: band).count }.filter { $0 >= 100 }.count)
        let status = link.quit(with: "\u{03}") // the toast has focus: q would be typed into it
        #expect(status == 0, "the demo ended with status \(String(describing: status))")
        return toast
    }

    /// A round trip of 150 ms over a fast link: the toast slides and dims as on a local
    /// terminal, every frame drawn. (Before: the first answer, 150 ms late, made the link
    /// slow: the toast appeared at once, one dim step, two frames.)
    @Test func aLongRoundTripOverAFastLinkKeepsEveryAnimationFrame() throws {
        let local = try Self.toast(rate: nil, roundTrip: 0)
        let far = try Self.toast(rate: nil, roundTrip: 0.15)
        #expect(local.bandRepaints >= 2, "local: \(local)")
        #expect(far.bandRepaints == local.bandRepaints, "150 ms: \(far); local: \(local)")
        #expect(far.frames >= local.frames - 1, "150 ms: \(far); local: \(local)")
    }

    /// 10 KB/s with no round trip to speak of: the link is slow, transitions are instant — the
    /// dim comes in one step.
    @Test func aThinLinkStillAdapts() throws {
        let thin = try Self.toast(rate: 10_000, roundTrip: 0.002)
        #expect(thin.bandRepaints <= 1, "10 KB/s: \(thin)")
        #expect(thin.frames <= 3, "10 KB/s: \(thin)")
    }

    /// A fast link where the answer to the first frame (the biggest, the whole screen) comes
    /// 200 ms late, as on a busy machine: nothing changes. (Before: the link was taken as slow.)
    @Test func oneLateAnswerOnAnIdleLinkChangesNothing() throws {
        let local = try Self.toast(rate: nil, roundTrip: 0)
        let late = try Self.toast(rate: nil, roundTrip: 0, lateAnswers: [1: 0.2])
        #expect(local.bandRepaints >= 2, "local: \(local)")
        #expect(late.bandRepaints == local.bandRepaints, "one late answer: \(late); local: \(local)")
    }
}
