import CurtainScreen

/// Writes the frames the demo draws to an asciicast v2 file: each frame as the terminal output
/// encoded from its cell diff, timestamped by the demo's clock.
///
/// Frames are first reduced to the colour depth of the terminal they were shown on, so the
/// recording shows what that terminal showed: with `NO_COLOR`, no colours and the dim as faint.
final class FrameRecorder {
    private let writer: AsciicastWriter
    private let colorDepth: ColorDepth
    private var encoder: ANSIEncoder
    private var previous: CellBuffer?
    private var bytes: [UInt8] = []

    /// - Parameter colorDepth: the depth frames were shown at; `.trueColor` records them as drawn.
    init(path: String, size: Size, timestamp: Int?, force: Bool, colorDepth: ColorDepth) throws {
        self.colorDepth = colorDepth
        encoder = ANSIEncoder(colorDepth: colorDepth)
        do {
            // Closing output: back to the default style with the cursor shown, so a replay
            // leaves the terminal as it found it, even when the demo is killed.
            writer = try AsciicastWriter(path: path, width: size.width, height: size.height,
                                         term: "xterm-256color", timestamp: timestamp, force: force,
                                         closingOutput: ANSIEncoder.resetStyle + ANSIEncoder.showCursor,
                                         closesOnSignal: true)
        } catch {
            throw DemoError(error.description, exitStatus: 2)   // "cannot record to …: …"
        }
    }

    /// Records `frame` at `time` (seconds from the start of the recording).
    func record(_ drawn: CellBuffer, at time: Double) {
        let frame = drawn.reducingColors(to: colorDepth)
        bytes.removeAll(keepingCapacity: true)
        if let previous, previous.size == frame.size {
            encoder.encode(frame.changes(from: previous), frame: frame, into: &bytes)
        } else {
            if let previous, previous.size != frame.size {
                writer.resize(columns: frame.size.width, rows: frame.size.height, at: time)
            } else {
                bytes += ANSIEncoder.hideCursor
            }
            encoder.invalidate()
            encoder.fullScreen(frame, into: &bytes)
        }
        previous = frame
        if !bytes.isEmpty { writer.output(bytes, at: time) }
    }

    /// Ends the recording at `time`: restores the style and shows the cursor (the closing
    /// output).
    func finish(at time: Double) {
        writer.close(at: time)
    }

    var failure: String? { writer.failure?.description }
}

import CurtainLayout
