import CurtainLayout
import CurtainScreen

/// Text that wraps to its width: the terminal form of `UILabel` (Textual's `Static`,
/// ratatui's `Paragraph`), with styled runs, alignment, truncation, and optionally a box.
///
/// ```swift
/// let status = Label("Saved 3 files")
/// let hint = Label("Press " + StyledText("q", style: Style(attributes: .bold)) + " to quit", alignment: .center)
/// let toast = ToastPresentationController(presentedView: Label("Copied", border: true), autoDismissAfter: 2)
/// ```
///
/// Its ``fittingSize(width:)`` is its wrapped height at a width, so a presentation sized by its
/// content fits it exactly. Wide characters take two cells and are never split; control
/// characters show as control pictures. Colours come from the scene's ``Theme`` (``Theme/text``)
/// unless ``style`` says otherwise. On a terminal that does not show Unicode, the text and
/// title are the theme's ASCII stand-ins (``Theme/displayable(_:)``), measured as shown.
@MainActor
open class Label: View {
    /// The text, with a style per run. Newlines start new lines.
    public var styledText: StyledText { didSet { if styledText != oldValue { invalidate() } } }

    /// The text without styles; setting it replaces the text with one run in the label's style.
    public var text: String {
        get { styledText.string }
        set { styledText = StyledText(newValue) }
    }
    /// The style of the text and the area behind it; nil uses the theme's ``role``.
    public var style: Style? { didSet { if style != oldValue { setNeedsDisplay() } } }
    /// The theme's role the label is drawn in when ``style`` is nil: ``Theme/text`` unless
    /// told otherwise (`\.secondaryText`, `\.helpBar`, `\.accent`…), so it follows the theme.
    public var role: KeyPath<Theme, Style> { didSet { if role != oldValue { setNeedsDisplay() } } }
    /// Where each row sits between the left and right edges.
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsDisplay() } } }
    /// Whether long lines wrap (the default) or are cut to one row ending in `…`.
    public var lineBreak: LineBreak { didSet { if lineBreak != oldValue { invalidate() } } }
    /// Whether a box is drawn around the text (one cell on each side).
    public var border: Bool { didSet { if border != oldValue { invalidate() } } }
    /// The style of the box; nil uses ``borderRole``, or the text's style without one.
    public var borderStyle: Style? { didSet { if borderStyle != oldValue { setNeedsDisplay() } } }
    /// The theme's role for the box when ``borderStyle`` is nil (`\.sheetBorder`, `\.modalBorder`…).
    public var borderRole: KeyPath<Theme, Style>? { didSet { if borderRole != oldValue { setNeedsDisplay() } } }
    /// Shown in the top line of the box.
    public var title: String? { didSet { if title != oldValue { setNeedsDisplay() } } }
    /// Blank columns between the text and the box (or the frame) on the left and right.
    public var horizontalPadding: Int { didSet { if horizontalPadding != oldValue { invalidate() } } }

    /// Where each line sits between the left and right edges.
    public enum Alignment: Sendable, Equatable {
        /// Against the left edge.
        case leading
        /// In the middle; an odd leftover column goes to the right.
        case center
        /// Against the right edge.
        case trailing
    }

    /// What happens to a line wider than the label.
    public enum LineBreak: Sendable, Equatable {
        /// Wrapped onto more rows at break opportunities (the layout core's `TextWrapper`).
        case wrap
        /// One row per line, cut with `…` where it does not fit.
        case truncate
    }

    /// Rows for the last width and theme: the text as shown (``displayedText``), its string and
    /// the ranges of each row in it, so drawing never wraps again.
    private var rows: (width: Int, unicode: Bool, text: StyledText, plain: String, ranges: [Range<String.Index>])?

    /// A label of styled text.
    ///
    /// - Parameters:
    ///   - text: the text, with a style per run; runs without one use the label's style.
    ///   - style: the text and the area behind it; nil (the default) follows the theme's `role`.
    ///   - role: the theme's role used when `style` is nil; ``Theme/text`` by default.
    ///   - alignment: where each row sits; leading by default.
    ///   - lineBreak: wrap (the default) or truncate long lines.
    ///   - border: whether to draw a box around the text; no box by default.
    ///   - borderStyle: the box's style; nil follows `borderRole`, or the text's style.
    ///   - borderRole: the theme's role for the box when `borderStyle` is nil.
    ///   - title: shown in the top line of the box.
    ///   - horizontalPadding: blank columns left and right of the text; nil means one with a
    ///     border, none without.
    public init(_ text: StyledText, style: Style? = nil, role: KeyPath<Theme, Style> = \.text,
                alignment: Alignment = .leading, lineBreak: LineBreak = .wrap,
                border: Bool = false, borderStyle: Style? = nil, borderRole: KeyPath<Theme, Style>? = nil,
                title: String? = nil, horizontalPadding: Int? = nil) {
        self.styledText = text
        self.borderRole = borderRole
        self.style = style
        self.role = role
        self.alignment = alignment
        self.lineBreak = lineBreak
        self.border = border
        self.borderStyle = borderStyle
        self.title = title
        self.horizontalPadding = max(0, horizontalPadding ?? (border ? 1 : 0))
    }

    /// A label of plain text, in one style; the other parameters are those of the styled-text
    /// initializer.
    public convenience init(_ text: String, style: Style? = nil, role: KeyPath<Theme, Style> = \.text,
                            alignment: Alignment = .leading, lineBreak: LineBreak = .wrap, border: Bool = false,
                            borderStyle: Style? = nil, borderRole: KeyPath<Theme, Style>? = nil, title: String? = nil,
                            horizontalPadding: Int? = nil) {
        self.init(StyledText(text), style: style, role: role, alignment: alignment, lineBreak: lineBreak, border: border,
                  borderStyle: borderStyle, borderRole: borderRole, title: title, horizontalPadding: horizontalPadding)
    }

    /// The style text and background are drawn in: ``style``, else the theme's ``role``.
    open var resolvedStyle: Style { style ?? theme[keyPath: role] }

    /// The style of the box: ``borderStyle``, else the theme's ``borderRole``, else ``resolvedStyle``.
    open var resolvedBorderStyle: Style { borderStyle ?? borderRole.map { theme[keyPath: $0] } ?? resolvedStyle }

    private func invalidate() {
        rows = nil
        setNeedsLayout()
    }

    /// Cells between the frame and the text: the box and the padding.
    private var insets: EdgeInsets {
        let edge = border ? 1 : 0
        return EdgeInsets(top: edge, left: edge + horizontalPadding, bottom: edge, right: edge + horizontalPadding)
    }

    /// The text's rows at `width` columns, as display text.
    public func lines(width: Int) -> [String] {
        let (_, plain, ranges) = rowRanges(width: width)
        return ranges.map { range in
            lineBreak == .truncate ? TextWidth.truncated(plain[range], toWidth: width) : TextWrapper.wrap(plain[range], width: width).first ?? ""
        }
    }

    /// The text as the terminal shows it: each run through the theme's
    /// ``Theme/displayable(_:)`` (ASCII stand-ins where it does not show Unicode).
    private var displayedText: StyledText {
        let theme = self.theme
        guard !theme.supportsUnicode else { return styledText }
        return StyledText(runs: styledText.runs.map { run in
            var shown = run
            shown.text = theme.displayable(run.text)
            return shown
        })
    }

    private func rowRanges(width: Int) -> (StyledText, String, [Range<String.Index>]) {
        let unicode = theme.supportsUnicode
        if let rows, rows.width == width, rows.unicode == unicode { return (rows.text, rows.plain, rows.ranges) }
        let text = displayedText
        let plain = text.string
        var ranges: [Range<String.Index>] = []
        switch lineBreak {
        case .wrap:
            TextWrapper.forEachLine(of: plain[...], width: width) { ranges.append($0) }
        case .truncate:
            guard width > 0 else { break }
            var start = plain.startIndex
            var index = plain.startIndex
            while index < plain.endIndex {
                if TextWrapper.isHardBreak(plain[index]) {
                    ranges.append(start..<index)
                    start = plain.index(after: index)
                }
                index = plain.index(after: index)
            }
            if start < plain.endIndex || plain.last.map(TextWrapper.isHardBreak) == true { ranges.append(start..<plain.endIndex) }
        }
        rows = (width, unicode, text, plain, ranges)
        return (text, plain, ranges)
    }

    /// The wrapped rows at `width` less the box and padding (one row per line when
    /// truncating), plus the box's two rows when it has one.
    open override func fittingSize(width: Int) -> Size {
        let insets = self.insets
        let textWidth = width - insets.left - insets.right
        guard textWidth > 0 else { return Size(width: width, height: insets.top + insets.bottom) }
        return Size(width: width, height: rowRanges(width: textWidth).2.count + insets.top + insets.bottom)
    }

    /// The widest line's cells plus the box and padding: how wide the label wants to be.
    public var naturalWidth: Int {
        TextWrapper.naturalWidth(displayedText.string) + insets.left + insets.right
    }

    /// ``naturalWidth``, at most `maximum`: at that width the text wraps.
    open override func fittingWidth(maximum: Int) -> Int { max(0, min(naturalWidth, maximum)) }

    /// Wraps the text for the width laid out at, so drawing a frame never wraps.
    open override func layoutSubviews() {
        // Wrap in the layout pass that changed the width, not while drawing a frame.
        _ = rowRanges(width: max(0, layoutFrame.width - insets.left - insets.right))
    }

    /// The background, the box and title when ``border`` is on, and the rows that fit, each
    /// character in the style of its run.
    open override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let base = resolvedStyle
        buffer.fill(frame.intersection(clip), with: .blank(base))
        if border {
            let boxStyle = resolvedBorderStyle
            // A title in a plain border is text: the theme's title role, not the line's 3:1.
            let titleStyle = borderStyle == nil && borderRole == \Theme.border ? theme.title : boxStyle
            buffer.drawBox(frame, style: boxStyle, title: title.map(theme.displayable), titleStyle: titleStyle, clip: clip)
        }
        let inner = frame.inset(by: insets)
        guard inner.width > 0, inner.height > 0 else { return }
        // Laid out at the target width (a presentation may animate the frame's height).
        let width = max(0, layoutFrame.width - insets.left - insets.right)
        let (text, plain, ranges) = rowRanges(width: width)
        let area = clip.intersection(inner)
        let shown = min(ranges.count, inner.height)
        for (row, range) in ranges.prefix(shown).enumerated() {
            if row == shown - 1, shown < ranges.count {
                // Rows are left over: the last row shown takes the rest of its line and ends in
                // `…`, as a UILabel's last line does, so a label too short for its text shows
                // that something is missing instead of a first word that reads as the whole.
                let lineEnd = plain[range.lowerBound...].firstIndex(where: TextWrapper.isHardBreak) ?? plain.endIndex
                drawRow(text, plain, range.lowerBound..<lineEnd, width: width, cut: true, at: inner.minY + row, in: inner,
                        area: area, base: base, into: &buffer)
            } else {
                drawRow(text, plain, range, width: width, at: inner.minY + row, in: inner, area: area, base: base, into: &buffer)
            }
        }
    }

    /// One row, cluster by cluster in the style of its run, aligned; a truncated row ends in
    /// `…`, as does a two-cell cluster in a one-column label (as the wrapper shows it). A row
    /// `cut` ends in `…` even where its text fits: more text follows that is not shown.
    private func drawRow(_ text: StyledText, _ plain: String, _ range: Range<String.Index>, width: Int, cut: Bool = false,
                         at y: Int, in inner: Rect, area: Rect, base: Style, into buffer: inout CellBuffer) {
        let fits = !cut && (lineBreak == .wrap || TextWidth.of(plain[range]) <= width)
        let limit = fits ? width : width - 1
        var clusters: [(text: String, width: Int, style: Style)] = []
        var used = 0
        var offset = plain.utf8.distance(from: plain.startIndex, to: range.lowerBound)
        for character in plain[range] {
            let cluster = DisplayCluster(character)
            let style = text.run(atUTF8Offset: offset)?.resolvedStyle(on: base) ?? base
            offset += character.utf8.count
            guard cluster.width > 0 else { continue }
            let shown = cluster.width > width ? (text: "\u{2026}", width: 1) : (text: cluster.text, width: cluster.width)
            if used + shown.width > limit { break }
            clusters.append((shown.text, shown.width, style))
            used += shown.width
        }
        // No blank before the `…` of a cut row: the `…` marks where the text stops.
        while cut, let last = clusters.last, last.text.allSatisfy(\.isWhitespace) {
            clusters.removeLast()
            used -= last.width
        }
        if !fits, width > 0 {
            clusters.append(("\u{2026}", 1, clusters.last?.style ?? base))
            used += 1
        }
        let free = max(0, inner.width - used)
        var x = inner.minX + (alignment == .leading ? 0 : alignment == .center ? free / 2 : free)
        for cluster in clusters {
            buffer.draw(cluster.text, at: Point(x: x, y: y), style: cluster.style, clip: area)
            x += cluster.width
        }
    }
}
