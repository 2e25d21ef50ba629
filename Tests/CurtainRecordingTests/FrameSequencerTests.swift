import CurtainLayout
@testable import CurtainRecording
import CurtainScreen
import Testing

/// Which frames a recording keeps, and for how long.
@Suite struct FrameSequencerTests {
    func frame(_ text: String) -> CellBuffer {
        var buffer = CellBuffer(size: Size(width: 6, height: 1))
        _ = buffer.draw(text, at: Point(x: 0, y: 0), style: .plain)
        return buffer
    }

    func kept(_ frames: [(String, Double)], until end: Double, _ configure: (inout RecordingOptions) -> Void = { _ in })
        -> [(String, Double, Double)]
    {
        var options = RecordingOptions()
        configure(&options)
        var sequencer = FrameSequencer(options: options)
        var result: [(String, Double, Double)] = []
        func note(_ kept: FrameSequencer.Kept?) {
            guard let kept else { return }
            let text = (0..<6).map { kept.frame[$0, 0].grapheme.text }.joined().trimmingCharacters(in: .whitespaces)
            // Milliseconds: the sums of seconds are not exact in binary.
            result.append((text, (kept.start * 1000).rounded() / 1000, (kept.duration * 1000).rounded() / 1000))
        }
        for (text, time) in frames { note(sequencer.add(frame(text), at: time)) }
        note(sequencer.finish(at: end))
        return result
    }

    @Test func identicalFramesMergeAndTheLastIsShownAtLeastASecond() {
        let result = kept([("a", 0), ("a", 0.5), ("b", 1), ("c", 1.2)], until: 1.3)
        #expect(result.map(\.0) == ["a", "b", "c"])
        #expect(result.map(\.1) == [0, 1, 1.2])
        #expect(result.map(\.2) == [1, 0.2, 1])
    }

    @Test func framesSoonerThanTheCapAreReplacedByTheLaterOne() {
        let result = kept([("a", 0), ("b", 0.01), ("c", 0.02), ("d", 0.2)], until: 2) { $0.maxFramesPerSecond = 10 }
        #expect(result.map(\.0) == ["c", "d"])
        #expect(result.map(\.1) == [0, 0.2])
    }

    @Test func pausesAreCutAndSpeedDividesTime() {
        let result = kept([("a", 0), ("b", 10), ("c", 12)], until: 14) {
            $0.idleTimeLimit = 3
            $0.speed = 2
        }
        #expect(result.map(\.1) == [0, 3, 4])
        #expect(result.map(\.2) == [3, 1, 1])
        let uncut = kept([("a", 0), ("b", 10)], until: 11) { $0.idleTimeLimit = nil }
        #expect(uncut.map(\.2) == [10, 1])
    }
}
