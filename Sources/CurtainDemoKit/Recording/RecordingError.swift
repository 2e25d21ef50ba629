/// Why a recording could not be started or continued.
///
/// `description` is the message for the user, naming the file and how to fix it when there
/// is a fix: `cannot record to 'demo.cast': file exists (use --force to overwrite)`.
struct RecordingError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The recording's path, as given.
    var path: String
    /// The reason, without the path: "file exists (use --force to overwrite)".
    var reason: String
    /// True if the recording had started and stopped part-way (a write failed); the file
    /// then holds every event up to the failure and still plays.
    var whileWriting: Bool

    init(path: String, reason: String, whileWriting: Bool = false) {
        self.path = path
        self.reason = reason
        self.whileWriting = whileWriting
    }

    var description: String {
        whileWriting
            ? "recording to '\(path)' stopped: \(reason)"
            : "cannot record to '\(path)': \(reason)"
    }
}
