import Curtain
import CurtainPlatform
import CurtainRecording

/// `CURTAIN_RECORD=path` and `CURTAIN_SCREENSHOT=path`: any program run by
/// ``Curtain/App/run(programName:)`` records itself (an animated SVG or GIF, or a PNG of the
/// last frame) or leaves a screenshot of its last frame when it ends, with no change to its
/// code. A path that cannot be written is told on standard error once the terminal is back;
/// the program runs all the same.
@MainActor
struct EnvironmentRecording {
    private var recording: ScreenRecording?
    private var screenshotPath: String?
    private var warnings: [String] = []

    /// Reads the variables and starts the recording; call once the session has the terminal.
    init(app: App) {
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
    mutating func finish(app: App) -> [String] {
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

    private static func variable(_ name: String) -> String? {
        guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
        return value
    }
}
