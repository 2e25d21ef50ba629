/// Size constraints of a ``LayoutNode/frame(_:_:)`` node.
///
/// Width is proposed by the parent, so only a fixed or maximum width makes sense (a minimum
/// width larger than the proposal could not be shown). Height is free, so it may be fixed,
/// at least or at most a number of rows. Negative numbers count as 0. When `minHeight` is
/// larger than `maxHeight`, `maxHeight` wins; a fixed `height` overrides both.
public struct FrameConstraints: Hashable, Sendable {
    /// Exactly this many columns (cut to the proposal if it is narrower). In a horizontal
    /// stack, children with a fixed width get their columns first.
    public var width: Int?
    /// At most this many columns.
    public var maxWidth: Int?
    /// Exactly this many rows (content beyond is clipped, missing rows stay empty).
    public var height: Int?
    /// At least this many rows.
    public var minHeight: Int?
    /// At most this many rows (content beyond is clipped).
    public var maxHeight: Int?

    public init(width: Int? = nil, maxWidth: Int? = nil, height: Int? = nil,
                minHeight: Int? = nil, maxHeight: Int? = nil) {
        self.width = width.map { max(0, $0) }
        self.maxWidth = maxWidth.map { max(0, $0) }
        self.height = height.map { max(0, $0) }
        self.minHeight = minHeight.map { max(0, $0) }
        self.maxHeight = maxHeight.map { max(0, $0) }
    }

    /// The columns a child gets out of a proposal of `width`.
    func width(forProposal width: Int) -> Int {
        var result = max(0, width)
        if let fixed = self.width { result = min(result, fixed) }
        if let maxWidth { result = min(result, maxWidth) }
        return result
    }

    /// The rows the frame takes when its child wants `childHeight`.
    func height(forChildHeight childHeight: Int) -> Int {
        if let height { return height }
        var result = childHeight
        if let minHeight { result = max(result, minHeight) }
        if let maxHeight { result = min(result, maxHeight) }
        return result
    }
}
