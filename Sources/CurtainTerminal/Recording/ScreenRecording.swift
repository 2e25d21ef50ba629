import Curtain
import CurtainRecording
import CurtainScreen

/// A recording of an app's frames to a picture file (SVG, GIF or PNG), started by
/// ``Curtain/App/record(to:options:)`` or by `CURTAIN_RECORD`. Frames are encoded off the main
/// actor as they come; ``finish()`` writes the end of the file.
@MainActor
public final class ScreenRecording {
    /// The file being written.
    public let path: String
    private let file: RecordingFile
    private var recorder: ScreenRecorder
    private let clock: AnimationClock
    private var isFinished = false
    private var framesSeen = 0

    /// - Parameter options: nil for the terminal's colours and depth, read at the first frame
    ///   (the first frame waits for the terminal's answers about its colours).
    init(app: App, path: String, options: RecordingOptions?, pacing: ScreenRecorder.Pacing) throws(RecordingSetupError) {
        let format = try Self.recordingFormat(of: path)
        self.path = path
        file = try RecordingFile(path: path, replacing: true)
        let file = self.file
        // Made now so that a missing font is told at once; remade at the first frame when it
        // follows the terminal.
        recorder = try ScreenRecorder(format: format, options: options ?? app.defaultRecordingOptions(), pacing: pacing) {
            file.write($0)
        }
        clock = app.clock
        let take: @MainActor (ScreenRecording, App?, CellBuffer, Double) -> Void = { recording, app, frame, time in
            guard !recording.isFinished else { return }
            if recording.framesSeen == 0, options == nil, let app,
               let remade = try? ScreenRecorder(format: format, options: app.defaultRecordingOptions(), pacing: pacing,
                                                write: { file.write($0) }) {
                recording.recorder = remade
            }
            recording.framesSeen += 1
            recording.recorder.record(frame, at: time)
        }
        // Started while the app runs: the recording begins with what the screen shows now.
        if app.isRunning { take(self, app, app.scene.screen, app.clock.now) }
        app.addFrameObserver { [weak self, weak app] frame, time in
            guard let self else { return }
            take(self, app, frame, time)
        }
        ScreenRecording.running.append(self)
    }

    /// Ends the recording: the last frame and the end of the file are written (the main actor
    /// waits for the encoder). Nil, or why the recording stopped early (a full disk). Safe to
    /// call more than once.
    @discardableResult
    public func finish() -> String? {
        if !isFinished {
            isFinished = true
            recorder.finish(at: clock.now)
            file.close()
            ScreenRecording.running.removeAll { $0 === self }
        }
        return recorder.failure
    }

    /// The picture `path` names for a recording: `.svg`, `.gif` or `.png`.
    static func recordingFormat(of path: String) throws(RecordingSetupError) -> RecordingFormat {
        guard let format = RecordingFormat(path: path), format != .cast else {
            throw RecordingSetupError("cannot record to '\(path)': name a .svg, .gif or .png file")
        }
        return format
    }

    /// The picture `path` names for a screenshot: `.png` or `.svg`.
    static func screenshotFormat(of path: String) throws(RecordingSetupError) -> RecordingFormat {
        guard let format = RecordingFormat(path: path), format == .png || format == .svg else {
            throw RecordingSetupError("cannot save a screenshot to '\(path)': name a .png or .svg file")
        }
        return format
    }

    /// Recordings not finished yet: ``Curtain/App/run(programName:)`` finishes them on its way out.
    static var running: [ScreenRecording] = []
}

extension App {
    /// Records every frame the app shows from now on to `path`: an animated SVG (`.svg`), an
    /// animated GIF (`.gif`) or the last frame as a PNG (`.png`), replacing the file. The
    /// recording ends with ``ScreenRecording/finish()``, or when ``run(programName:)`` returns.
    ///
    /// - Parameter options: how it is drawn; by default the terminal's colour depth and
    ///   colours (the theme), DejaVu Sans Mono at 16 pixels, a window bar.
    public func record(to path: String, options: RecordingOptions? = nil) throws(RecordingSetupError) -> ScreenRecording {
        try ScreenRecording(app: self, path: path, options: options, pacing: .live)
    }

    /// Writes what the screen shows now to `path` as a PNG (`.png`) or an SVG (`.svg`),
    /// replacing the file.
    public func saveScreenshot(to path: String, options: RecordingOptions? = nil) throws(RecordingSetupError) {
        let format = try ScreenRecording.screenshotFormat(of: path)
        let file = try RecordingFile(path: path, replacing: true)
        defer { file.close() }
        let recorder = try ScreenRecorder(format: format, options: options ?? defaultRecordingOptions(), pacing: .everyFrame) {
            file.write($0)
        }
        recorder.record(scene.screen, at: 0)
        recorder.finish(at: 0)
        if let failure = recorder.failure { throw RecordingSetupError(failure) }
    }

    /// The backend's colour depth and colours (dark when it does not know them).
    func defaultRecordingOptions() -> RecordingOptions {
        var options = RecordingOptions()
        let appearance = backend?.appearance ?? .unknown
        options.colorDepth = appearance.colorDepth
        options.colors = appearance.colors ?? .dark
        return options
    }
}
