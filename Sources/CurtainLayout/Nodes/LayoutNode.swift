/// A tree of content that answers "how tall at this width?" and places itself in a rect.
///
/// Width is always proposed by the parent and height follows from the content, as with
/// `systemLayoutSizeFitting(width, .required, .fittingSizeLevel)`. Fitting is exact: a node
/// arranged in a rect of its fitting size shows all its text, and the only empty rows are the
/// ones it asked for (padding, spacing, border, a minimum height).
///
/// Nothing here knows about cells or styles: ``arrange(in:)`` returns ``Placement``s for the
/// screen layer to draw.
///
/// Zero room: a text node at width ≤ 0 has no lines (height 0), so padding or a border that
/// leaves its content no column reports only its own rows. Hence fitting heights never grow
/// with the width *among widths that give every text at least one column* — below that the
/// content simply disappears.
public indirect enum LayoutNode: FittingContent, Hashable, Sendable {
    /// Nothing: zero rows.
    case empty
    /// Text wrapped to the width by ``TextWrapper``, one row per line. `tag` is handed back in
    /// each ``Placement/text(line:origin:tag:)`` so the caller can choose a style.
    case text(String, tag: Int = 0)
    /// Children top to bottom, `spacing` empty rows between consecutive children that have
    /// rows (a child of height 0 takes no spacing either).
    case vstack([LayoutNode], spacing: Int = 0)
    /// Children left to right, `spacing` columns between them. Width is distributed in order:
    /// children that are a ``frame(_:_:)`` with a fixed `width` get it first (as far as it
    /// lasts, left to right); the remaining columns are shared equally among the others, the
    /// leftmost getting one more column each while a remainder lasts (a `maxWidth` frame keeps
    /// only what it allows; the rest of its share stays empty). Height is the tallest child.
    case hstack([LayoutNode], spacing: Int = 0)
    /// The child inset by `insets` (negative insets count as 0).
    case padding(EdgeInsets, LayoutNode)
    /// A one-cell box around the child, with an optional title in its top line. A border
    /// needs at least 2×2 cells; narrower than 2 columns it takes no rows and draws nothing.
    case border(title: String? = nil, LayoutNode)
    /// The child constrained by fixed, minimum or maximum sizes.
    case frame(FrameConstraints, LayoutNode)

    // MARK: Fitting

    public func fittingSize(width: Int) -> Size {
        let width = max(0, width)
        switch self {
        case .empty:
            return Size(width: width, height: 0)
        case .text(let text, _):
            return Size(width: width, height: TextWrapper.lineCount(text, width: width))
        case .vstack(let children, let spacing):
            var height = 0
            var placed = false
            for child in children {
                let childHeight = child.fittingSize(width: width).height
                if childHeight == 0 { continue }
                if placed { height = height.addingSaturating(max(0, spacing)) }
                height = height.addingSaturating(childHeight)
                placed = true
            }
            return Size(width: width, height: height)
        case .hstack(let children, let spacing):
            let widths = LayoutNode.columnWidths(of: children, spacing: spacing, width: width)
            var height = 0
            for (child, childWidth) in zip(children, widths) {
                height = max(height, child.fittingSize(width: childWidth).height)
            }
            return Size(width: width, height: height)
        case .padding(let insets, let child):
            let insets = insets.nonNegative
            let inner = child.fittingSize(width: width.subtractingSaturating(insets.horizontal))
            return Size(width: width, height: inner.height.addingSaturating(insets.vertical))
        case .border(_, let child):
            if width < 2 { return Size(width: width, height: 0) }
            let inner = child.fittingSize(width: width - 2)
            return Size(width: width, height: inner.height.addingSaturating(2))
        case .frame(let constraints, let child):
            let childWidth = constraints.width(forProposal: width)
            let inner = child.fittingSize(width: childWidth)
            return Size(width: childWidth, height: constraints.height(forChildHeight: inner.height))
        }
    }

    /// Columns each child of a horizontal stack gets out of `width` (see ``hstack(_:spacing:)``).
    static func columnWidths(of children: [LayoutNode], spacing: Int, width: Int) -> [Int] {
        if children.isEmpty { return [] }
        let gaps = max(0, spacing).multipliedReportingOverflow(by: children.count - 1)
        var remaining = gaps.overflow ? 0 : max(0, width.subtractingSaturating(gaps.partialValue))
        var widths = [Int](repeating: 0, count: children.count)
        var flexible: [Int] = []
        for (index, child) in children.enumerated() {
            if case .frame(let constraints, _) = child, let fixed = constraints.width {
                widths[index] = min(fixed, remaining)
                remaining -= widths[index]
            } else {
                flexible.append(index)
            }
        }
        if flexible.isEmpty { return widths }
        let share = remaining / flexible.count
        let extra = remaining % flexible.count
        for (order, index) in flexible.enumerated() {
            widths[index] = share + (order < extra ? 1 : 0)
        }
        return widths
    }

    // MARK: Arranging

    /// What to draw for this node laid out in `rect`. Content that does not fit in `rect` is
    /// clipped (whole lines, whole children); nothing is placed outside `rect`.
    public func arrange(in rect: Rect) -> [Placement] {
        var placements: [Placement] = []
        arrange(in: rect, into: &placements)
        return placements
    }

    /// Appends this node's placements for `rect` to `placements` (no intermediate arrays).
    public func arrange(in rect: Rect, into placements: inout [Placement]) {
        if rect.isEmpty { return }
        switch self {
        case .empty:
            return
        case .text(let text, let tag):
            var row = rect.minY
            for line in TextWrapper.wrap(text, width: rect.width) {
                if row >= rect.maxY { break }
                placements.append(.text(line: line, origin: Point(x: rect.minX, y: row), tag: tag))
                row += 1
            }
        case .vstack(let children, let spacing):
            var y = rect.minY
            var placed = false
            for child in children {
                let height = child.fittingSize(width: rect.width).height
                if height == 0 { continue }
                if placed { y = y.addingSaturating(max(0, spacing)) }
                let available = rect.maxY.subtractingSaturating(y)
                if available <= 0 { break }
                child.arrange(in: Rect(x: rect.minX, y: y, width: rect.width, height: min(height, available)),
                              into: &placements)
                y = y.addingSaturating(height)
                placed = true
            }
        case .hstack(let children, let spacing):
            let widths = LayoutNode.columnWidths(of: children, spacing: spacing, width: rect.width)
            var x = rect.minX
            for (child, width) in zip(children, widths) {
                child.arrange(in: Rect(x: x, y: rect.minY, width: width, height: rect.height),
                              into: &placements)
                x = x.addingSaturating(width).addingSaturating(max(0, spacing))
            }
        case .padding(let insets, let child):
            child.arrange(in: rect.inset(by: insets.nonNegative), into: &placements)
        case .border(let title, let child):
            if rect.width < 2 || rect.height < 2 { return }
            let shownTitle = title.map { TextWidth.truncated($0, toWidth: rect.width - 2) }
            placements.append(.border(rect, title: shownTitle?.isEmpty == false ? shownTitle : nil))
            child.arrange(in: rect.insetBy(dx: 1, dy: 1), into: &placements)
        case .frame(let constraints, let child):
            var height = rect.height
            if let fixed = constraints.height { height = min(height, fixed) }
            if let maxHeight = constraints.maxHeight { height = min(height, maxHeight) }
            child.arrange(in: Rect(x: rect.minX, y: rect.minY,
                                   width: constraints.width(forProposal: rect.width), height: height),
                          into: &placements)
        }
    }
}

extension EdgeInsets {
    /// These insets with negative values raised to 0.
    var nonNegative: EdgeInsets {
        EdgeInsets(top: max(0, top), left: max(0, left), bottom: max(0, bottom), right: max(0, right))
    }
}
