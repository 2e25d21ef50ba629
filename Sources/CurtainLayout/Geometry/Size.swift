/// A size in character cells. Negative values are never stored: the initializer clamps them to
/// zero so that every operation on sizes is total.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Int { didSet { if width < 0 { width = 0 } } }
    public var height: Int { didSet { if height < 0 { height = 0 } } }

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when the size covers no cell.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Number of cells covered (saturating).
    public var area: Int {
        let (result, overflow) = width.multipliedReportingOverflow(by: height)
        return overflow ? .max : result
    }

    public var description: String { "\(width)×\(height)" }
}
