import Curtain
import CurtainLayout
import CurtainPlatform
import CurtainRecording

/// `CURTAIN_RECORD=path` and `CURTAIN_SCREENSHOT=path`: any program run by
/// ``Curtain/App/run(programName:)`` records itself (an animated SVG or GIF, or a PNG of the
/// last frame) or leaves a screenshot of its last frame when it ends, with no change to its
/// code.
///
/// A name that is not a picture's, a file that cannot be written or a font that is missing is
/// found by ``problem()`` before the terminal is taken: the program says so in one line and
/// exits with status 2, rather than running a session whose recording is lost. What only
/// shows later (a full disk) is told on standard error once the terminal is back.
@MainActor
package struct EnvironmentRecording {
    private var recording: ScreenRecording?
    private var screenshotPath: String?
    private var warnings: [String] = []

    /// What is wrong with `CURTAIN_RECORD` or `CURTAIN_SCREENSHOT`, as a line to print
    /// (`CURTAIN_RECORD: cannot record to …`), or nil when both are unset or usable.
    package static func problem() -> String? {
        let checks: [(variable: String, action: String, format: (String) throws(RecordingSetupError) -> RecordingFormat)] = [
            ("CURTAIN_RECORD", "record to", ScreenRecording.recordingFormat(of:)),
            ("CURTAIN_SCREENSHOT", "save a screenshot to", ScreenRecording.screenshotFormat(of:)),
        ]
        for (name, action, format) in checks {
            guard let path = variable(name) else { continue }
            do throws(RecordingSetupError) {
                let format = try format(path)
                if let problem = RecordingFile.problem(creating: path, action: action) { return "\(name): \(problem)" }
                // The fonts, as the recording will load them.
                _ = try ScreenRecorder(format: format, options: RecordingOptions(), pacing: .everyFrame) { _ in nil }
            } catch {
                return "\(name): \(error.message)"
            }
        }
        return nil
    }

    /// Reads the variables and starts the recording; call once the session has the terminal
    /// (after ``problem()`` found nothing).
    package init(app: App) {
        if let path = Self.variable("CURTAIN_RECORD") {
            do throws(RecordingSetupError) {
                recording = try app.record(to: path)
            } catch {
                warnings.append("CURTAIN_RECORD: \(error.message)")
            }
        }
        screenshotPath = Self.variable("CURTAIN_SCREENSHOT")
    }

    /// Ends the recording and every one the program started with ``App/record(to:options:)`` and
    /// did not finish, takes the screenshot; returns the lines to tell the user.
    package mutating func finish(app: App) -> [String] {
        if let failure = recording?.finish() { warnings.append("CURTAIN_RECORD: \(failure)") }
        for other in ScreenRecording.running {
            if let failure = other.finish() { warnings.append(failure) }
        }
        if let screenshotPath {
            do throws(RecordingSetupError) {
                try app.saveScreenshot(to: screenshotPath)
            } catch {
                warnings.append("CURTAIN_SCREENSHOT: \(error.message)")
            }
        }
        return warnings
    }

    /// The files the variables name (`CURTAIN_RECORD`, `CURTAIN_SCREENSHOT`), with the
    /// variable's name: for a program that records by other means too, to keep them apart.
    package static var paths: [(variable: String, path: String)] {
        ["CURTAIN_RECORD", "CURTAIN_SCREENSHOT"].compactMap { name in variable(name).map { (name, $0) } }
    }

    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}
