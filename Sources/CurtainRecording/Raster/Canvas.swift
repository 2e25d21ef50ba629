/// An RGB picture, row by row: what the raster encoders (GIF, PNG) write.
struct Canvas: Equatable {
    let width: Int, height: Int
    var pixels: [RGB]

    init(width: Int, height: Int, fill: RGB) {
        self.width = width
        self.height = height
        pixels = [RGB](repeating: fill, count: width * height)
    }

    /// Copies `rect` of `other` (a picture of the same size) over this one's.
    mutating func copy(_ rect: PixelRect, from other: Canvas) {
        guard !rect.isEmpty else { return }
        let width = width
        pixels.withUnsafeMutableBufferPointer { to in
            other.pixels.withUnsafeBufferPointer { from in
                for y in rect.y0..<rect.y1 {
                    let start = y * width + rect.x0
                    (to.baseAddress! + start).update(from: from.baseAddress! + start, count: rect.width)
                }
            }
        }
    }

    /// Fills `x0..<x1` × `y0..<y1`, clipped to the picture.
    mutating func fill(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int, with color: RGB, alpha: UInt32 = 255) {
        let left = max(0, x0), right = min(width, x1), top = max(0, y0), bottom = min(height, y1)
        guard left < right, top < bottom else { return }
        pixels.withUnsafeMutableBufferPointer { p in
            for y in top..<bottom {
                let row = y * width
                for x in left..<right {
                    p[row + x] = alpha == 255 ? color : color.blended(over: p[row + x], alpha: alpha)
                }
            }
        }
    }

    /// A disc at (`cx`, `cy`) of `radius`, anti-aliased by 4×4 samples a pixel.
    mutating func disc(cx: Double, cy: Double, radius: Double, color: RGB) {
        let x0 = Int(cx - radius) - 1, x1 = Int(cx + radius) + 2
        let y0 = Int(cy - radius) - 1, y1 = Int(cy + radius) + 2
        for y in max(0, y0)..<min(height, y1) {
            for x in max(0, x0)..<min(width, x1) {
                var inside: UInt32 = 0
                for sy in 0..<4 {
                    for sx in 0..<4 {
                        let dx = Double(x) + (Double(sx) + 0.5) / 4 - cx, dy = Double(y) + (Double(sy) + 0.5) / 4 - cy
                        if dx * dx + dy * dy <= radius * radius { inside += 1 }
                    }
                }
                if inside > 0 { pixels[y * width + x] = color.blended(over: pixels[y * width + x], alpha: inside * 255 / 16) }
            }
        }
    }
}
