import CurtainLayout

extension CellBuffer {
    /// Darkens the cells of `rect` (clipped to the buffer) toward black by `strength`, from 0
    /// (no change at all) to 1 (black); values outside are clamped and NaN counts as 0.
    ///
    /// Per cell (see ``Style/dimmed(by:)``): a foreground or background colour that is indexed
    /// or RGB is resolved to RGB (xterm palette) and each component scaled by `1 − strength`,
    /// giving an `.rgb` colour. The terminal's default foreground cannot be blended (its colour
    /// is unknown), so that cell gets the faint attribute (`.dim`) instead. The default
    /// background is left as it is: faint does not reach backgrounds, and terminals' default
    /// backgrounds are usually dark already. Every dimmed style is marked ``Style/isDimmed``.
    /// Wide characters cut by the rectangle's sides are dimmed whole.
    public mutating func dim(_ rect: Rect, strength: Double) {
        guard strength > 0 else { return } // also rejects NaN
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let factor = Style.dimFactor(strength)
        for y in r.minY..<r.maxY {
            var x0 = r.minX, x1 = r.maxX
            if x0 > 0, cells[index(x0, y)].grapheme.isContinuation { x0 -= 1 }
            if x1 < size.width, cells[index(x1, y)].grapheme.isContinuation { x1 += 1 }
            let start = index(x0, y)
            cells.withUnsafeMutableBufferPointer { buffer in
                // Neighbouring cells mostly share a style: blend each distinct style once.
                var lastIn = Style.plain, lastOut = Style.plain.dimmed(factor: factor)
                for i in start..<(start + x1 - x0) {
                    let style = buffer[i].style
                    if style.bits != lastIn.bits {
                        lastIn = style
                        lastOut = style.dimmed(factor: factor)
                    }
                    buffer[i].style = lastOut
                }
            }
        }
    }
}

extension Style {
    /// This style darkened toward black by `strength` (0…1), as ``CellBuffer/dim(_:strength:)``
    /// describes. Strength 0 (or NaN) returns the style unchanged.
    public func dimmed(by strength: Double) -> Style {
        guard strength > 0 else { return self }
        return dimmed(factor: Style.dimFactor(strength))
    }

    /// `1 − strength` in 1/256ths, from 0 (black) to 256 (unchanged).
    static func dimFactor(_ strength: Double) -> UInt32 {
        let s = min(1, max(0, strength))
        return UInt32(((1 - s) * 256).rounded())
    }

    func dimmed(factor: UInt32) -> Style {
        var result = self
        result.isDimmed = true
        if foreground.isDefault {
            result.attributes.insert(.dim)
        } else {
            result.foreground = foreground.scaled(by: factor)
        }
        if !background.isDefault {
            result.background = background.scaled(by: factor)
        }
        return result
    }
}

extension Color {
    /// This colour as RGB with each component times `factor / 256` (rounded); `.default`
    /// stays `.default`.
    func scaled(by factor: UInt32) -> Color {
        guard let c = resolvedRGB else { return self }
        @inline(__always) func scale(_ v: UInt8) -> UInt8 {
            UInt8(truncatingIfNeeded: min(255, (UInt32(v) * factor + 128) >> 8))
        }
        return .rgb(scale(c.red), scale(c.green), scale(c.blue))
    }
}
