import CurtainLayout
import CurtainRecording
import CurtainTestSupport
import CurtainScreen
import CurtainTestSupport
import Synchronization

/// Bytes a recorder wrote, collected in memory.
final class CollectedBytes: Sendable {
    private let storage = Mutex<[UInt8]>([])
    var bytes: [UInt8] { storage.withLock { $0 } }
    var text: String { String(decoding: bytes, as: UTF8.self) }
    func append(_ bytes: [UInt8]) -> String? {
        storage.withLock { $0 += bytes }
        return nil
    }
}

/// Records `frames` (each shown at its time) in `format` and returns the file's bytes.
func recorded(_ format: RecordingFormat, _ frames: [(CellBuffer, Double)], until end: Double,
              options: RecordingOptions = RecordingOptions()) throws -> [UInt8] {
    let sink = CollectedBytes()
    let recorder = try ScreenRecorder(format: format, options: options, pacing: .everyFrame) { sink.append($0) }
    for (frame, time) in frames { recorder.record(frame, at: time) }
    recorder.finish(at: end)
    return sink.bytes
}

/// A small screen with what a recording must get right: coloured text, a box, a wide
/// character, an emoji, a reversed and an underlined cell.
func sampleScreen(width: Int = 12, height: Int = 5, label: String = "Hi") -> CellBuffer {
    var buffer = CellBuffer(size: Size(width: width, height: height))
    let red = Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 128))
    buffer.fill(Rect(x: 0, y: 0, width: width, height: 1), with: .blank(red))
    _ = buffer.draw(label, at: Point(x: 1, y: 0), style: red)
    _ = buffer.draw("┌──┐", at: Point(x: 0, y: 1), style: .plain)
    _ = buffer.draw("│漢│", at: Point(x: 0, y: 2), style: .plain)
    _ = buffer.draw("└──┘", at: Point(x: 0, y: 3), style: .plain)
    _ = buffer.draw("🎉", at: Point(x: 6, y: 2), style: Style(foreground: .yellow))
    _ = buffer.draw("R", at: Point(x: 9, y: 2), style: Style(attributes: .reverse))
    _ = buffer.draw("U", at: Point(x: 10, y: 2), style: Style(attributes: .underline))
    return buffer
}
