/// What a recording is written as, told by its file name's extension.
public enum RecordingFormat: String, Sendable, CaseIterable {
    /// asciicast v2 (`.cast`): the terminal output, for `asciinema play`.
    case cast
    /// One animated SVG document (`.svg`): CSS keyframes over a strip of frames.
    case svg
    /// An animated GIF (`.gif`): the changed rectangle of each frame.
    case gif
    /// A PNG of the last frame (`.png`): a screenshot.
    case png

    /// The format `path` names by its extension (any case), or nil for any other name.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The extensions known, for messages: ".cast, .svg, .gif, .png".
    public static let extensionsList = allCases.map { "." + $0.rawValue }.joined(separator: ", ")
}
