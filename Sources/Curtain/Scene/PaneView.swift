import CurtainLayout
import CurtainScreen

/// A bordered pane with a title in its top border line: one cell of a grid. It defines a
/// presentation context by default, so a toast presented from inside it stays inside it.
/// Its content view fills the area inside the border.
@MainActor
open class PaneView: View {
    /// The text in the top border line.
    public var title: String { didSet { setNeedsDisplay() } }
    /// The border while focus is elsewhere; nil uses the theme's ``Theme/border`` (and
    /// ``Theme/title`` for the title).
    public var borderStyle: Style? { didSet { if borderStyle != oldValue { setNeedsDisplay() } } }
    /// The border when the pane (or something inside it) holds focus; nil uses the theme's
    /// ``Theme/focusedBorder``, ``Theme/focusedTitle`` and ``Theme/focusedBorderLine``.
    public var focusedBorderStyle: Style? { didSet { if focusedBorderStyle != oldValue { setNeedsDisplay() } } }
    /// The style the pane's area is cleared with before its content draws.
    public var background: Style { didSet { if background != oldValue { setNeedsDisplay() } } }

    /// The view inside the border, if any.
    public private(set) var contentView: View?

    /// An empty pane; give it content with ``setContentView(_:)``.
    ///
    /// - Parameters:
    ///   - title: the text in the top border line.
    ///   - borderStyle: the border while focus is elsewhere; the theme's by default.
    ///   - focusedBorderStyle: the border while the pane or something in it holds focus; the
    ///     theme's by default.
    ///   - background: the style the pane is cleared with; the terminal's own by default.
    public init(title: String, borderStyle: Style? = nil, focusedBorderStyle: Style? = nil, background: Style = .plain) {
        self.title = title
        self.borderStyle = borderStyle
        self.focusedBorderStyle = focusedBorderStyle
        self.background = background
        super.init()
        definesPresentationContext = true
    }

    /// Puts `view` inside the border, in place of the current content; nil leaves the pane
    /// empty.
    public func setContentView(_ view: View?) {
        contentView?.removeFromSuperview()
        contentView = view
        if let view { addSubview(view) }
    }

    /// The border, with the title in its top line.
    open override var safeAreaInsets: EdgeInsets { EdgeInsets(all: 1) }

    /// True: a pane can hold focus itself, so Tab stops on it even when its content cannot.
    open override var canBecomeFocused: Bool { true }

    /// True while this pane, or a view inside it, holds focus.
    public var containsFocus: Bool {
        guard let focused = scene?.focusedView else { return false }
        return isAncestor(of: focused)
    }

    /// The content view fills the area inside the border.
    open override func layoutSubviews() {
        let content = frame.inset(by: safeAreaInsets)
        contentView?.frame = content
    }

    /// Clears the pane with ``background`` and draws the border and title (ASCII stand-ins
    /// where the terminal does not show Unicode: ``Theme/displayable(_:)``), in
    /// ``focusedBorderStyle`` while ``containsFocus``.
    open override func draw(into buffer: inout CellBuffer, clip: Rect) {
        buffer.fill(frame.intersection(clip), with: .blank(background))
        let title = theme.displayable(self.title)
        if containsFocus {
            let style = focusedBorderStyle ?? theme.focusedBorder
            buffer.drawBox(frame, style: style, title: title, titleStyle: focusedBorderStyle ?? theme.focusedTitle,
                           border: theme.focusedBorderLine, clip: clip)
        } else {
            let style = borderStyle ?? theme.border
            buffer.drawBox(frame, style: style, title: title, titleStyle: borderStyle ?? theme.title, clip: clip)
        }
    }
}
