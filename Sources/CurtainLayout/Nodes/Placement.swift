/// One thing to draw, produced by ``LayoutNode/arrange(in:)``. CurtainLayout knows rectangles
/// and display text, not cells or styles; the screen layer turns placements into cells.
public enum Placement: Hashable, Sendable {
    /// A line of display text (already wrapped; its display width fits the node's rect) whose
    /// first cell is at `origin`. `tag` is the text node's tag, for the caller to pick a style.
    case text(line: String, origin: Point, tag: Int)
    /// A box drawn on the outermost cells of `rect` (at least 2×2), with an optional title
    /// already truncated to fit in the top border line (drawn from `rect.minX + 1`).
    case border(Rect, title: String?)
}
