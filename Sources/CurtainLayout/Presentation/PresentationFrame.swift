/// The frame of a presented view in its context: the terminal form of
/// `frameOfPresentedViewInContainerView`.
///
/// - The content area is `context` minus `safeArea` (a pane's border, the screen's help bar).
/// - Width: the content area's width minus `insets.left` and `insets.right`.
/// - Height: `content`'s fitting height at that width, at most the content area's height
///   minus `insets.top` and `insets.bottom`, and at most `maximumHeight`.
/// - Position: `insets.left` columns in from the content area's left; against `edge`:
///   `frame.minY == contentArea.minY + insets.top` (top) or
///   `frame.maxY == contentArea.maxY - insets.bottom` (bottom). Everything is offset by the
///   context's own origin, so a pane anywhere in a grid works.
///
/// When there is no room (width ≤ 0 or the allowed height ≤ 0) or the content fits in zero
/// rows, the result is an empty rectangle (0×0) at the anchor point: `(contentArea.minX +
/// insets.left, contentArea.minY + insets.top)` for `.top`, `(…, contentArea.maxY -
/// insets.bottom)` for `.bottom`. An animation can grow from there.
///
/// Insets are expected to be non-negative; negative values count as 0.
public func presentationFrame(
    context: Rect,
    safeArea: EdgeInsets,
    edge: PresentationEdge,
    insets: EdgeInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2),
    maximumHeight: Int? = nil,
    content: some FittingContent
) -> Rect {
    let contentArea = context.inset(by: safeArea.nonNegative)
    let insets = insets.nonNegative
    let x = contentArea.minX.addingSaturating(insets.left)
    let anchorY = switch edge {
    case .top: contentArea.minY.addingSaturating(insets.top)
    case .bottom: contentArea.maxY.subtractingSaturating(insets.bottom)
    }
    let empty = Rect(x: x, y: anchorY, width: 0, height: 0)
    let width = contentArea.width.subtractingSaturating(insets.horizontal)
    var allowed = contentArea.height.subtractingSaturating(insets.vertical)
    if let maximumHeight { allowed = min(allowed, maximumHeight) }
    if width <= 0 || allowed <= 0 { return empty }
    let height = min(content.fittingSize(width: width).height, allowed)
    if height <= 0 { return empty }
    switch edge {
    case .top:
        return Rect(x: x, y: anchorY, width: width, height: height)
    case .bottom:
        return Rect(x: x, y: anchorY - height, width: width, height: height)
    }
}
