import CurtainScreen

/// Text made of runs, each with its own style or the style of whatever draws it: a word in
/// bold, a key in the accent colour, a timestamp in grey.
///
/// ```swift
/// let text: StyledText = "Press " + StyledText("q", style: theme.accent) + " to quit"
/// ```
public struct StyledText: Sendable, Equatable, ExpressibleByStringInterpolation, CustomStringConvertible {
    /// A stretch of text in one style; nil means the style of the view that draws it.
    public struct Run: Sendable, Equatable {
        /// The run's text.
        public var text: String
        /// Its style; nil means the style of the view that draws it.
        public var style: Style?
        /// When true, the style's default colours are the drawing view's colours and the
        /// view's attributes are added to the style's: text from ``init(ansi:)``, where "no
        /// colour" means the colour of whatever shows it. When false (the default), the style is
        /// drawn as it is.
        public var inheritsDefaultColors: Bool
        /// A run of `text` in `style` (the drawing view's own style when nil).
        public init(_ text: String, style: Style? = nil, inheritsDefaultColors: Bool = false) {
            self.text = text
            self.style = style
            self.inheritsDefaultColors = inheritsDefaultColors
        }

        /// The style this run is drawn in by a view whose own style is `base`.
        public func resolvedStyle(on base: Style) -> Style {
            guard let style else { return base }
            guard inheritsDefaultColors else { return style }
            return style.inheritingDefaults(from: base)
        }
    }

    /// The runs in order; none is empty.
    public private(set) var runs: [Run]

    /// Text in one style, or in the drawing view's own style when `style` is nil; empty text
    /// has no runs.
    public init(_ text: String = "", style: Style? = nil) {
        runs = text.isEmpty ? [] : [Run(text, style: style)]
    }

    /// Text made of `runs`; empty runs are dropped.
    public init(runs: [Run]) {
        self.runs = runs.filter { !$0.text.isEmpty }
    }

    /// A literal is one run in the drawing view's own style: `let title: StyledText = "Notes"`.
    public init(stringLiteral value: String) { self.init(value) }

    /// Interpolated text is one run in the drawing view's own style.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    /// All the text, without styles.
    public var string: String { runs.map(\.text).joined() }

    /// All the text, without styles (``string``).
    public var description: String { string }

    /// True when there is no text.
    public var isEmpty: Bool { runs.isEmpty }

    /// Appends a run.
    public mutating func append(_ text: String, style: Style? = nil) {
        guard !text.isEmpty else { return }
        runs.append(Run(text, style: style))
    }

    /// The runs of `lhs` followed by those of `rhs`, each keeping its style.
    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        StyledText(runs: lhs.runs + rhs.runs)
    }

    /// The run at UTF-8 offset `offset` of ``string`` (the last one past the end).
    func run(atUTF8Offset offset: Int) -> Run? {
        var end = 0
        for run in runs {
            end += run.text.utf8.count
            if offset < end { return run }
        }
        return runs.last
    }
}
