import CurtainLayout

/// The pointer holding a presentation: where it was pressed, and recent positions for the
/// release velocity.
struct DragState {
    /// The press, in cells along the slide toward the edge (rows, down positive for a bottom edge).
    var start: Int
    /// How far out the presentation was when grabbed, in progress (0 at its frame).
    var startOut: Double
    /// Recent (time, position along the slide) samples, newest last.
    var samples: [(time: Double, position: Int)]
}

/// Interactive dismissal, as seed 003's companion project does it with a finger: the frame
/// follows the pointer cell by cell toward its edge; the wrong way it meets a rubber band
/// (progress p shown as p / (1 + |20p|)); the dim follows. On release it leaves when the
/// pointer moved toward the edge faster than ``PresentationController/dismissalVelocity``
/// points a second, or when it is past half way and not moving back faster than that;
/// otherwise it springs back (0.5 s, damping 0.8) starting with the pointer's speed, and can
/// be grabbed again meanwhile. A cell counts as 16 points across and 32 points down.
extension PresentationController {
    /// Release speed, in points a second, above which a drag dismisses whatever the distance.
    public static let dismissalVelocity: Double = 300
    /// Points in a cell along the slide (terminal cells are about twice as tall as wide).
    static let pointsPerRow: Double = 32
    /// The spring a released drag returns on.
    static let springBack = Spring(dampingRatio: 0.8, response: 0.5)

    /// Where `point` lies along the slide, in cells, growing toward the edge.
    private func position(of point: Point) -> Int { edge == .bottom ? point.y : -point.y }

    /// True while the pointer holds it.
    public var isBeingDragged: Bool { drag != nil }

    /// Starts following the pointer, from wherever the presentation is (also mid spring-back).
    func beginDrag(at point: Point, now: Double) {
        progressAnimation = nil
        offsetSpring = nil
        drag = DragState(start: position(of: point), startOut: 1 - progress,
                         samples: [(now, position(of: point))])
    }

    /// Moves with the pointer.
    func continueDrag(to point: Point, now: Double) {
        guard var drag else { return }
        let distance = Double(max(1, slideDistance))
        let out = drag.startOut + Double(position(of: point) - drag.start) / distance
        // The wrong way (into the context) resists: p becomes p / (1 + |20p|).
        let shown = out < 0 ? out / (1 + abs(20 * out)) : out
        progress = min(1 - shown, 1.05)
        drag.samples.append((now, position(of: point)))
        // The last tenth of a second tells the speed at release (at least two samples kept).
        let recent = drag.samples.filter { now - $0.time <= 0.1 }
        drag.samples = recent.count >= 2 ? recent : Array(drag.samples.suffix(2))
        self.drag = drag
        updateDisplayedFrame()
    }

    /// Lets go: returns true when the presentation should leave (the caller dismisses it),
    /// false when it springs back.
    func endDrag(at point: Point, now: Double, motion: MotionSettings) -> Bool {
        continueDrag(to: point, now: now)
        guard let drag else { return false }
        self.drag = nil
        let velocity = Self.velocity(of: drag.samples)       // cells a second toward the edge
        let points = velocity * Self.pointsPerRow
        let out = 1 - progress
        if points > Self.dismissalVelocity || (out > 0.5 && points > -Self.dismissalVelocity) {
            return true
        }
        let distance = Double(max(1, slideDistance))
        offsetSpring = SpringAnimation(value: out * distance, velocity: velocity, target: 0,
                                       spring: motion.spring(Self.springBack), at: now)
        return false
    }

    /// Cells a second over the samples of the last tenth of a second (0 for one sample or no time).
    static func velocity(of samples: [(time: Double, position: Int)]) -> Double {
        guard let first = samples.first, let last = samples.last, last.time > first.time else { return 0 }
        return Double(last.position - first.position) / (last.time - first.time)
    }
}
