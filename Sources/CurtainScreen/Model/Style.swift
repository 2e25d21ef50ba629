/// Foreground, background and attributes of a cell, packed into 64 bits.
///
/// Packing keeps a ``Cell`` at 16 bytes with no padding, so two screens compare row by row as
/// raw memory and a cell compares in two machine words. Layout of `bits`:
/// foreground colour in bits 0–25, background in 26–51, ``TextAttributes`` in 52–59 and the
/// ``isDimmed`` marker in bit 60 (a ``Color``'s raw value always fits in 26 bits).
public struct Style: Hashable, Sendable, CustomStringConvertible {
    @usableFromInline var bits: UInt64

    @usableFromInline static let colorMask: UInt64 = (1 << 26) - 1
    @usableFromInline static let backgroundShift: UInt64 = 26
    @usableFromInline static let attributeShift: UInt64 = 52
    @usableFromInline static let dimmedBit: UInt64 = 1 << 60

    @inlinable init(bits: UInt64) { self.bits = bits }

    @inlinable
    public init(foreground: Color = .default, background: Color = .default, attributes: TextAttributes = []) {
        bits = UInt64(foreground.rawValue) & Style.colorMask
            | (UInt64(background.rawValue) & Style.colorMask) << Style.backgroundShift
            | UInt64(attributes.rawValue) << Style.attributeShift
    }

    /// The terminal's default colours, no attributes.
    public static let plain = Style()

    @inlinable public var foreground: Color {
        get { Color(rawValue: UInt32(truncatingIfNeeded: bits & Style.colorMask)) }
        set { bits = bits & ~Style.colorMask | UInt64(newValue.rawValue) & Style.colorMask }
    }

    @inlinable public var background: Color {
        get { Color(rawValue: UInt32(truncatingIfNeeded: (bits >> Style.backgroundShift) & Style.colorMask)) }
        set {
            bits = bits & ~(Style.colorMask << Style.backgroundShift)
                | (UInt64(newValue.rawValue) & Style.colorMask) << Style.backgroundShift
        }
    }

    @inlinable public var attributes: TextAttributes {
        get { TextAttributes(rawValue: UInt8(truncatingIfNeeded: bits >> Style.attributeShift)) }
        set { bits = bits & ~(0xFF << Style.attributeShift) | UInt64(newValue.rawValue) << Style.attributeShift }
    }

    /// True when ``CellBuffer/dim(_:strength:)`` has darkened this style. Terminals never see
    /// this marker; colour reduction uses it to keep dimming visible where colours are few
    /// (see ``ColorReduction/reduce(_:to:)-(Style,_)``).
    @inlinable public var isDimmed: Bool {
        get { bits & Style.dimmedBit != 0 }
        set { bits = newValue ? bits | Style.dimmedBit : bits & ~Style.dimmedBit }
    }

    /// The bits a terminal shows (colours and attributes, without the ``isDimmed`` marker).
    @inlinable package var terminalBits: UInt64 { bits & (Style.dimmedBit - 1) }

    /// This style with `attributes` added.
    public func adding(_ attributes: TextAttributes) -> Style {
        var copy = self
        copy.attributes.formUnion(attributes)
        return copy
    }

    /// This style drawn over `base`: its default colours are `base`'s, and its attributes are
    /// added to `base`'s (a row's or a run's own style in a view with a style of its own).
    public func inheritingDefaults(from base: Style) -> Style {
        Style(foreground: foreground.isDefault ? base.foreground : foreground,
              background: background.isDefault ? base.background : background,
              attributes: base.attributes.union(attributes))
    }

    public var description: String {
        var parts: [String] = []
        if !foreground.isDefault { parts.append("fg: \(foreground)") }
        if !background.isDefault { parts.append("bg: \(background)") }
        if !attributes.isEmpty { parts.append("attributes: \(attributes)") }
        if isDimmed { parts.append("dimmed") }
        return parts.isEmpty ? "plain" : parts.joined(separator: ", ")
    }
}
