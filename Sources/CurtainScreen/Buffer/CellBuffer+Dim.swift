import CurtainLayout

/// How a dim darkens the cells it covers.
public enum DimMethod: Sendable, Equatable {
    /// Every colour blended toward black in ``OKLab``, so hues stay hues, as UIKit's dimming
    /// view does. A cell in the terminal's default colours is first given the colours the
    /// terminal is known to use (`terminal`), so a white terminal dims to grey; without
    /// them the default foreground turns faint and the default background stays.
    case blend(terminal: TerminalColors?)
    /// The faint attribute, bright ANSI foregrounds turned to their normal forms: for
    /// terminals of 8 or 16 colours (or none), where blended colours would collapse to a few.
    case faint
}

/// The colours a terminal draws "default" in, as far as they are known (it answered OSC 10
/// and 11, or the user said): what a dim blends and what contrast is measured against.
public struct TerminalColors: Sendable, Equatable {
    public var foreground: (red: UInt8, green: UInt8, blue: UInt8)
    public var background: (red: UInt8, green: UInt8, blue: UInt8)

    public init(foreground: (red: UInt8, green: UInt8, blue: UInt8), background: (red: UInt8, green: UInt8, blue: UInt8)) {
        self.foreground = foreground
        self.background = background
    }

    /// Light text on black: what a dark terminal is assumed to be.
    public static let dark = TerminalColors(foreground: (229, 229, 229), background: (0, 0, 0))
    /// Black text on white: what a light terminal is assumed to be.
    public static let light = TerminalColors(foreground: (0, 0, 0), background: (255, 255, 255))

    /// Whether the background is light (its luminance above the middle).
    public var isLight: Bool { Contrast.luminance(background) > 0.18 }

    public static func == (lhs: TerminalColors, rhs: TerminalColors) -> Bool {
        lhs.foreground == rhs.foreground && lhs.background == rhs.background
    }
}

extension CellBuffer {
    /// Darkens the cells of `rect` (clipped to the buffer) by `strength`, from 0 (no change
    /// at all) to 1 (black); values outside are clamped and NaN counts as 0. Every dimmed style
    /// is marked ``Style/isDimmed``; wide characters cut by the rectangle's sides are dimmed
    /// whole. Dimming twice composes: 0.5 then 0.5 is 0.75 once, rounded once.
    public mutating func dim(_ rect: Rect, strength: Double, method: DimMethod = .blend(terminal: nil)) {
        guard strength > 0 else { return } // also rejects NaN
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let amount = min(1, strength)
        // A screen holds few distinct styles; each is blended (in OKLab) once per dim.
        var dimmed: [UInt64: Style] = [:]
        var lastIn = Style.plain, lastOut = Style.plain.dimmed(by: amount, method: method)
        dimmed[lastIn.bits] = lastOut
        for y in r.minY..<r.maxY {
            var x0 = r.minX, x1 = r.maxX
            if x0 > 0, cells[index(x0, y)].grapheme.isContinuation { x0 -= 1 }
            if x1 < size.width, cells[index(x1, y)].grapheme.isContinuation { x1 += 1 }
            let start = index(x0, y)
            cells.withUnsafeMutableBufferPointer { buffer in
                for i in start..<(start + x1 - x0) {
                    let style = buffer[i].style
                    if style.bits == lastIn.bits {
                        buffer[i].style = lastOut
                        continue
                    }
                    lastIn = style
                    if let known = dimmed[style.bits] {
                        lastOut = known
                    } else {
                        lastOut = style.dimmed(by: amount, method: method)
                        dimmed[style.bits] = lastOut
                    }
                    buffer[i].style = lastOut
                }
            }
        }
    }
}

extension Style {
    /// This style darkened by `strength` (0…1), as ``CellBuffer/dim(_:strength:method:)``
    /// describes. Strength 0 (or NaN) returns the style unchanged.
    public func dimmed(by strength: Double, method: DimMethod = .blend(terminal: nil)) -> Style {
        guard strength > 0 else { return self }
        var result = self
        result.isDimmed = true
        switch method {
        case .faint:
            result.attributes.insert(.dim)
            if let index = foreground.index, (8...15).contains(index) { result.foreground = .indexed(index - 8) }
        case .blend(let terminal):
            if foreground.isDefault {
                if let terminal {
                    result.foreground = Color.darkened(terminal.foreground, by: strength)
                } else {
                    result.attributes.insert(.dim)
                }
            } else {
                result.foreground = foreground.darkened(by: strength)
            }
            if background.isDefault {
                if let terminal { result.background = Color.darkened(terminal.background, by: strength) }
            } else {
                result.background = background.darkened(by: strength)
            }
        }
        return result
    }
}

extension Color {
    /// This colour as RGB blended toward black by `strength` in OKLab; `.default` stays.
    public func darkened(by strength: Double) -> Color {
        guard let c = resolvedRGB else { return self }
        return Color.darkened(c, by: strength)
    }

    static func darkened(_ c: (red: UInt8, green: UInt8, blue: UInt8), by strength: Double) -> Color {
        let d = OKLab(red: c.red, green: c.green, blue: c.blue).darkened(by: strength).rgb
        return .rgb(d.red, d.green, d.blue)
    }
}
