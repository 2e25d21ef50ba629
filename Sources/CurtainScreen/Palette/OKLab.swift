import CurtainPlatform

/// A colour in OKLab (Björn Ottosson, 2020): L lightness from 0 (black) to 1 (white), a and b
/// the green–red and blue–yellow axes. Distances in it follow perceived differences much
/// better than in RGB, and scaling L, a and b together toward 0 darkens a colour while
/// keeping its hue — which is how Curtain dims and how it picks palette colours.
public struct OKLab: Sendable, Equatable {
    public var l: Double
    public var a: Double
    public var b: Double

    public init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    /// The colour of sRGB components 0…255.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        let r = OKLab.linear(red), g = OKLab.linear(green), bl = OKLab.linear(blue)
        let l = OKLab.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl)
        let m = OKLab.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl)
        let s = OKLab.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl)
        self.l = 0.2104542553 * l + 0.7936177850 * m - 0.0040720468 * s
        self.a = 1.9779984951 * l - 2.4285922050 * m + 0.4505937099 * s
        self.b = 0.0259040371 * l + 0.7827717662 * m - 0.8086757660 * s
    }

    /// sRGB components 0…255, clamped into gamut.
    public var rgb: (red: UInt8, green: UInt8, blue: UInt8) {
        let l_ = l + 0.3963377774 * a + 0.2158037573 * b
        let m_ = l - 0.1055613458 * a - 0.0638541728 * b
        let s_ = l - 0.0894841775 * a - 1.2914855480 * b
        let l3 = l_ * l_ * l_, m3 = m_ * m_ * m_, s3 = s_ * s_ * s_
        let r = 4.0767416621 * l3 - 3.3077115913 * m3 + 0.2309699292 * s3
        let g = -1.2684380046 * l3 + 2.6097574011 * m3 - 0.3413193965 * s3
        let bl = -0.0041960863 * l3 - 0.7034186147 * m3 + 1.7076147010 * s3
        return (OKLab.encoded(r), OKLab.encoded(g), OKLab.encoded(bl))
    }

    /// Chroma: how far from grey.
    public var chroma: Double { (a * a + b * b).squareRoot() }

    /// This colour moved toward black by `strength` (0: unchanged, 1: black): L, a and b scaled
    /// together, so the hue stays and the colour only darkens.
    ///
    /// The scale is (1 − strength)^(2.2/3): UIKit's dimming view lays black at alpha
    /// `strength` over the content in gamma-encoded sRGB, and this gives the same lightness
    /// (a grey at 0.5 comes out as RGB × 0.5, give or take the encoding's linear toe) while
    /// every colour keeps its hue exactly.
    public func darkened(by strength: Double) -> OKLab {
        scaled(by: OKLab.keep(strength))
    }

    /// What ``darkened(by:)`` scales L, a and b by for `strength`: (1 − strength)^(2.2/3).
    static func keep(_ strength: Double) -> Double {
        let remaining = 1 - min(1, max(0, strength))
        return remaining <= 0 ? 0 : CurtainPlatform.pow(remaining, 2.2 / 3)
    }

    /// L, a and b times `keep`.
    func scaled(by keep: Double) -> OKLab {
        OKLab(l: l * keep, a: a * keep, b: b * keep)
    }

    /// Squared perceptual distance for matching a colour to a palette: lightness, chroma and
    /// hue differences, with chroma weighted 3 and hue 10 against lightness, so that a colour
    /// is matched by one of its own hue (a darker yellow, not a grey or an olive green) even
    /// where that costs some lightness — the palette's dark colours are few and far apart.
    public func distance(to other: OKLab) -> Double {
        let dl = l - other.l, da = a - other.a, db = b - other.b
        let dc = chroma - other.chroma
        // ΔH² = Δa² + Δb² − ΔC²: what is left of the colour difference once lightness and
        // chroma are accounted for (CIE's hue difference).
        let dh2 = max(0, da * da + db * db - dc * dc)
        return dl * dl + 3 * dc * dc + 10 * dh2
    }

    static func linear(_ value: UInt8) -> Double { linearTable[Int(value)] }

    /// sRGB component → linear light, for each of the 256 values (computed once).
    private static let linearTable: [Double] = (0...255).map { value in
        let c = Double(value) / 255
        return c <= 0.04045 ? c / 12.92 : CurtainPlatform.pow((c + 0.055) / 1.055, 2.4)
    }

    static func encoded(_ linear: Double) -> UInt8 {
        let c = min(1, max(0, linear))
        let s = c <= 0.0031308 ? 12.92 * c : 1.055 * CurtainPlatform.pow(c, 1 / 2.4) - 0.055
        return UInt8((min(1, max(0, s)) * 255).rounded())
    }

    static func cbrt(_ x: Double) -> Double { CurtainPlatform.cbrt(x) }
}
