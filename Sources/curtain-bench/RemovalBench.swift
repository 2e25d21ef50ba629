import Curtain
import CurtainLayout
import CurtainPlatform

/// Removing labels one by one from a view of 1 000 and of 10 000 siblings, in a scene (so each
/// removal does all it does on screen: leaves the scene, cancels the view's tasks, asks for a
/// layout pass). The cost per removal should not depend on the number of siblings: the ratio
/// between the two counts says whether it does.
struct RemovalResult {
    var order = ""
    var siblings = 0
    /// Wall time of all the removals and of the first read of `subviews` after them.
    var nanoseconds: UInt64 = 0
    /// Whether the remaining subviews matched a plain array model after each step checked.
    var orderKept = true

    var nanosecondsPerRemoval: Double { Double(nanoseconds) / Double(siblings) }
}

/// The orders the labels are removed in.
enum RemovalOrder: String, CaseIterable {
    /// The first sibling each time: the worst case for an array that shifts the rest.
    case frontFirst = "front first"
    case backFirst = "back first"
    case random = "random"

    /// The indices into the original labels, in removal order.
    func indices(count: Int) -> [Int] {
        switch self {
        case .frontFirst: return Array(0..<count)
        case .backFirst: return Array((0..<count).reversed())
        case .random:
            var indices = Array(0..<count)
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            for i in stride(from: count - 1, to: 0, by: -1) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                indices.swapAt(i, Int((state >> 33) % UInt64(i + 1)))
            }
            return indices
        }
    }
}

/// The system layer's clock, unsigned as the benchmarks keep their figures.
func benchNanoseconds() -> UInt64 { UInt64(monotonicNanoseconds()) }

@MainActor
func measureRemoval(quick: Bool) -> [RemovalResult] {
    var results: [RemovalResult] = []
    let orders: [RemovalOrder] = quick ? [.frontFirst] : RemovalOrder.allCases
    for order in orders {
        for count in [1_000, 10_000] {
            results.append(removeOneByOne(count: count, order: order))
        }
    }
    return results
}

/// Builds a scene whose root holds a container of `count` labels, draws a frame, then removes
/// the labels one by one (timed), and checks what is left against an array model afterwards
/// (untimed).
@MainActor
func removeOneByOne(count: Int, order: RemovalOrder) -> RemovalResult {
    let root = View()
    let container = View()
    root.addSubview(container)
    let labels = (0..<count).map { Label("label \($0)") }
    for label in labels { container.addSubview(label) }
    let scene = Scene(root: root, size: Size(width: 80, height: 24), clock: ManualClock())
    _ = scene.renderFrame()

    let indices = order.indices(count: count)
    // The remaining subviews are compared with an array model a hundred times along the way;
    // the model's upkeep is not timed, the read of `subviews` is (it may pay for the removals).
    let checkEvery = max(1, count / 100)
    var model = labels.map(ObjectIdentifier.init)
    var result = RemovalResult(order: order.rawValue, siblings: count)
    var step = 0
    while step < count {
        let batch = indices[step..<min(step + checkEvery, count)]
        let start = benchNanoseconds()
        for index in batch { labels[index].removeFromSuperview() }
        let remaining = container.subviews
        result.nanoseconds += benchNanoseconds() - start
        let gone = Set(batch.map { ObjectIdentifier(labels[$0]) })
        model.removeAll { gone.contains($0) }
        if remaining.map(ObjectIdentifier.init) != model { result.orderKept = false }
        step += batch.count
    }
    return result
}

func printRemoval(_ results: [RemovalResult]) {
    print("Removing every subview of a view one by one, in a scene (wall time; includes the read of subviews after each 1 %)")
    printTable(["order", "siblings", "total ms", "ns/removal", "vs 1 000", "order kept"], results.map { r in
        let base = results.first { $0.order == r.order && $0.siblings == 1_000 }
        let ratio = base.map { r.nanosecondsPerRemoval / $0.nanosecondsPerRemoval } ?? 1
        return [r.order, "\(r.siblings)", milliseconds(r.nanoseconds), fixed(r.nanosecondsPerRemoval, 0),
                fixed(ratio, 2) + "×", r.orderKept ? "yes" : "NO"]
    })
}
