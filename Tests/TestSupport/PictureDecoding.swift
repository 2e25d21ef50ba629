import CZlib

/// A decoded picture: what the tests read back from the files the recorder wrote.
package struct Picture {
    package var width: Int, height: Int
    /// 0xRRGGBB per pixel, row by row.
    package var pixels: [UInt32]

    package func at(_ x: Int, _ y: Int) -> UInt32 { pixels[y * width + x] }
}

package enum PictureDecoding {
    /// A PNG of 8-bit RGB (what the recorder writes) or RGBA (what librsvg writes; alpha is
    /// dropped: the tests' pictures are opaque), unfiltered; nil if it is anything else.
    package static func png(_ bytes: [UInt8]) -> Picture? {
        guard bytes.count > 8, Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { return nil }
        var offset = 8, width = 0, height = 0, channels = 3, data: [UInt8] = []
        func u32(_ at: Int) -> Int { Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]) }
        while offset + 8 <= bytes.count {
            let length = u32(offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            let body = Array(bytes[offset + 8..<offset + 8 + length])
            let crc = (Array(type.utf8) + body).withUnsafeBufferPointer { crc32(0, $0.baseAddress, uInt($0.count)) }
            guard UInt32(u32(offset + 8 + length)) == UInt32(crc) else { return nil }
            switch type {
            case "IHDR":
                width = u32(offset + 8)
                height = u32(offset + 12)
                guard body[8] == 8, body[9] == 2 || body[9] == 6, body[12] == 0 else { return nil }
                channels = body[9] == 6 ? 4 : 3
            case "IDAT": data += body
            default: break
            }
            offset += 12 + length
        }
        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawLength = uLongf(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { target in
            data.withUnsafeBufferPointer { uncompress(target.baseAddress, &rawLength, $0.baseAddress, uLong($0.count)) }
        }
        guard status == Z_OK, Int(rawLength) == raw.count else { return nil }
        var rows = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            for x in 0..<stride {
                let value = raw[y * (stride + 1) + 1 + x]
                let left = x >= channels ? rows[y * stride + x - channels] : 0
                let up = y > 0 ? rows[(y - 1) * stride + x] : 0
                let upLeft = x >= channels && y > 0 ? rows[(y - 1) * stride + x - channels] : 0
                switch filter {
                case 0: rows[y * stride + x] = value
                case 1: rows[y * stride + x] = value &+ left
                case 2: rows[y * stride + x] = value &+ up
                case 3: rows[y * stride + x] = value &+ UInt8((Int(left) + Int(up)) / 2)
                case 4:
                    // Paeth: the neighbour nearest to left + up - upper left.
                    let p = Int(left) + Int(up) - Int(upLeft)
                    let pa = abs(p - Int(left)), pb = abs(p - Int(up)), pc = abs(p - Int(upLeft))
                    rows[y * stride + x] = value &+ (pa <= pb && pa <= pc ? left : (pb <= pc ? up : upLeft))
                default: return nil
                }
            }
        }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for i in pixels.indices {
            let r = UInt32(rows[i * channels]), g = UInt32(rows[i * channels + 1]), b = UInt32(rows[i * channels + 2])
            pixels[i] = r << 16 | g << 8 | b
        }
        return Picture(width: width, height: height, pixels: pixels)
    }
}
