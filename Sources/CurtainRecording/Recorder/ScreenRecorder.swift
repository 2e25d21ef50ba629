import CurtainLayout
import CurtainScreen
import Dispatch
import Synchronization

/// Records the frames of a program as a picture (SVG, GIF or PNG), encoding them on a queue of
/// its own as they come: the main actor only hands a frame over (a copy-on-write buffer), and
/// what is kept in memory is a few frames and the encoder's state, however long the recording.
///
/// Frames wait in a small mailbox. A live recording (``Pacing/live``) never makes the program
/// wait: when the encoder is behind, the newest waiting frame is replaced (the one it replaces
/// was on screen for less than a frame of the encoder's); and its encoder is woken once for
/// ``liveBatch`` frames, not once a frame (a frame waits until others come, or until the
/// recording finishes: the file is written later, nothing else changes). A headless one
/// (``Pacing/everyFrame``) waits for room, so every frame is encoded and the file is the same
/// on every run.
///
/// Bytes go to `write` as the encoder produces them; a write that fails (it returns the reason)
/// ends the recording, and ``failure`` says why.
public final class ScreenRecorder: Sendable {
    /// What the recorder does when frames come faster than it encodes them.
    public enum Pacing: Sendable {
        /// Replace the newest waiting frame; the program never waits.
        case live
        /// Wait for room: every frame is encoded (headless runs, tests).
        case everyFrame
    }

    public let format: RecordingFormat
    private let options: RecordingOptions
    private let pacing: Pacing
    private let queue: DispatchQueue
    private let room = DispatchSemaphore(value: 0)
    private let mailbox = Mutex(Mailbox())
    /// Why writing stopped; its own lock, so that asking never waits for a frame being encoded.
    private let stopped = Mutex<String?>(nil)
    /// Touched only on `queue`.
    private let work: Mutex<Work>
    private let write: @Sendable ([UInt8]) -> String?
    /// Frames that may wait at once.
    static let mailboxLimit = 8
    /// Frames a live recording lets wait before it wakes its encoder (on the tour, half the
    /// context switches a recording adds): fewer than the mailbox holds, so that frames that
    /// come while the encoder's thread wakes up have room.
    static let liveBatch = 4

    private struct Mailbox {
        var frames: [(CellBuffer, Double)] = []
        /// A drain is to come, or running, for the frames waiting.
        var scheduled = false
        var finished = false
    }

    private struct Work: ~Copyable {
        var sequencer: FrameSequencer
        var encoder: any FrameEncoder
        var bytes: [UInt8] = []
        var failure: String?
    }

    /// - Parameters:
    ///   - format: `.svg`, `.gif` or `.png` (a cast is the terminal's output, written elsewhere).
    ///   - write: appends bytes to the file; returns nil, or why it could not.
    public init(format: RecordingFormat, options: RecordingOptions, pacing: Pacing,
                write: @escaping @Sendable ([UInt8]) -> String?) throws(RecordingSetupError) {
        self.format = format
        self.options = options
        self.pacing = pacing
        self.write = write
        // A live recording's encoder runs below the program's threads (libdispatch's background
        // class: nice 10 on Linux), so that when the processors are busy a key's frame is drawn
        // first; a headless one is waited for, at the default class.
        queue = DispatchQueue(label: "curtain.recording", qos: pacing == .live ? .background : .default)
        let encoder = try Self.encoder(for: format, options: options)
        work = Mutex(Work(sequencer: FrameSequencer(options: options), encoder: encoder))
    }

    /// Throws what a recording of a screen of `size` cells as `format` would stop with at its
    /// first frame, so that a program can refuse it before it runs: a GIF or PNG larger than
    /// the 16 million pixels one is drawn on. (An SVG has no such bound.)
    package static func checkPicture(of size: Size, format: RecordingFormat, options: RecordingOptions)
        throws(RecordingSetupError)
    {
        guard format == .gif || format == .png else { return }
        _ = try FrameRenderer.pictureSize(columns: max(1, size.width), rows: max(1, size.height), options: options,
                                          glyphs: try GlyphSource(options: options))
    }

    private static func encoder(for format: RecordingFormat, options: RecordingOptions) throws(RecordingSetupError)
        -> any FrameEncoder
    {
        switch format {
        case .svg: return SVGEncoder(options: options)
        case .png: return try PNGEncoder(options: options)
        case .gif: return try GIFEncoder(options: options)
        case .cast:
            throw RecordingSetupError("\(format.rawValue) is not drawn by the picture recorder")
        }
    }

    /// Hands over a frame shown at `time` (seconds of the app's clock).
    public func record(_ frame: CellBuffer, at time: Double) {
        while true {
            var mustWait = false
            let schedule: Bool = mailbox.withLock { box in
                guard !box.finished else { return false }
                if box.frames.count >= Self.mailboxLimit {
                    switch pacing {
                    case .live:
                        box.frames[box.frames.count - 1] = (frame, box.frames[box.frames.count - 1].1)
                        return false
                    case .everyFrame:
                        mustWait = true
                        return false
                    }
                }
                box.frames.append((frame, time))
                guard !box.scheduled, pacing == .everyFrame || box.frames.count >= Self.liveBatch else { return false }
                box.scheduled = true
                return true
            }
            if mustWait {
                room.wait()
                continue
            }
            if schedule { queue.async { self.drain() } }
            return
        }
    }

    /// Encodes what is waiting and the last frame (shown until `time`), and writes the end of
    /// the file. Waits for the encoder; call once, when the program ends.
    public func finish(at time: Double) {
        mailbox.withLock { $0.finished = true }
        queue.sync {
            drain()
            work.withLock { work in
                guard work.failure == nil else { return }
                if let kept = work.sequencer.finish(at: time) { work.encoder.encode(kept, into: &work.bytes) }
                work.encoder.finish(into: &work.bytes)
                flush(&work)
            }
        }
    }

    /// Why the recording stopped (a write failed), or nil.
    public var failure: String? { stopped.withLock { $0 } }

    private func drain() {
        while true {
            let frames: [(CellBuffer, Double)] = mailbox.withLock { box in
                let taken = box.frames
                box.frames.removeAll()
                if taken.isEmpty { box.scheduled = false }
                return taken
            }
            if frames.isEmpty { return }
            room.signal()
            work.withLock { work in
                for (frame, time) in frames where work.failure == nil {
                    let reduced = frame.reducingColors(to: options.colorDepth)
                    if let kept = work.sequencer.add(reduced, at: time) {
                        work.encoder.encode(kept, into: &work.bytes)
                        flush(&work)
                    }
                }
            }
        }
    }

    private func flush(_ work: inout Work) {
        if let reason = work.encoder.failure, work.failure == nil {
            work.failure = reason
            stopped.withLock { $0 = reason }
        }
        guard !work.bytes.isEmpty, work.failure == nil else { return }
        if let reason = write(work.bytes) {
            work.failure = reason
            stopped.withLock { $0 = reason }
        }
        work.bytes.removeAll(keepingCapacity: true)
    }
}

/// A recording that cannot start: an unknown format, a font that cannot be read.
public struct RecordingSetupError: Error, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
