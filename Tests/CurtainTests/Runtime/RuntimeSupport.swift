import CurtainLayout
import CurtainScreen
@testable import Curtain

/// A view that records the events it is offered, handles those it is told to, and places
/// its children where it is told to.
@MainActor
final class Probe: View {
    let name: String
    var focusable: Bool
    /// Keys this view handles (returns true for).
    var handles: Set<Key> = []
    var handlesPaste = false
    var handlesMouse = false
    let log: EventLog
    private var places: [(View, Rect)] = []

    init(_ name: String, focusable: Bool = false, log: EventLog) {
        self.name = name
        self.focusable = focusable
        self.log = log
    }

    /// Adds `view` as a subview placed at `rect` (screen cells) in every layout pass.
    @discardableResult
    func place<V: View>(_ view: V, _ rect: Rect) -> V {
        addSubview(view)
        places.append((view, rect))
        return view
    }

    override func layoutSubviews() {
        for (view, rect) in places { view.frame = rect }
    }

    override var canBecomeFocused: Bool { focusable }

    override func handleKey(_ key: Key) -> Bool {
        log.lines.append("\(name): \(key.name)")
        return handles.contains(key)
    }

    override func handlePaste(_ text: String) -> Bool {
        log.lines.append("\(name): paste")
        return handlesPaste
    }

    override func handleMouse(_ event: MouseEvent) -> Bool {
        log.lines.append("\(name): \(event.kind) \(event.location.x),\(event.location.y)")
        return handlesMouse
    }

    override func fittingSize(width: Int) -> Size { Size(width: width, height: 3) }
}

/// The events offered, "name: event" a line, in order.
@MainActor
final class EventLog {
    var lines: [String] = []
    func take() -> [String] {
        defer { lines = [] }
        return lines
    }
}

/// A controller that records the keys it is offered and can trap focus.
@MainActor
final class ProbeController: PresentationController {
    let log: EventLog
    let traps: Bool
    let dims: Bool
    init(presentedView: View, log: EventLog, traps: Bool = false, dims: Bool = true) {
        self.log = log
        self.traps = traps
        self.dims = dims
        super.init(presentedView: presentedView)
    }
    override var trapsFocus: Bool { traps }
    override var dimmingStrength: Double { dims ? 0.5 : 0 }
    override func handleKey(_ key: Key) -> Bool {
        log.lines.append("controller: \(key.name)")
        return super.handleKey(key)
    }
}
