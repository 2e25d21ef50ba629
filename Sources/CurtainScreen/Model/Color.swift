/// A terminal colour: the terminal's default, one of the 256 indexed colours, or a direct RGB colour.
///
/// Stored in 32 bits (and packed into 26 inside a ``Style``) so that cells stay small and
/// compare quickly.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Tag in the top byte: 0 default, 1 indexed, 2 RGB; the index or the components below.
    public let rawValue: UInt32

    @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

    /// The terminal's own foreground or background colour, whatever it is.
    public static let `default` = Color(rawValue: 0)

    /// One of the 256 xterm colours (0–15 are the terminal's ANSI palette).
    @inlinable public static func indexed(_ index: UInt8) -> Color { Color(rawValue: 0x0100_0000 | UInt32(index)) }

    /// A direct colour.
    @inlinable public static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
        Color(rawValue: 0x0200_0000 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue))
    }

    public static let black = indexed(0), red = indexed(1), green = indexed(2), yellow = indexed(3)
    public static let blue = indexed(4), magenta = indexed(5), cyan = indexed(6), white = indexed(7)

    @inlinable public var isDefault: Bool { rawValue == 0 }

    /// The palette index when this is an indexed colour.
    @inlinable public var index: UInt8? { rawValue >> 24 == 1 ? UInt8(truncatingIfNeeded: rawValue) : nil }

    /// The components when this is a direct colour.
    @inlinable public var rgbComponents: (red: UInt8, green: UInt8, blue: UInt8)? {
        guard rawValue >> 24 == 2 else { return nil }
        return (UInt8(truncatingIfNeeded: rawValue >> 16), UInt8(truncatingIfNeeded: rawValue >> 8),
                UInt8(truncatingIfNeeded: rawValue))
    }

    /// The components this colour shows on an xterm with its default palette; `nil` for
    /// ``default``, which only the terminal knows.
    @inlinable public var resolvedRGB: (red: UInt8, green: UInt8, blue: UInt8)? {
        if let index { return Palette.rgb(of: index) }
        return rgbComponents
    }

    public var description: String {
        if isDefault { return "default" }
        if let index { return "indexed(\(index))" }
        guard let c = rgbComponents else { return "invalid(\(rawValue))" }
        return "rgb(\(c.red), \(c.green), \(c.blue))"
    }
}
