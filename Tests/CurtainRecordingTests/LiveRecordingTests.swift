@testable import CurtainRecording
import CurtainScreen
import CurtainTestSupport
import Foundation
import Testing

@Suite struct LiveRecordingTests {
    /// A live recording wakes its encoder once for a batch of frames, not once a frame: fewer
    /// frames than a batch are not encoded yet, a batch is, and frames still waiting when the
    /// program ends are all in the file.
    @Test func framesAreEncodedABatchAtATimeAndNoneIsLostAtTheEnd() throws {
        let sink = CollectedBytes()
        let recorder = try ScreenRecorder(format: .gif, options: RecordingOptions(), pacing: .live) { sink.append($0) }
        let batch = ScreenRecorder.liveBatch
        for index in 0..<(batch - 1) { recorder.record(sampleScreen(label: "\(index)"), at: Double(index)) }
        Thread.sleep(forTimeInterval: 0.2)
        #expect(sink.bytes.isEmpty)
        recorder.record(sampleScreen(label: "\(batch - 1)"), at: Double(batch - 1))
        // The frames before the last are written once encoded (the last waits for its delay).
        let deadline = ContinuousClock.now + .seconds(20)
        while sink.bytes.isEmpty, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        #expect(!sink.bytes.isEmpty)
        recorder.record(sampleScreen(label: "end"), at: Double(batch))
        recorder.finish(at: Double(batch + 2))
        let decoded = try GIFDecoding.frames(sink.bytes).frames
        #expect(decoded.map(\.delay) == [Int](repeating: 100, count: batch) + [200])
        #expect(recorder.failure == nil)
    }
}
