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
        public var text: String
        public var style: Style?
        public init(_ text: String, style: Style? = nil) {
            self.text = text
            self.style = style
        }
    }

    public private(set) var runs: [Run]

    public init(_ text: String = "", style: Style? = nil) {
        runs = text.isEmpty ? [] : [Run(text, style: style)]
    }

    public init(runs: [Run]) {
        self.runs = runs.filter { !$0.text.isEmpty }
    }

    public init(stringLiteral value: String) { self.init(value) }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String(stringInterpolation: stringInterpolation))
    }

    /// All the text, without styles.
    public var string: String { runs.map(\.text).joined() }

    public var description: String { string }

    public var isEmpty: Bool { runs.isEmpty }

    /// Appends a run.
    public mutating func append(_ text: String, style: Style? = nil) {
        guard !text.isEmpty else { return }
        runs.append(Run(text, style: style))
    }

    public static func + (lhs: StyledText, rhs: StyledText) -> StyledText {
        StyledText(runs: lhs.runs + rhs.runs)
    }

    /// The run style at UTF-8 offset `offset` of ``string`` (nil: the view's own style).
    func style(atUTF8Offset offset: Int) -> Style? {
        var end = 0
        for run in runs {
            end += run.text.utf8.count
            if offset < end { return run.style }
        }
        return runs.last?.style
    }
}
