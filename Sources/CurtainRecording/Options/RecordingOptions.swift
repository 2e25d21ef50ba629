import CurtainScreen

/// How a recording is drawn and timed: the options users of VHS and agg expect.
///
/// The defaults give the README's pictures: DejaVu Sans Mono at 16 pixels, the dark theme,
/// 12 pixels of padding, a window bar, at most 30 frames a second, pauses cut to 3 seconds.
public struct RecordingOptions: Sendable, Equatable {
    /// The colour depth frames are shown at: the session's, so a recording shows what the
    /// terminal showed (``ColorReduction``).
    public var colorDepth: ColorDepth = .trueColor
    /// The terminal's default colours (the theme): what `default` foreground and background are.
    public var colors: TerminalColors = .dark
    /// The font size in pixels (raster formats; SVG uses it for its cell size too).
    public var fontSize: Int = 16
    /// Font files tried first, in order, before the standard list (``FontLibrary``).
    public var fontPaths: [String] = []
    /// Pixels of background around the cells.
    public var padding: Int = 12
    /// A window bar with three buttons above the cells.
    public var windowBar: Bool = true
    /// At most this many frames a second; a frame that comes sooner replaces the one before it.
    public var maxFramesPerSecond: Double = 30
    /// A pause longer than this (seconds) is shortened to it; nil keeps every pause.
    public var idleTimeLimit: Double? = 3
    /// Time runs this many times faster in the recording.
    public var speed: Double = 1
    /// Whether the animation starts over when it ends (GIF and SVG).
    public var loops: Bool = true

    public init() {}

    /// Pixels of the window bar (0 without one).
    var windowBarHeight: Int { windowBar ? max(fontSize * 2, 24) : 0 }
}
