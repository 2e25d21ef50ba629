/// The xterm 256-colour palette: what each indexed colour looks like.
///
/// Colours 0–15 are the terminal's configurable ANSI colours; xterm's defaults stand in for
/// them. 16–231 are the 6×6×6 colour cube, 232–255 a ramp of 24 greys.
public enum Palette {
    /// Component values of the six cube steps.
    static let cubeLevels: [UInt8] = [0, 95, 135, 175, 215, 255]

    /// xterm's default ANSI colours, as 0xRRGGBB.
    static let ansi: [UInt32] = [
        0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
        0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
    ]

    /// The RGB components of indexed colour `index`.
    public static func rgb(of index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        switch index {
        case 0..<16:
            let v = ansi[Int(index)]
            return (UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8), UInt8(truncatingIfNeeded: v))
        case 16..<232:
            let i = Int(index) - 16
            return (cubeLevel(i / 36), cubeLevel(i / 6 % 6), cubeLevel(i % 6))
        default:
            let grey = 8 + 10 * (index - 232)
            return (grey, grey, grey)
        }
    }

    @inline(__always) static func cubeLevel(_ step: Int) -> UInt8 {
        step == 0 ? 0 : UInt8(55 + 40 * step)
    }
}
