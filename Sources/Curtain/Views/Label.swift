import CurtainLayout
import CurtainScreen

/// Text that wraps to its width: the terminal form of `UILabel` (Textual's `Static`,
/// ratatui's `Paragraph`), optionally inside a box.
///
/// ```swift
/// let label = Label("Saved 3 files", style: Style(foreground: .indexed(120)))
/// let toast = ToastPresentationController(presentedView: Label("Copied", border: true), autoDismissAfter: 2)
/// ```
///
/// Its ``fittingSize(width:)`` is its wrapped height at a width, so a presentation sized by its
/// content fits it exactly. Wide characters take two cells and are never split; control
/// characters show as control pictures.
@MainActor
open class Label: View {
    /// The text. Newlines start new lines.
    public var text: String { didSet { if text != oldValue { invalidate() } } }
    /// The style of the text and of the area behind it.
    public var style: Style { didSet { if style != oldValue { setNeedsDisplay() } } }
    public var alignment: Alignment { didSet { if alignment != oldValue { setNeedsDisplay() } } }
    /// Whether a box is drawn around the text (one cell on each side).
    public var border: Bool { didSet { if border != oldValue { invalidate() } } }
    /// The style of the box; the text's style when nil.
    public var borderStyle: Style? { didSet { if borderStyle != oldValue { setNeedsDisplay() } } }
    /// Shown in the top line of the box.
    public var title: String? { didSet { if title != oldValue { setNeedsDisplay() } } }
    /// Blank columns between the text and the box (or the frame) on the left and right.
    public var horizontalPadding: Int { didSet { if horizontalPadding != oldValue { invalidate() } } }

    /// Where each line sits between the left and right edges.
    public enum Alignment: Sendable, Equatable { case leading, center, trailing }

    /// Wrapped lines for the last width, so drawing a frame never wraps again.
    private var wrapped: (width: Int, lines: [String])?

    public init(_ text: String, style: Style = .plain, alignment: Alignment = .leading,
                border: Bool = false, borderStyle: Style? = nil, title: String? = nil, horizontalPadding: Int? = nil) {
        self.text = text
        self.style = style
        self.alignment = alignment
        self.border = border
        self.borderStyle = borderStyle
        self.title = title
        self.horizontalPadding = max(0, horizontalPadding ?? (border ? 1 : 0))
    }

    private func invalidate() {
        wrapped = nil
        setNeedsLayout()
    }

    /// Cells between the frame and the text: the box and the padding.
    private var insets: EdgeInsets {
        let edge = border ? 1 : 0
        return EdgeInsets(top: edge, left: edge + horizontalPadding, bottom: edge, right: edge + horizontalPadding)
    }

    /// The wrapped lines at `width` columns of text.
    public func lines(width: Int) -> [String] {
        if let wrapped, wrapped.width == width { return wrapped.lines }
        let lines = TextWrapper.wrap(text, width: width)
        wrapped = (width, lines)
        return lines
    }

    open override func fittingSize(width: Int) -> Size {
        let insets = self.insets
        let textWidth = width - insets.left - insets.right
        guard textWidth > 0 else { return Size(width: width, height: insets.top + insets.bottom) }
        return Size(width: width, height: lines(width: textWidth).count + insets.top + insets.bottom)
    }

    open override func layoutSubviews() {
        // Wrap in the layout pass that changed the width, not while drawing a frame.
        _ = lines(width: max(0, layoutFrame.width - insets.left - insets.right))
    }

    open override func draw(into buffer: inout CellBuffer, clip: Rect) {
        buffer.fill(frame.intersection(clip), with: .blank(style))
        if border {
            let boxStyle = borderStyle ?? style
            buffer.drawBox(frame, style: boxStyle, title: title, titleStyle: boxStyle, clip: clip)
        }
        let inner = frame.inset(by: insets)
        guard inner.width > 0, inner.height > 0 else { return }
        // Laid out at the target width (a presentation may animate the frame's height).
        let lines = self.lines(width: max(0, layoutFrame.width - insets.left - insets.right))
        let area = clip.intersection(inner)
        for (row, line) in lines.prefix(inner.height).enumerated() {
            let free = max(0, inner.width - TextWidth.of(line))
            let x = inner.minX + (alignment == .leading ? 0 : alignment == .center ? free / 2 : free)
            buffer.draw(line, at: Point(x: x, y: inner.minY + row), style: style, clip: area)
        }
    }
}
