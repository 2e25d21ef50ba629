import CZlib

/// A canvas as a PNG file: 8-bit RGB, each row filtered the way that makes it smallest (none,
/// Sub or Up, by the usual sum of absolute values), compressed by the system's zlib at its
/// best level. No time, no text chunk: the same picture gives the same bytes.
enum PNGFile {
    static func encode(_ canvas: Canvas) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(canvas.width))
        header.appendBigEndian(UInt32(canvas.height))
        header += [8, 2, 0, 0, 0]  // 8 bits, RGB, deflate, adaptive filters, no interlace
        chunk("IHDR", header, into: &out)
        chunk("IDAT", deflate(filtered(canvas)), into: &out)
        chunk("IEND", [], into: &out)
        return out
    }

    private static func filtered(_ canvas: Canvas) -> [UInt8] {
        let stride = canvas.width * 3
        var raw = [UInt8](repeating: 0, count: stride * canvas.height)
        for (i, pixel) in canvas.pixels.enumerated() {
            raw[i * 3] = UInt8(pixel.red)
            raw[i * 3 + 1] = UInt8(pixel.green)
            raw[i * 3 + 2] = UInt8(pixel.blue)
        }
        var out: [UInt8] = []
        out.reserveCapacity((stride + 1) * canvas.height)
        var candidates = [[UInt8]](repeating: [UInt8](repeating: 0, count: stride), count: 3)
        for y in 0..<canvas.height {
            let row = y * stride
            for x in 0..<stride {
                let value = raw[row + x]
                candidates[0][x] = value
                candidates[1][x] = value &- (x >= 3 ? raw[row + x - 3] : 0)
                candidates[2][x] = value &- (y > 0 ? raw[row - stride + x] : 0)
            }
            // The filter whose bytes, read as signed, sum smallest.
            var best = 0, bestCost = Int.max
            for (filter, bytes) in candidates.enumerated() {
                let cost = bytes.reduce(0) { $0 + abs(Int(Int8(bitPattern: $1))) }
                if cost < bestCost { (best, bestCost) = (filter, cost) }
            }
            out.append([0, 1, 2][best])
            out += candidates[best]
        }
        return out
    }

    private static func deflate(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var out = [UInt8](repeating: 0, count: Int(length))
        let status = out.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(data.count), 9)
            }
        }
        precondition(status == Z_OK, "compress2 cannot fail with a buffer of compressBound's size")
        return Array(out.prefix(Int(length)))
    }

    private static func chunk(_ type: String, _ data: [UInt8], into out: inout [UInt8]) {
        out.appendBigEndian(UInt32(data.count))
        let typed = Array(type.utf8) + data
        out += typed
        let crc = typed.withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
        out.appendBigEndian(UInt32(crc))
    }
}

extension Array where Element == UInt8 {
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)])
    }
}
