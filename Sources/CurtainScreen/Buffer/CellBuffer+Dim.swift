import CurtainLayout

/// How a dim darkens the cells it covers.
public enum DimMethod: Sendable, Equatable {
    /// Every colour blended toward black in ``OKLab``, so hues stay hues, as UIKit's dimming
    /// view does. A cell in the terminal's default colours is first given the colours the
    /// terminal is known to use (`terminal`), so a white terminal dims to grey; without
    /// them the default foreground turns faint and the default background stays.
    case blend(terminal: TerminalColors?)
    /// For terminals of 8 or 16 colours, where blends would collapse to a few colours: each
    /// colour steps to a darker one of the palette (bright to normal; backgrounds also white to
    /// grey and grey to black, or white to black with 8 colours, and a light terminal's default
    /// background to white), and text lighter than its new background turns faint — as a dimming view over it
    /// would darken it. Text darker than its background keeps its colour: faint would lighten
    /// it; where its background's darker step is the text's own colour (black on grey with 8
    /// colours), the cell stays as it was. `terminal` is the terminal's colours, known or assumed.
    case ansi(terminal: TerminalColors, hasBrightColors: Bool)
    /// The faint attribute alone: for terminals without colours.
    case faint
}

extension CellBuffer {
    /// Darkens the cells of `rect` (clipped to the buffer) by `strength`, from 0 (no change
    /// at all) to 1 (black); values outside are clamped and NaN counts as 0. Every dimmed style
    /// is marked ``Style/isDimmed``; wide characters cut by the rectangle's sides are dimmed
    /// whole. Dimming twice composes: 0.5 then 0.5 is 0.75 once, rounded once.
    public mutating func dim(_ rect: Rect, strength: Double, method: DimMethod = .blend(terminal: nil)) {
        var blends = DimBlends()
        dim(rect, strength: strength, method: method, blends: &blends)
    }

    /// ``dim(_:strength:method:)``, blending each style once for as long as `blends` is kept
    /// (see ``DimBlends``).
    package mutating func dim(_ rect: Rect, strength: Double, method: DimMethod = .blend(terminal: nil),
                              blends: inout DimBlends) {
        guard strength > 0 else { return } // also rejects NaN
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let width = size.width
        blends.prepare(strength: min(1, strength), method: method)
        cells.withUnsafeMutableBufferPointer { buffer in
            Self.forEachDimmedSpan(of: r, in: UnsafeBufferPointer(buffer), width: width) { start, end in
                for i in start..<end { buffer[i].style = blends.blend.dimmed(buffer[i].style) }
            }
        }
    }

    /// This buffer with `rect` dimmed (see ``dim(_:strength:method:)``), made in one pass over
    /// the cells: for a buffer whose storage is shared (a kept layer), where dimming in place
    /// would first copy every cell and then walk the dimmed ones again.
    public func dimmed(_ rect: Rect, strength: Double, method: DimMethod = .blend(terminal: nil)) -> CellBuffer {
        var blends = DimBlends()
        return dimmed(rect, strength: strength, method: method, blends: &blends)
    }

    /// ``dimmed(_:strength:method:)``, blending each style once for as long as `blends` is kept
    /// (see ``DimBlends``).
    package func dimmed(_ rect: Rect, strength: Double, method: DimMethod = .blend(terminal: nil),
                        blends: inout DimBlends) -> CellBuffer {
        guard strength > 0 else { return self }
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return self }
        blends.prepare(strength: min(1, strength), method: method)
        var result = self
        let width = size.width
        result.cells = cells.withUnsafeBufferPointer { source in
            [Cell](unsafeUninitializedCapacity: source.count) { target, count in
                var done = 0
                Self.forEachDimmedSpan(of: r, in: source, width: width) { start, end in
                    if start > done { _ = target[done..<start].initialize(fromContentsOf: source[done..<start]) }
                    for i in start..<end {
                        var cell = source[i]
                        cell.style = blends.blend.dimmed(cell.style)
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

/// Dimmed styles, remembered from one dim to the next of the same strength and method.
///
/// Blending a style goes through ``OKLab`` and back, for both colours. Neighbouring cells mostly
/// share a style and a screen has few styles, so a dim blends each once; and a frame that dims
/// what the last one dimmed at the same strength (the panes under a toast, drawn again because
/// a split moved) blends none again if it is given the last frame's `DimBlends`. A dim of
/// another strength or method starts afresh. What is drawn is the same either way.
package struct DimBlends: Sendable {
    var blend = StyleBlend(strength: 0, method: .faint)

    /// No blends remembered yet.
    package init() {}

    /// Ready to dim by `strength` (0 < strength ≤ 1) with `method`, forgetting earlier blends
    /// if either differs.
    mutating func prepare(strength: Double, method: DimMethod) {
        if blend.strength != strength || blend.method != method {
            blend = StyleBlend(strength: strength, method: method)
        }
    }
}

/// The dimmed styles of one strength and method: the last one, and a direct-mapped table of
/// earlier ones.
struct StyleBlend: Sendable {
    let strength: Double
    let method: DimMethod
    /// How much of a blended colour's OKLab coordinates remain (``OKLab/darkened(by:)``), worked
    /// out once.
    private let keep: Double
    private var lastIn = Style(bits: .max), lastOut = Style.plain
    /// Bits `.max` marks an empty slot: no style sets bit 63.
    private var table = [(UInt64, Style)](repeating: (.max, .plain), count: StyleBlend.slots)
    private static let slots = 256

    init(strength: Double, method: DimMethod) {
        self.strength = strength
        self.method = method
        keep = OKLab.keep(strength)
    }

    @inline(__always) mutating func dimmed(_ style: Style) -> Style {
        if style.bits == lastIn.bits { return lastOut }
        let bits = style.bits
        let slot = Int(truncatingIfNeeded: (bits ^ bits >> 26 ^ bits >> 45) & UInt64(Self.slots - 1))
        let entry = table[slot]
        let out = entry.0 == bits ? entry.1 : style.dimmed(by: strength, keep: keep, method: method)
        if entry.0 != bits { table[slot] = (bits, out) }
        lastIn = style
        lastOut = out
        return out
    }
}

extension Style {
    /// This style darkened by `strength` (0…1), as ``CellBuffer/dim(_:strength:method:)``
    /// describes. Strength 0 (or NaN) returns the style unchanged.
    public func dimmed(by strength: Double, method: DimMethod = .blend(terminal: nil)) -> Style {
        guard strength > 0 else { return self }
        return dimmed(by: strength, keep: OKLab.keep(strength), method: method)
    }

    /// ``dimmed(by:method:)`` for `strength` > 0, with `keep` = `OKLab.keep(strength)`.
    func dimmed(by strength: Double, keep: Double, method: DimMethod) -> Style {
        var result = self
        result.isDimmed = true
        switch method {
        case .faint:
            result.attributes.insert(.dim)
        case .ansi(let terminal, let hasBrightColors):
            // Colours beyond the palette (a custom theme's) first become the palette's.
            let depth: ColorDepth = hasBrightColors ? .ansi16 : .ansi8
            let foreground = ColorReduction.reduce(foreground, to: depth), background = ColorReduction.reduce(background, to: depth)
            result.background = Self.darkerANSI(background, isBackground: true, terminal: terminal, bright: hasBrightColors)
            result.foreground = Self.darkerANSI(foreground, isBackground: false, terminal: terminal, bright: hasBrightColors)
            // Text the colour of its new background would vanish (light blue on a blue that was
            // light blue; black on a grey gone black). Text lighter than its background keeps
            // its colour, or takes the background's old one, and turns faint below. Text darker
            // than its background cannot: any colour it could take is lighter than it was and
            // reads better on the darker background (black on grey would become grey on black),
            // so the cell stays as it was — the darkest it can be with its text still there,
            // as for the colours 1–6 (see `darkerANSI`).
            if result.foreground == result.background {
                if Self.luminance(foreground, terminal.foreground) < Self.luminance(background, terminal.background) {
                    result.foreground = foreground
                    result.background = background
                } else {
                    result.foreground = foreground != result.background ? foreground : background
                }
            }
            let text = result.foreground.isDefault ? terminal.foreground : result.foreground.resolvedRGB ?? terminal.foreground
            let area = result.background.isDefault ? terminal.background : result.background.resolvedRGB ?? terminal.background
            if Contrast.luminance(text) > Contrast.luminance(area) { result.attributes.insert(.dim) }
            // A dim must never make text stand out more. A background stepping from grey to black
            // under mid-tone text (green on grey 7), or bold black drawn bright (xterm) on a
            // background one step darker, would: there the cell keeps its colours and only its
            // text fades, or, where even that would gain (text of another hue entirely), it stays
            // as it was.
            var before = self
            before.foreground = foreground
            before.background = background
            if Self.gainsContrast(before, result, terminal: terminal) {
                var faded = before
                faded.isDimmed = true
                faded.attributes.insert(.dim)
                if Self.gainsContrast(before, faded, terminal: terminal) { faded.attributes = attributes }
                result = faded
            }
        case .blend(let terminal):
            if foreground.isDefault {
                if let terminal {
                    result.foreground = Color.darkened(terminal.foreground, keep: keep)
                } else {
                    result.attributes.insert(.dim)
                }
            } else if let c = foreground.resolvedRGB {
                result.foreground = Color.darkened(c, keep: keep)
            }
            if background.isDefault {
                if let terminal { result.background = Color.darkened(terminal.background, keep: keep) }
            } else if let c = background.resolvedRGB {
                result.background = Color.darkened(c, keep: keep)
            }
        }
        return result
    }

    /// Whether `after` shows its text with more contrast than `before`, with bold drawn either
    /// way (as set, or bright as xterm draws it).
    private static func gainsContrast(_ before: Style, _ after: Style, terminal: TerminalColors) -> Bool {
        zip(SeenColors.bothBoldModels(before, terminal: terminal), SeenColors.bothBoldModels(after, terminal: terminal))
            .contains { $1.contrast > $0.contrast + 0.01 }
    }

    /// The luminance of `color` (one of the 16, or the default: `fallback`).
    private static func luminance(_ color: Color, _ fallback: (red: UInt8, green: UInt8, blue: UInt8)) -> Double {
        Contrast.luminance(color.isDefault ? fallback : color.resolvedRGB ?? fallback)
    }

    /// The next darker colour of the 8 or 16 ANSI colours for a dim: bright forms to their
    /// normal ones; for backgrounds also white (7) to grey (8) and grey to black (white to
    /// black with 8 colours), and a light terminal's default background to white (7), the
    /// nearest darker one. The normal colours 1–6 have nothing darker but black, which would
    /// erase what is drawn on them: they stay (their text turns faint). `color` is the default
    /// or one of the 16.
    static func darkerANSI(_ color: Color, isBackground: Bool, terminal: TerminalColors, bright: Bool) -> Color {
        if color.isDefault {
            return isBackground && terminal.isLight ? .indexed(7) : color
        }
        guard let index = color.index, index < 16 else { return color }
        switch index {
        case 9...15: return .indexed(index - 8)
        // Text in white or grey turns faint instead: grey and then faint would be twice.
        case 7 where isBackground: return .indexed(bright ? 8 : 0)
        case 8 where isBackground: return .indexed(0)
        default: return color
        }
    }
}

extension Color {
    /// This colour as RGB blended toward black by `strength` in OKLab; `.default` stays.
    public func darkened(by strength: Double) -> Color {
        guard let c = resolvedRGB else { return self }
        return Color.darkened(c, by: strength)
    }

    static func darkened(_ c: (red: UInt8, green: UInt8, blue: UInt8), by strength: Double) -> Color {
        darkened(c, keep: OKLab.keep(strength))
    }

    /// `c` with its OKLab coordinates scaled by `keep` (``OKLab/keep(_:)``).
    static func darkened(_ c: (red: UInt8, green: UInt8, blue: UInt8), keep: Double) -> Color {
        let d = OKLab(red: c.red, green: c.green, blue: c.blue).scaled(by: keep).rgb
        return .rgb(d.red, d.green, d.blue)
    }
}
