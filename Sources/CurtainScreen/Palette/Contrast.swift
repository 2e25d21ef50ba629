/// WCAG 2 contrast: how far apart two colours are in relative luminance, from 1 (the same) to
/// 21 (black on white). Body text wants at least 4.5, large text, borders and other things
/// that are not read letter by letter at least 3.
public enum Contrast {
    /// The relative luminance of sRGB components (0 black … 1 white).
    public static func luminance(_ c: (red: UInt8, green: UInt8, blue: UInt8)) -> Double {
        0.2126 * OKLab.linear(c.red) + 0.7152 * OKLab.linear(c.green) + 0.0722 * OKLab.linear(c.blue)
    }

    /// The contrast ratio of two colours, in either order.
    public static func ratio(_ x: (red: UInt8, green: UInt8, blue: UInt8), _ y: (red: UInt8, green: UInt8, blue: UInt8)) -> Double {
        let lx = luminance(x), ly = luminance(y)
        return (max(lx, ly) + 0.05) / (min(lx, ly) + 0.05)
    }
}
