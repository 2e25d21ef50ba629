import CurtainLayout
import CurtainRecording
import CurtainScreen
import CurtainTerminal
import CurtainPlatform

/// A recording the demo writes as it runs: an asciicast (``FrameRecorder``) or a picture
/// (``PictureRecorder``), told apart by the file name.
@MainActor
protocol DemoRecording: AnyObject {
    func record(_ frame: CellBuffer, at time: Double)
    func finish(at time: Double)
    var failure: String? { get }
}

extension FrameRecorder: DemoRecording {}

/// A picture recording (SVG, GIF, PNG): frames encoded off the main actor into the file.
final class PictureRecorder: DemoRecording {
    private let file: RecordingFile
    private let recorder: ScreenRecorder
    private let created: Bool

    /// - Parameter size: the screen's size at the start: a picture too large to draw is
    ///   refused now, before the run, rather than at its first frame.
    init(path: String, format: RecordingFormat, options: RecordingOptions, force: Bool,
         pacing: ScreenRecorder.Pacing, size: Size) throws {
        do throws(RecordingSetupError) {
            try ScreenRecorder.checkPicture(of: size, format: format, options: options)
        } catch {
            throw DemoError(error.message, exitStatus: 2)
        }
        let existed = access(path, F_OK) == 0
        let file: RecordingFile
        do throws(RecordingSetupError) {
            file = try RecordingFile(path: path, replacing: force)
        } catch {
            throw DemoError(error.message, exitStatus: 2)
        }
        self.file = file
        created = !existed
        do throws(RecordingSetupError) {
            recorder = try ScreenRecorder(format: format, options: options, pacing: pacing) { file.write($0) }
        } catch {
            // A recording that cannot start leaves no file behind.
            file.close()
            if !existed { _ = unlink(path) }
            throw DemoError(error.message, exitStatus: 2)
        }
    }

    func record(_ frame: CellBuffer, at time: Double) { recorder.record(frame, at: time) }

    func finish(at time: Double) {
        recorder.finish(at: time)
        file.close()
        // A picture that could not be drawn at all (too large) leaves no empty file behind.
        var info = stat()
        if recorder.failure != nil, created, stat(file.path, &info) == 0, info.st_size == 0 { _ = unlink(file.path) }
    }

    var failure: String? { recorder.failure }
}

enum DemoRecordings {
    /// The recording `options.record` names, or nil.
    @MainActor
    static func start(_ options: DemoOptions, size: Size, timestamp: Int?, colorDepth: ColorDepth,
                      colors: TerminalColors?, headless: Bool) throws -> (any DemoRecording)? {
        guard let path = options.record else { return nil }
        switch RecordingFormat(path: path) {
        case .svg, .gif, .png:
            var picture = options.picture
            picture.colorDepth = colorDepth
            picture.colors = colors ?? options.background ?? .dark
            return try PictureRecorder(path: path, format: RecordingFormat(path: path)!, options: picture,
                                       force: options.force, pacing: headless ? .everyFrame : .live, size: size)
        case .cast, nil:
            return try FrameRecorder(path: path, size: size, timestamp: timestamp, force: options.force,
                                     colorDepth: colorDepth)
        }
    }
}
