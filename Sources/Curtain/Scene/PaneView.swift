import CurtainLayout
import CurtainScreen

/// A bordered pane with a title in its top border line: one cell of a grid. It defines a
/// presentation context by default, so a toast presented from inside it stays inside it.
/// Its content view fills the area inside the border.
@MainActor
open class PaneView: View {
    public var title: String { didSet { setNeedsDisplay() } }
    public var borderStyle: Style
    /// The border when the pane (or something inside it) holds focus.
    public var focusedBorderStyle: Style
    public var background: Style

    /// The view inside the border, if any.
    public private(set) var contentView: View?

    public init(title: String,
                borderStyle: Style = Style(foreground: .indexed(244)),
                focusedBorderStyle: Style = Style(foreground: .indexed(220), attributes: .bold),
                background: Style = .plain) {
        self.title = title
        self.borderStyle = borderStyle
        self.focusedBorderStyle = focusedBorderStyle
        self.background = background
        super.init()
        definesPresentationContext = true
    }

    public func setContentView(_ view: View?) {
        contentView?.removeFromSuperview()
        contentView = view
        if let view { addSubview(view) }
    }

    /// The border, with the title in its top line.
    open override var safeAreaInsets: EdgeInsets { EdgeInsets(all: 1) }

    open override var canBecomeFocused: Bool { true }

    /// True while this pane, or a view inside it, holds focus.
    public var containsFocus: Bool {
        guard let focused = scene?.focusedView else { return false }
        return isAncestor(of: focused)
    }

    open override func layoutSubviews() {
        let content = frame.inset(by: safeAreaInsets)
        contentView?.frame = content
    }

    open override func draw(into buffer: inout CellBuffer, clip: Rect) {
        buffer.fill(frame.intersection(clip), with: .blank(background))
        let style = containsFocus ? focusedBorderStyle : borderStyle
        buffer.drawBox(frame, style: style, title: title, titleStyle: style, clip: clip)
    }
}
