// TEMPORARY: stand-ins for APIs other branches are writing; deleted at merge.
import CurtainLayout
import CurtainScreen
import Glibc

public protocol AnimationClock: AnyObject { var now: Double { get } }
public final class ManualClock: AnimationClock {
    public var now: Double
    public init(now: Double = 0) { self.now = now }
    public func advance(by seconds: Double) { now += seconds }
    public func set(_ seconds: Double) { now = seconds }
}
public enum TimingCurve: Sendable, Equatable {
    case linear, easeIn, easeOut, easeInOut
    public func value(at p: Double) -> Double {
        let t = min(1, max(0, p))
        switch self {
        case .linear: return t
        case .easeIn: return t * t
        case .easeOut: return 1 - (1 - t) * (1 - t)
        case .easeInOut: return t * t * (3 - 2 * t)
        }
    }
}
public struct Spring: Sendable, Equatable {
    public var dampingRatio: Double; public var response: Double
    public init(dampingRatio: Double = 1.0, response: Double = 0.3) { self.dampingRatio = dampingRatio; self.response = response }
    public static let critical = Spring()
}
public struct SpringAnimation: Sendable {
    public private(set) var value: Double
    public private(set) var velocity: Double = 0
    public private(set) var target: Double
    var spring: Spring
    var time: Double?
    public init(value: Double, spring: Spring) { self.value = value; self.target = value; self.spring = spring }
    public mutating func retarget(_ t: Double) { target = t }
    public mutating func jump(to v: Double) { value = v; target = v; velocity = 0 }
    public mutating func step(to now: Double) {
        defer { time = now }
        guard let last = time else { return }
        let dt = max(0, now - last)
        let w = 2 * Double.pi / spring.response
        let x0 = value - target
        let e = exp(-w * dt)
        let x = (x0 + (velocity + w * x0) * dt) * e
        velocity = (velocity - w * (velocity + w * x0) * dt) * e
        value = target + x
        if abs(x) < 0.01 && abs(velocity) < 0.01 { value = target; velocity = 0 }
    }
    public var isSettled: Bool { value == target && velocity == 0 }
}
public struct TimedAnimation: Sendable {
    public var from, to, duration, start: Double; public var curve: TimingCurve
    public init(from: Double, to: Double, duration: Double, curve: TimingCurve, start: Double) {
        self.from = from; self.to = to; self.duration = duration; self.curve = curve; self.start = start
    }
    public func value(at t: Double) -> Double {
        guard duration > 0 else { return to }
        return from + (to - from) * curve.value(at: (t - start) / duration)
    }
    public func isFinished(at t: Double) -> Bool { t >= start + duration }
}
public enum CellQuantizer { public static func cells(_ v: Double) -> Int { v.isFinite ? Int(v.rounded()) : 0 } }
public struct MotionSettings: Sendable, Equatable {
    public var reduceMotion: Bool; public var speed: Double
    public init(reduceMotion: Bool = false, speed: Double = 1) { self.reduceMotion = reduceMotion; self.speed = speed }
    public func duration(_ s: Double) -> Double { reduceMotion ? 0 : s / speed }
    public func spring(_ s: Spring) -> Spring { Spring(dampingRatio: s.dampingRatio, response: s.response / speed) }
}
public enum FramePacing { public static let interval: Double = 1.0 / 60.0 }

public protocol FittingContent { func fittingSize(width: Int) -> Size }
public enum PresentationEdge: Sendable { case top, bottom }
public func presentationFrame(context: Rect, safeArea: EdgeInsets, edge: PresentationEdge,
                              insets: EdgeInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2),
                              maximumHeight: Int? = nil, content: some FittingContent) -> Rect {
    let area = context.inset(by: safeArea)
    let width = area.width - insets.horizontal
    let room = min(area.height - insets.vertical, maximumHeight ?? .max)
    guard width > 0, room > 0 else { return .zero }
    let h = min(room, content.fittingSize(width: width).height)
    guard h > 0 else { return .zero }
    switch edge {
    case .bottom: return Rect(x: area.minX + insets.left, y: area.maxY - insets.bottom - h, width: width, height: h)
    case .top: return Rect(x: area.minX + insets.left, y: area.minY + insets.top, width: width, height: h)
    }
}
public enum TextWrapper {
    public static func wrap(_ text: some StringProtocol, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""; var w = 0
        for c in text {
            let cw = DisplayCluster(c).width
            if w + cw > width { lines.append(line); line = ""; w = 0 }
            line.append(c); w += cw
        }
        lines.append(line)
        return lines
    }
    public static func lineCount(_ text: some StringProtocol, width: Int) -> Int { wrap(text, width: width).count }
}
extension CellBuffer {
    @discardableResult
    public mutating func draw(_ text: some StringProtocol, at p: Point, style: Style, clip: Rect? = nil) -> Int {
        let c = (clip ?? bounds).intersection(bounds)
        var x = p.x
        for ch in text {
            let d = DisplayCluster(ch)
            if d.width == 0 { continue }
            if x >= c.minX && x + d.width <= c.maxX && c.minY <= p.y && p.y < c.maxY {
                set(Cell(grapheme: Grapheme(d.text), style: style), x: x, y: p.y)
                if d.width == 2 { set(Cell(grapheme: .continuation, style: style), x: x + 1, y: p.y) }
            }
            x += d.width
        }
        return x - p.x
    }
    public mutating func drawBox(_ r: Rect, style: Style, title: String? = nil, titleStyle: Style? = nil, clip: Rect? = nil) {
        guard r.width >= 2, r.height >= 2 else { return }
        let c = clip ?? bounds
        func put(_ s: Unicode.Scalar, _ x: Int, _ y: Int) { if c.contains(Point(x: x, y: y)) { set(Cell(grapheme: Grapheme(s), style: style), x: x, y: y) } }
        for x in r.minX + 1..<r.maxX - 1 { put("─", x, r.minY); put("─", x, r.maxY - 1) }
        for y in r.minY + 1..<r.maxY - 1 { put("│", r.minX, y); put("│", r.maxX - 1, y) }
        put("┌", r.minX, r.minY); put("┐", r.maxX - 1, r.minY); put("└", r.minX, r.maxY - 1); put("┘", r.maxX - 1, r.maxY - 1)
        if let title, r.width > 4 { draw(" \(title) ", at: Point(x: r.minX + 2, y: r.minY), style: titleStyle ?? style, clip: c.intersection(r.insetBy(dx: 1, dy: 0))) }
    }
    public mutating func dim(_ r: Rect, strength: Double) {
        guard strength > 0 else { return }
        let c = r.intersection(bounds)
        guard !c.isEmpty else { return }
        for y in c.minY..<c.maxY { for x in c.minX..<c.maxX {
            var cell = self[x, y]; cell.style.attributes.insert(.dim); set(cell, x: x, y: y)
        } }
    }
}
public enum TextWidth { public static func of(_ s: some StringProtocol) -> Int { s.reduce(0) { $0 + DisplayCluster($1).width } } }
public struct PaneGrid: Sendable {
    public var bounds: Rect { didSet { clamp() } }
    public let columns: Int, rows: Int
    public let minimumPaneSize: Size
    public private(set) var verticalSplits: [Int] = []
    public private(set) var horizontalSplits: [Int] = []
    public init(bounds: Rect, columns: Int, rows: Int, minimumPaneSize: Size) {
        self.bounds = bounds; self.columns = columns; self.rows = rows; self.minimumPaneSize = minimumPaneSize
        verticalSplits = (1..<max(1, columns)).map { bounds.minX + bounds.width * $0 / columns }
        horizontalSplits = (1..<max(1, rows)).map { bounds.minY + bounds.height * $0 / rows }
    }
    mutating func clamp() {
        verticalSplits = (1..<max(1, columns)).map { bounds.minX + bounds.width * $0 / columns }
        horizontalSplits = (1..<max(1, rows)).map { bounds.minY + bounds.height * $0 / rows }
    }
    public var isBelowMinimum: Bool { bounds.width < columns * minimumPaneSize.width || bounds.height < rows * minimumPaneSize.height }
    public mutating func moveVerticalSplit(_ i: Int, by d: Int) {
        guard verticalSplits.indices.contains(i) else { return }
        let lo = (i == 0 ? bounds.minX : verticalSplits[i - 1]) + minimumPaneSize.width
        let hi = (i == verticalSplits.count - 1 ? bounds.maxX : verticalSplits[i + 1]) - minimumPaneSize.width
        verticalSplits[i] = max(lo, min(hi, verticalSplits[i] + d))
    }
    public mutating func moveHorizontalSplit(_ i: Int, by d: Int) {
        guard horizontalSplits.indices.contains(i) else { return }
        let lo = (i == 0 ? bounds.minY : horizontalSplits[i - 1]) + minimumPaneSize.height
        let hi = (i == horizontalSplits.count - 1 ? bounds.maxY : horizontalSplits[i + 1]) - minimumPaneSize.height
        horizontalSplits[i] = max(lo, min(hi, horizontalSplits[i] + d))
    }
    public func paneRect(column: Int, row: Int) -> Rect {
        let xs = [bounds.minX] + verticalSplits + [bounds.maxX]
        let ys = [bounds.minY] + horizontalSplits + [bounds.maxY]
        return Rect(x: xs[column], y: ys[row], width: xs[column + 1] - xs[column], height: ys[row + 1] - ys[row])
    }
}
