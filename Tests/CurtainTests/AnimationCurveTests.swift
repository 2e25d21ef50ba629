import Curtain
import PropertyBased
import Testing

@Suite("Timing curves")
struct AnimationCurveTests {
    @Test(arguments: TimingCurve.allCases)
    func endpointsAreExact(curve: TimingCurve) {
        #expect(curve.value(at: 0) == 0)
        #expect(curve.value(at: 1) == 1)
    }

    @Test(arguments: TimingCurve.allCases)
    func progressIsClampedAndNaNIsZero(curve: TimingCurve) {
        #expect(curve.value(at: -3) == 0)
        #expect(curve.value(at: 7) == 1)
        #expect(curve.value(at: -.infinity) == 0)
        #expect(curve.value(at: .infinity) == 1)
        #expect(curve.value(at: .nan) == 0)
        #expect(curve.slope(at: .nan).isFinite)
    }

    @Test(arguments: TimingCurve.allCases)
    func isMonotoneAndInRange(curve: TimingCurve) async {
        await propertyCheck(count: 500, input: Gen.double(in: -0.2...1.2), Gen.double(in: -0.2...1.2)) { a, b in
            let (low, high) = a <= b ? (a, b) : (b, a)
            let vLow = curve.value(at: low)
            let vHigh = curve.value(at: high)
            #expect(vLow >= 0 && vLow <= 1)
            #expect(vHigh >= 0 && vHigh <= 1)
            #expect(vHigh >= vLow - 1e-15)
        }
    }

    @Test func sweepIsMonotone() {
        for curve in TimingCurve.allCases {
            var previous = 0.0
            for i in 0...10_000 {
                let value = curve.value(at: Double(i) / 10_000)
                #expect(value >= previous - 1e-15, "\(curve) at \(i)")
                previous = value
            }
        }
    }

    @Test func linearIsIdentity() async {
        await propertyCheck(input: Gen.double(in: 0...1)) { p in
            #expect(TimingCurve.linear.value(at: p) == p)
            #expect(TimingCurve.linear.slope(at: p) == 1)
        }
    }

    /// An independent check of the Bézier solve: pick a curve parameter t, compute the point
    /// (x(t), y(t)) directly, and ask the curve for its value at progress x(t).
    @Test func matchesTheCubicBezierDefinitions() async {
        let controls: [(TimingCurve, Double, Double)] = [
            (.easeIn, 0.42, 1), (.easeOut, 0, 0.58), (.easeInOut, 0.42, 0.58),
        ]
        await propertyCheck(count: 300, input: Gen.double(in: 0...1)) { t in
            for (curve, x1, x2) in controls {
                let u = 1 - t
                let x = 3 * u * u * t * x1 + 3 * u * t * t * x2 + t * t * t
                let y = 3 * u * t * t + t * t * t
                #expect(abs(curve.value(at: x) - y) < 1e-9, "\(curve) at t=\(t)")
            }
        }
    }

    @Test func shapesAreAsNamed() {
        // ease-in starts slow (below the diagonal), ease-out starts fast (above), ease-in-out is
        // symmetric around the middle.
        for i in 1..<100 {
            let p = Double(i) / 100
            #expect(TimingCurve.easeIn.value(at: p) < p)
            #expect(TimingCurve.easeOut.value(at: p) > p)
            let sum = TimingCurve.easeInOut.value(at: p) + TimingCurve.easeInOut.value(at: 1 - p)
            #expect(abs(sum - 1) < 1e-12)
        }
        #expect(abs(TimingCurve.easeInOut.value(at: 0.5) - 0.5) < 1e-12)
    }

    @Test func slopesAtTheEnds() {
        // Slopes are dy/dx of the Bézier. Ease-in leaves at rest and arrives at 1/(1 − x1);
        // ease-out mirrors it; ease-in-out is at rest at both ends.
        #expect(TimingCurve.easeIn.slope(at: 0) == 0)
        #expect(abs(TimingCurve.easeIn.slope(at: 1) - 1 / 0.58) < 1e-6)
        #expect(abs(TimingCurve.easeOut.slope(at: 0) - 1 / 0.58) < 1e-6)
        #expect(TimingCurve.easeOut.slope(at: 1) == 0)
        #expect(TimingCurve.easeInOut.slope(at: 0) == 0)
        #expect(TimingCurve.easeInOut.slope(at: 1) == 0)
    }

    @Test(arguments: TimingCurve.allCases)
    func slopeIsTheDerivative(curve: TimingCurve) async {
        await propertyCheck(count: 300, input: Gen.double(in: 0.01...0.99)) { p in
            let h = 1e-6
            let numeric = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
            let slope = curve.slope(at: p)
            #expect(slope >= 0)
            #expect(abs(slope - numeric) < 1e-4 * max(1, numeric), "\(curve) at \(p)")
        }
    }
}
