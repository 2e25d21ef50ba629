/// A terminal colour: the terminal's default, one of the 256 indexed colours, or a direct RGB colour.
///
/// Stored in 32 bits so that cells stay small and compare quickly.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Tag in the top byte: 0 default, 1 indexed, 2 RGB.
    public let rawValue: UInt32

    @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The terminal's own foreground or background colour, whatever it is.
    public static let `default` = Color(rawValue: 0)

    /// One of the 256 xterm colours (0–15 are the terminal's ANSI palette).
    public static func indexed(_ index: UInt8) -> Color { Color(rawValue: 0x0100_0000 | UInt32(index)) }

    /// A direct colour.
    public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
        Color(rawValue: 0x0200_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }

    public static let black = indexed(0), red = indexed(1), green = indexed(2), yellow = indexed(3)
    public static let blue = indexed(4), magenta = indexed(5), cyan = indexed(6), white = indexed(7)

    public var isDefault: Bool { rawValue == 0 }

    /// The palette index when this is an indexed colour.
    public var index: UInt8? { rawValue >> 24 == 1 ? UInt8(truncatingIfNeeded: rawValue) : nil }

    /// The components when this is a direct colour.
    public var rgbComponents: (red: UInt8, green: UInt8, blue: UInt8)? {
        guard rawValue >> 24 == 2 else { return nil }
        return (UInt8(truncatingIfNeeded: rawValue >> 16), UInt8(truncatingIfNeeded: rawValue >> 8),
                UInt8(truncatingIfNeeded: rawValue))
    }

    public var description: String {
        if isDefault { return "default" }
        if let index { return "indexed(\(index))" }
        let c = rgbComponents!
        return "rgb(\(c.red), \(c.green), \(c.blue))"
    }
}
