import CFreeType
import CurtainPlatform

/// A glyph drawn for a cell box: coverage (grey fonts) or premultiplied colour (emoji), placed
/// in the box's pixels (it may stick out; the renderer clips to the box).
struct GlyphImage {
    var left: Int, top: Int, width: Int, height: Int
    /// Coverage 0…255 per pixel, row by row; empty for a colour glyph.
    var alpha: [UInt8] = []
    /// Premultiplied 0xAARRGGBB per pixel, row by row; empty for a grey glyph.
    var color: [UInt32] = []
}

/// Glyphs from FreeType: DejaVu Sans Mono (regular, bold, oblique) for the grid, then a chain
/// of fallbacks (DejaVu Sans for symbols, Noto Sans CJK, Noto Color Emoji, and the user's extra
/// files) for what it lacks. Anti-aliased with light hinting; the cell size is the primary
/// font's advance and line height. Used on one thread at a time (the recorder's queue).
final class GlyphSource {
    private var library: FT_Library?
    /// The grid font by style: regular, bold, italic, bold italic (nil: use regular).
    private var styled: [FT_Face?] = []
    private var fallbacks: [FT_Face] = []
    private var cache: [GlyphKey: GlyphImage?] = [:]
    let cellWidth: Int, cellHeight: Int, baseline: Int
    let fontSize: Int

    private struct GlyphKey: Hashable {
        var text: String
        var style: Int
        var cells: Int
    }

    /// Loads the fonts; throws when not even a grid font can be read.
    init(options: RecordingOptions) throws(RecordingSetupError) {
        fontSize = max(6, options.fontSize)
        guard FT_Init_FreeType(&library) == 0, let library else {
            throw RecordingSetupError("cannot draw the recording: FreeType did not start")
        }
        func open(_ path: String) -> FT_Face? {
            var face: FT_Face?
            guard FT_New_Face(library, path, 0, &face) == 0, let face else { return nil }
            if curtain_ft_is_scalable(face) != 0 {
                FT_Set_Pixel_Sizes(face, 0, FT_UInt(options.fontSize))
            } else if face.pointee.num_fixed_sizes > 0 {
                FT_Select_Size(face, 0)  // a bitmap font (Noto Color Emoji): its one strike, scaled later
            }
            return face
        }
        var user: [FT_Face] = []
        for path in options.fontPaths {
            // What is wrong with the path itself, before FreeType's one answer for everything.
            var info = stat()
            if stat(path, &info) != 0 {
                throw RecordingSetupError("cannot read the font '\(path)': \(ErrnoText.describe(errno))")
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                throw RecordingSetupError("cannot read the font '\(path)': is a directory")
            }
            guard let face = open(path) else {
                throw RecordingSetupError("cannot read the font '\(path)': not a font file FreeType can open")
            }
            user.append(face)
        }
        let regular = user.isEmpty ? FontLibrary.path(for: .regular).flatMap(open) : user.removeFirst()
        guard let regular else {
            throw RecordingSetupError(
                "cannot draw the recording: no font found (install fonts-dejavu-core, or give a font file with --font)")
        }
        let fromUser = !options.fontPaths.isEmpty
        styled = [regular]
        for role in [FontLibrary.Role.bold, .italic, .boldItalic] {
            styled.append(fromUser ? nil : FontLibrary.path(for: role).flatMap(open))
        }
        fallbacks = user + [FontLibrary.Role.regular, .symbols, .cjk, .emoji].compactMap {
            $0 == .regular && !fromUser ? nil : FontLibrary.path(for: $0).flatMap(open)
        }
        // The cell: the grid font's advance, its line height.
        let metrics = regular.pointee.size.pointee.metrics
        var advance = Int(metrics.max_advance + 32) >> 6
        if FT_Load_Char(regular, 0x4D, FT_Int32(FT_LOAD_DEFAULT)) == 0 {
            advance = Int(regular.pointee.glyph.pointee.advance.x + 32) >> 6
        }
        cellWidth = max(1, advance)
        let ascender = Int(metrics.ascender + 63) >> 6, descender = Int(-metrics.descender + 63) >> 6
        cellHeight = max(1, max(Int(metrics.height + 32) >> 6, ascender + descender))
        baseline = ascender + (cellHeight - ascender - descender) / 2
    }

    deinit {
        for face in styled.compactMap({ $0 }) + fallbacks { FT_Done_Face(face) }
        if let library { FT_Done_FreeType(library) }
    }

    /// The glyph of `text` (a cell's cluster) over `cells` cells, or nil when no font has it.
    /// `style`: bit 0 bold, bit 1 italic.
    func glyph(_ text: String, style: Int, cells: Int) -> GlyphImage? {
        let key = GlyphKey(text: text, style: style, cells: cells)
        if let known = cache[key] { return known }
        let image = render(text, style: style, cells: cells)
        cache[key] = image
        return image
    }

    private func render(_ text: String, style: Int, cells: Int) -> GlyphImage? {
        // The base character, and the marks drawn over it (variation selectors and joiners are
        // not drawn; a joined emoji shows its first part).
        let scalars = text.unicodeScalars.filter { !(0xFE00...0xFE0F).contains($0.value) && $0.value != 0x200D }
        guard let base = scalars.first else { return nil }
        guard var image = draw(base, style: style, cells: cells) else { return nil }
        for mark in scalars.dropFirst() where mark.properties.generalCategory == .nonspacingMark {
            if let over = draw(mark, style: style, cells: cells), over.color.isEmpty, image.color.isEmpty {
                image = Self.union(image, over)
            }
        }
        return image
    }

    private func face(for scalar: Unicode.Scalar, style: Int) -> (FT_Face, isGrid: Bool)? {
        let code = FT_ULong(scalar.value)
        if let face = styled[style] ?? styled[0], FT_Get_Char_Index(face, code) != 0 { return (face, true) }
        if style != 0, let face = styled[0], FT_Get_Char_Index(face, code) != 0 { return (face, true) }
        for face in fallbacks where FT_Get_Char_Index(face, code) != 0 { return (face, false) }
        return nil
    }

    private func draw(_ scalar: Unicode.Scalar, style: Int, cells: Int) -> GlyphImage? {
        guard let (face, isGrid) = face(for: scalar, style: style) else { return nil }
        let isColor = curtain_ft_has_color(face) != 0
        let index = FT_Get_Char_Index(face, FT_ULong(scalar.value))
        guard FT_Load_Glyph(face, index, isColor ? curtain_ft_load_color() : curtain_ft_load_grey()) == 0 else {
            return nil
        }
        let slot = face.pointee.glyph.pointee
        let bitmap = slot.bitmap
        let width = Int(bitmap.width), height = Int(bitmap.rows), pitch = Int(bitmap.pitch)
        let boxWidth = cells * cellWidth
        guard width > 0, height > 0, let buffer = bitmap.buffer else {
            return GlyphImage(left: 0, top: 0, width: 0, height: 0)  // a blank glyph: nothing to draw
        }
        if bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_BGRA.rawValue) {
            // A colour bitmap at its own size: scaled to fit the box, centred.
            var pixels = [UInt32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width {
                    let p = buffer + y * pitch + x * 4
                    pixels[y * width + x] = UInt32(p[3]) << 24 | UInt32(p[2]) << 16 | UInt32(p[1]) << 8 | UInt32(p[0])
                }
            }
            let scale = min(Double(boxWidth) / Double(width), Double(cellHeight) / Double(height))
            let targetWidth = max(1, Int(Double(width) * scale)), targetHeight = max(1, Int(Double(height) * scale))
            return GlyphImage(left: (boxWidth - targetWidth) / 2, top: (cellHeight - targetHeight) / 2,
                              width: targetWidth, height: targetHeight,
                              color: Self.downscaled(pixels, width, height, to: targetWidth, targetHeight))
        }
        guard bitmap.pixel_mode == UInt8(FT_PIXEL_MODE_GRAY.rawValue) else { return nil }
        var alpha = [UInt8](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width { alpha[y * width + x] = buffer[y * pitch + x] }
        }
        var left = Int(slot.bitmap_left)
        if !isGrid {
            // Another font's advance: centred in the box.
            let advance = Int(slot.advance.x + 32) >> 6
            left += (boxWidth - advance) / 2
        }
        return GlyphImage(left: left, top: baseline - Int(slot.bitmap_top), width: width, height: height, alpha: alpha)
    }

    /// Area-averaged downscale of premultiplied ARGB pixels (integer arithmetic: the same bytes
    /// everywhere).
    static func downscaled(_ pixels: [UInt32], _ width: Int, _ height: Int, to targetWidth: Int, _ targetHeight: Int)
        -> [UInt32]
    {
        var result = [UInt32](repeating: 0, count: targetWidth * targetHeight)
        for ty in 0..<targetHeight {
            let y0 = ty * height / targetHeight, y1 = max(y0 + 1, (ty + 1) * height / targetHeight)
            for tx in 0..<targetWidth {
                let x0 = tx * width / targetWidth, x1 = max(x0 + 1, (tx + 1) * width / targetWidth)
                var sums: (UInt32, UInt32, UInt32, UInt32) = (0, 0, 0, 0)
                for y in y0..<y1 {
                    for x in x0..<x1 {
                        let p = pixels[y * width + x]
                        sums.0 += p >> 24; sums.1 += p >> 16 & 0xFF; sums.2 += p >> 8 & 0xFF; sums.3 += p & 0xFF
                    }
                }
                let n = UInt32((y1 - y0) * (x1 - x0))
                let a = (sums.0 + n / 2) / n, r = (sums.1 + n / 2) / n
                let g = (sums.2 + n / 2) / n, b = (sums.3 + n / 2) / n
                result[ty * targetWidth + tx] = a << 24 | r << 16 | g << 8 | b
            }
        }
        return result
    }

    /// Two grey glyphs drawn over each other (a base and its mark).
    static func union(_ a: GlyphImage, _ b: GlyphImage) -> GlyphImage {
        guard b.width > 0, b.height > 0 else { return a }
        guard a.width > 0, a.height > 0 else { return b }
        let left = min(a.left, b.left), top = min(a.top, b.top)
        let right = max(a.left + a.width, b.left + b.width), bottom = max(a.top + a.height, b.top + b.height)
        var result = GlyphImage(left: left, top: top, width: right - left, height: bottom - top)
        result.alpha = [UInt8](repeating: 0, count: result.width * result.height)
        for image in [a, b] {
            for y in 0..<image.height {
                for x in 0..<image.width {
                    let i = (image.top - top + y) * result.width + image.left - left + x
                    result.alpha[i] = max(result.alpha[i], image.alpha[y * image.width + x])
                }
            }
        }
        return result
    }
}
