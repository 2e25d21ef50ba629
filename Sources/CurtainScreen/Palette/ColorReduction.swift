/// Maps colours to what a terminal of a given ``ColorDepth`` can show. Pure functions.
///
/// Nearness is measured with the "redmean" weighted RGB distance, a cheap approximation of
/// perceived difference that weighs green most and shifts weight between red and blue with
/// how red the pair is.
public enum ColorReduction {
    /// The nearest colour of the 256-colour palette's fixed part (cube 16–231 and grey ramp
    /// 232–255). The ANSI colours 0–15 are never chosen: terminals let users redefine them.
    public static func nearestIndexed256(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        let r = cubeStep(red), g = cubeStep(green), b = cubeStep(blue)
        let cubeIndex = UInt8(16 + 36 * r + 6 * g + b)
        let cubeDistance = distance((red, green, blue), Palette.rgb(of: cubeIndex))
        let average = (Int(red) + Int(green) + Int(blue)) / 3
        let greyStep = min(23, max(0, (average - 8 + 5) / 10))
        let greyIndex = UInt8(232 + greyStep)
        let greyDistance = distance((red, green, blue), Palette.rgb(of: greyIndex))
        return greyDistance < cubeDistance ? greyIndex : cubeIndex
    }

    /// The nearest of the 16 ANSI colours (xterm's defaults).
    public static func nearestANSI16(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        nearest(in: 0..<16, to: (red, green, blue))
    }

    /// The nearest of the 8 basic ANSI colours (xterm's defaults).
    public static func nearestANSI8(red: UInt8, green: UInt8, blue: UInt8) -> UInt8 {
        nearest(in: 0..<8, to: (red, green, blue))
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
    /// Colours reduce as in ``reduce(_:to:)-(Color,_)``. A dimmed style (``Style/isDimmed``) at
    /// 16, 8 or no colours would lose its darkening (dark blends mostly land on black), so
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
        if style.isDimmed, depth.showsDimAsFaint {
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

    /// The cube step (0–5) nearest to a component value.
    @inline(__always) static func cubeStep(_ v: UInt8) -> Int {
        // Midpoints between the levels 0, 95, 135, 175, 215, 255.
        switch v {
        case ..<48: return 0
        case ..<115: return 1
        default: return min(5, 2 + (Int(v) - 115) / 40)
        }
    }

    static func nearest(in indexes: Range<UInt8>, to c: (UInt8, UInt8, UInt8)) -> UInt8 {
        var best = indexes.lowerBound, bestDistance = Int.max
        for index in indexes {
            let d = distance(c, Palette.rgb(of: index))
            if d < bestDistance { best = index; bestDistance = d }
        }
        return best
    }

    /// Redmean distance (squared, scaled by 256).
    @inline(__always)
    package static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (red: UInt8, green: UInt8, blue: UInt8)) -> Int {
        let rmean = (Int(a.0) + Int(b.red)) / 2
        let dr = Int(a.0) - Int(b.red), dg = Int(a.1) - Int(b.green), db = Int(a.2) - Int(b.blue)
        return (512 + rmean) * dr * dr + 1024 * dg * dg + (767 - rmean) * db * db
    }
}
