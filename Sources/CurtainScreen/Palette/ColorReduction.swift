import Synchronization

/// Maps colours to what a terminal of a given ``ColorDepth`` can show. Pure functions.
///
/// Nearness is perceptual: distance in ``OKLab`` with chroma and hue weighted up, and a colour
/// is matched by a colour rather than a grey wherever one is near, so it keeps its hue (a dimmed yellow becomes a darker yellow,
/// not a grey) and colours of different hues keep differing as far as the palette allows.
public enum ColorReduction {
    /// The nearest colour of the 256-colour palette's fixed part (cube 16–231 and grey ramp
    /// 232–255). The ANSI colours 0–15 are never chosen: terminals let users redefine them.
    public static func nearestIndexed256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let key = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
        if let known = indexed256Cache.withLock({ $0[key] }) { return known }
        let found = nearest(in: 16...255, to: (red, green, blue))
        indexed256Cache.withLock { cache in
            if cache.count > 65_536 { cache.removeAll(keepingCapacity: true) }
            cache[key] = found
        }
        return found
    }

    /// Colours already matched: a frame holds few, and a search costs 240 distances.
    private static let indexed256Cache = Mutex<[UInt32: UInt8]>([:])

    /// The palette in OKLab, computed once.
    private static let paletteLab: [OKLab] = (0..<256).map {
        let c = Palette.rgb(of: UInt8($0))
        return OKLab(red: c.red, green: c.green, blue: c.blue)
    }

    /// The nearest of the 16 ANSI colours (xterm's defaults).
    public static func nearestANSI16(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        nearest(in: 0...15, to: (red, green, blue))
    }

    /// The nearest of the 8 basic ANSI colours (xterm's defaults).
    public static func nearestANSI8(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        nearest(in: 0...7, to: (red, green, blue))
    }

    /// `color` as a terminal of `depth` can show it.
    ///
    /// `.default` always stays. True colour keeps everything. 256 colours map RGB to the
    /// nearest palette entry. 16 colours keep indexes 0–15 and map the rest by RGB; 8 colours
    /// keep 0–7, turn the bright 8–15 into their basic forms (index − 8) and map the rest by
    /// RGB. Monochrome drops every colour to `.default`.
    public static func reduce(_ color: Color, to depth: ColorDepth) -> Color {
        if color.isDefault { return color }
        switch depth {
        case .trueColor:
            return color
        case .indexed256:
            if color.index != nil { return color }
            guard let c = color.rgbComponents else { return .default }
            return .indexed(nearestIndexed256(red: c.red, green: c.green, blue: c.blue))
        case .ansi16:
            if let index = color.index, index < 16 { return color }
            guard let c = color.resolvedRGB else { return .default }
            return .indexed(nearestANSI16(red: c.red, green: c.green, blue: c.blue))
        case .ansi8:
            if let index = color.index, index < 16 { return .indexed(index & 7) }
            guard let c = color.resolvedRGB else { return .default }
            return .indexed(nearestANSI8(red: c.red, green: c.green, blue: c.blue))
        case .monochrome:
            return .default
        }
    }

    /// `style` as a terminal of `depth` can show it, keeping dimming visible.
    ///
    /// Colours reduce as in ``reduce(_:to:)-(Color,_)``. A style dimmed by blending
    /// (``Style/isDimmed``, its colours RGB blends) at 16, 8 or no colours would lose its darkening (dark blends mostly land on black), so
    /// there it also gets the faint attribute, and its foreground is reduced from the blend
    /// brightened back to full (hue kept, max component 255) so faint text keeps its hue rather
    /// than turning black. Its background reduces plainly (darker is right for a background).
    ///
    /// Without colours, a cell drawn dark on light (both colours set, the background the
    /// brighter) is shown in reverse video: a monochrome terminal has exactly two looks, and
    /// this keeps a caret, a selection or a status bar apart from the text around it.
    public static func reduce(_ style: Style, to depth: ColorDepth) -> Style {
        var result = style
        if depth == .monochrome, let fg = style.foreground.resolvedRGB, let bg = style.background.resolvedRGB,
           brightness(bg) > brightness(fg) {
            result.attributes.formSymmetricDifference(.reverse)
        }
        result.background = reduce(style.background, to: depth)
        let isBlend = style.foreground.rgbComponents != nil || style.background.rgbComponents != nil
        if style.isDimmed, isBlend, depth.showsDimAsFaint, !style.attributes.contains(.dim) {
            // A blended dim where blends collapse to black: faint, with the text's hue.
            result.attributes.insert(.dim)
            result.foreground = reduce(brightened(style.foreground), to: depth)
        } else {
            result.foreground = reduce(style.foreground, to: depth)
        }
        return result
    }

    /// Perceived brightness, 0–255 (Rec. 601 weights): enough to tell light from dark.
    static func brightness(_ c: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        (299 * Int(c.red) + 587 * Int(c.green) + 114 * Int(c.blue)) / 1000
    }

    /// `color` with its components scaled so the largest is 255; black and `.default` stay.
    static func brightened(_ color: Color) -> Color {
        guard let c = color.resolvedRGB else { return color }
        let top = UInt32(max(c.red, c.green, c.blue))
        guard top > 0 else { return color }
        @inline(__always) func up(_ v: UInt8) -> UInt8 { UInt8(min(255, (UInt32(v) * 255 + top / 2) / top)) }
        return .rgb(up(c.red), up(c.green), up(c.blue))
    }

    static func nearest(in indexes: ClosedRange<UInt8>, to c: (UInt8, UInt8, UInt8)) -> UInt8 {
        let target = OKLab(red: c.0, green: c.1, blue: c.2)
        var best = indexes.lowerBound, bestDistance = Double.infinity
        var bestColour: UInt8?, bestColourDistance = Double.infinity
        for index in indexes {
            let candidate = paletteLab[Int(index)]
            let d = target.distance(to: candidate)
            if d < bestDistance { best = index; bestDistance = d }
            if candidate.chroma >= greyChroma, d < bestColourDistance { bestColour = index; bestColourDistance = d }
        }
        // A colour is matched by a colour, not a grey, wherever one is near enough: a dimmed
        // yellow that turned grey while a green beside it stayed green made a dimmed pane
        // blotchy. Only a colour far from every colour of the palette (almost black) goes grey.
        if target.chroma > greyChroma, let bestColour, bestColourDistance <= nearEnough { return bestColour }
        return best
    }

    /// Chroma below which a colour counts as grey (the palette's greys have none; its least
    /// coloured cube entries have about 0.04).
    package static let greyChroma = 0.03

    /// How far (``OKLab/distance(to:)``) a colour of the palette may be and still be chosen
    /// over a nearer grey: about two steps of the colour cube.
    package static let nearEnough = 0.06

    /// How different two colours look (squared, perceptual; see ``OKLab/distance(to:)``).
    package static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (red: UInt8, green: UInt8, blue: UInt8)) -> Double {
        OKLab(red: a.0, green: a.1, blue: a.2).distance(to: OKLab(red: b.red, green: b.green, blue: b.blue))
    }
}
