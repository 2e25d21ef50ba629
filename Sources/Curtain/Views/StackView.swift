/// Views one after another, top to bottom or left to right, each given a fixed length, its
/// fitting height, or a share of what is left: the layout of most screens (a grid of panes
/// above a status line, a list beside a preview) without a view of your own.
///
/// ```swift
/// let statusLine = Label("q quits · ? help")
/// let root = StackView(.vertical, [.flexible(pane), .fixed(statusLine, 1)])
/// ```
///
/// Lengths are in cells. Fixed and fitting items get their length first (as much as there is
/// room for, in order); flexible items share the rest by weight, the last one taking what
/// rounding leaves. A hidden view (``View/isHidden``) gets no room: its neighbours close up.
@MainActor
public final class StackView: View {
    /// The direction the views follow one another.
    public enum Axis: Sendable, Equatable {
        /// Top to bottom; each view as wide as the stack.
        case vertical
        /// Left to right; each view as tall as the stack.
        case horizontal
    }

    /// One view of the stack and how long it is along the axis.
    public struct Item {
        /// How long an item is along the stack's axis.
        public enum Length: Sendable, Equatable {
            /// Exactly this many cells.
            case fixed(Int)
            /// As tall as the view's ``View/fittingSize(width:)`` at the stack's width (a
            /// vertical stack; a horizontal one treats it as flexible).
            case fitting
            /// A share of the room left, by weight.
            case flexible(weight: Int)
        }

        /// The view placed in the stack.
        public let view: View
        /// How long it is along the axis.
        public let length: Length

        /// `view`, exactly `cells` long (a negative length is 0): a status line, a sidebar.
        public static func fixed(_ view: View, _ cells: Int) -> Item { Item(view: view, length: .fixed(max(0, cells))) }
        /// `view`, as tall as its fitting height in a vertical stack; in a horizontal one it
        /// shares the room left like a flexible item of weight 1.
        public static func fitting(_ view: View) -> Item { Item(view: view, length: .fitting) }
        /// `view`, taking a share of the room left in proportion to `weight` (at least 1).
        public static func flexible(_ view: View, weight: Int = 1) -> Item { Item(view: view, length: .flexible(weight: max(1, weight))) }
    }

    /// Top to bottom or left to right.
    public let axis: Axis
    /// The views and their lengths, in order along the axis.
    public let items: [Item]

    /// A stack of `items` along `axis`; their views become its subviews.
    ///
    /// - Parameters:
    ///   - axis: ``Axis/vertical`` or ``Axis/horizontal``.
    ///   - items: the views in order, each made with ``Item/fixed(_:_:)``,
    ///     ``Item/fitting(_:)`` or ``Item/flexible(_:weight:)``.
    public init(_ axis: Axis, _ items: [Item]) {
        self.axis = axis
        self.items = items
        super.init()
        for item in items { addSubview(item.view) }
    }

    /// Gives each item its length along the axis as described above, and the stack's whole
    /// breadth across it.
    public override func layoutSubviews() {
        let total = axis == .vertical ? frame.height : frame.width
        var lengths = [Int](repeating: 0, count: items.count)
        var left = total
        var weights: [(index: Int, weight: Int)] = []
        for (index, item) in items.enumerated() where !item.view.isHidden {
            switch item.length {
            case .fixed(let cells):
                lengths[index] = min(cells, left)
            case .fitting where axis == .vertical:
                lengths[index] = min(item.view.fittingSize(width: frame.width).height, left)
            case .fitting:
                weights.append((index, 1))
            case .flexible(let weight):
                weights.append((index, weight))
            }
            left -= lengths[index]
        }
        let weightSum = weights.map(\.weight).reduce(0, +)
        var shared = 0
        for (position, entry) in weights.enumerated() {
            let share = position == weights.count - 1 ? left - shared : left * entry.weight / max(1, weightSum)
            lengths[entry.index] = max(0, share)
            shared += lengths[entry.index]
        }
        var offset = 0
        for (index, item) in items.enumerated() {
            item.view.frame = axis == .vertical
                ? Rect(x: frame.minX, y: frame.minY + offset, width: frame.width, height: lengths[index])
                : Rect(x: frame.minX + offset, y: frame.minY, width: lengths[index], height: frame.height)
            offset += lengths[index]
        }
    }
}
