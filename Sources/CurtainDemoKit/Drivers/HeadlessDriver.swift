import Curtain
import CurtainLayout
import CurtainScreen
import Glibc

/// Runs the demo with no terminal, on a manual clock: as fast as the machine allows, and the
/// same frames every time. Prints the final screen (or every frame) to standard output.
@MainActor
public enum HeadlessDriver {
    public static func run(_ options: DemoOptions) throws -> Int32 {
        guard options.size.width >= 1, options.size.height >= 1, options.size.width <= 1000, options.size.height <= 1000 else {
            throw DemoError("invalid --size \(options.size.width)x\(options.size.height): use COLSxROWS between 1x1 and 1000x1000", exitStatus: 2)
        }
        let timeline = try options.loadTimeline()
        let clock = ManualClock()
        let motion = MotionSettings(reduceMotion: options.reduceMotion, speed: options.speed)
        let app = DemoApp(size: options.size, clock: clock, motion: motion)
        // What a terminal would show: no colours under NO_COLOR, else every colour as drawn.
        let colorDepth: ColorDepth = options.noColor ? .monochrome : .trueColor
        // No wall-clock timestamp: the file is byte-identical from run to run.
        let recorder = try options.record.map {
            try FrameRecorder(path: $0, size: options.size, timestamp: nil, force: options.force, colorDepth: colorDepth)
        }
        var cursor = timeline.map(ScriptCursor.init)
        var frameCount = 0
        var last = app.screen

        func emit(_ frame: CellBuffer) throws(DemoError) {
            last = frame
            frameCount += 1
            recorder?.record(frame, at: clock.now)
            if options.frames {
                try StandardStreams.writeOutput("--- frame \(frameCount) at \(formatSeconds(clock.now))s ---\n")
                try StandardStreams.writeOutput(render(frame, as: options.output, colorDepth: colorDepth))
            }
        }

        if let frame = app.renderFrame() { try emit(frame) }
        // Without a script, the first frame is the whole run.
        while var current = cursor, !app.quitRequested {
            // Wake for the next scripted event or the next frame the app needs, whichever is first.
            let next = min(current.nextTime ?? .infinity, app.nextWakeTime)
            guard next.isFinite else { break }
            clock.set(max(clock.now, next))
            var ended = false
            for timed in current.advance(to: clock.now) {
                if timed.event == .end { ended = true; break }
                if let event = DemoEvent(timed.event) { app.handle(event) }
                if app.quitRequested { break }
            }
            cursor = current
            if let frame = app.renderFrame() { try emit(frame) }
            if ended { break }
        }
        recorder?.finish(at: clock.now)
        if !options.frames { try StandardStreams.writeOutput(render(last, as: options.output, colorDepth: colorDepth)) }
        if let failure = recorder?.failure { throw DemoError(failure) }
        return 0
    }
}

/// A frame as text lines, or as text with SGR sequences (reset at each line end) for what a
/// terminal of `colorDepth` shows.
func render(_ drawn: CellBuffer, as output: DemoOptions.Output, colorDepth: ColorDepth) -> String {
    switch output {
    case .text:
        return drawn.lines(trimmingTrailingSpaces: true).joined(separator: "\n") + "\n"
    case .ansi:
        let frame = drawn.reducingColors(to: colorDepth)
        var out = ""
        for y in 0..<frame.size.height {
            var encoder = ANSIEncoder()
            // One run over the whole row: every cell written, one cursor address at its start,
            // which is then dropped (a line of a pipe has no cursor to move).
            let cells = (0..<frame.size.width).map { frame[$0, y] }
            let bytes = stripCursorSequences(encoder.encode([CellRun(y: y, x: 0, cells: cells)], frame: frame))
            out += String(decoding: bytes, as: UTF8.self) + "\u{1B}[0m\n"
        }
        return out
    }
}

/// Removes CSI sequences other than SGR (cursor moves, clears) from encoder output.
func stripCursorSequences(_ bytes: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(bytes.count)
    var i = 0
    while i < bytes.count {
        if bytes[i] == 0x1B, i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "[") {
            var j = i + 2
            while j < bytes.count, !(0x40...0x7E).contains(bytes[j]) { j += 1 }
            if j < bytes.count, bytes[j] == UInt8(ascii: "m") { out += bytes[i...j] }
            i = j + 1
            continue
        }
        out.append(bytes[i])
        i += 1
    }
    return out
}

func formatSeconds(_ value: Double) -> String {
    let millis = Int((value * 1000).rounded())
    let fraction = millis % 1000
    return "\(millis / 1000)." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + "\(fraction)"
}
