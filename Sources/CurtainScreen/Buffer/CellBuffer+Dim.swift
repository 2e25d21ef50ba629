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
        let width = size.width
        cells.withUnsafeMutableBufferPointer { buffer in
            var blend = StyleBlend(factor: factor)
            Self.forEachDimmedSpan(of: r, in: UnsafeBufferPointer(buffer), width: width) { start, end in
                for i in start..<end { buffer[i].style = blend.dimmed(buffer[i].style) }
            }
        }
    }

    /// This buffer with `rect` dimmed (see ``dim(_:strength:)``), made in one pass over the
    /// cells: for a buffer whose storage is shared (a kept layer), where dimming in place would
    /// first copy every cell and then walk the dimmed ones again.
    public func dimmed(_ rect: Rect, strength: Double) -> CellBuffer {
        guard strength > 0 else { return self }
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return self }
        var blend = StyleBlend(factor: Style.dimFactor(strength))
        var result = self
        let width = size.width
        result.cells = cells.withUnsafeBufferPointer { source in
            [Cell](unsafeUninitializedCapacity: source.count) { target, count in
                var done = 0
                Self.forEachDimmedSpan(of: r, in: source, width: width) { start, end in
                    if start > done { _ = target[done..<start].initialize(fromContentsOf: source[done..<start]) }
                    for i in start..<end {
                        var cell = source[i]
                        cell.style = blend.dimmed(cell.style)
                        (target.baseAddress! + i).initialize(to: cell)
                    }
                    done = end
                }
                if source.count > done { _ = target[done..<source.count].initialize(fromContentsOf: source[done..<source.count]) }
                count = source.count
            }
        }
        return result
    }

    /// Calls `body` with the index range of each row's dimmed span, top to bottom: `r`'s
    /// columns, widened so a wide character cut by a side is dimmed whole.
    private static func forEachDimmedSpan(of r: Rect, in cells: UnsafeBufferPointer<Cell>, width: Int,
                                          _ body: (Int, Int) -> Void) {
        for y in r.minY..<r.maxY {
            let row = y * width
            var x0 = r.minX, x1 = r.maxX
            if x0 > 0, cells[row + x0].grapheme.isContinuation { x0 -= 1 }
            if x1 < width, cells[row + x1].grapheme.isContinuation { x1 += 1 }
            body(row + x0, row + x1)
        }
    }
}

/// Dimmed styles by one factor, remembered: neighbouring cells mostly share a style, and a
/// screen has few styles (blending one is a palette look-up and three multiplications).
private struct StyleBlend {
    let factor: UInt32
    private var lastIn = Style(bits: .max), lastOut = Style.plain
    /// A small direct-mapped table of earlier blends (bits `.max` marks an empty slot: no style
    /// sets bit 63).
    private var table = [(UInt64, Style)](repeating: (.max, .plain), count: 64)

    init(factor: UInt32) { self.factor = factor }

    @inline(__always) mutating func dimmed(_ style: Style) -> Style {
        if style.bits == lastIn.bits { return lastOut }
        let bits = style.bits
        let slot = Int(truncatingIfNeeded: (bits ^ bits >> 26 ^ bits >> 45) & 63)
        let entry = table[slot]
        let out = entry.0 == bits ? entry.1 : style.dimmed(factor: factor)
        if entry.0 != bits { table[slot] = (bits, out) }
        lastIn = style
        lastOut = out
        return out
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
