/// A GIF decoder for the tests, written from the GIF89a specification: each frame composed
/// over the picture before it (transparency), with its delay; after it, the picture is kept
/// (disposal 1) or what was under the frame comes back (disposal 3, "restore to previous").
package enum GIFDecoding {
    package struct Frame {
        package var picture: Picture
        /// Hundredths of a second.
        package var delay: Int
        /// The rectangle the frame drew: x, y, width, height.
        package var rect: (Int, Int, Int, Int)
        /// What comes after the frame: 1 keeps it, 3 restores the picture under it.
        package var disposal = 1
    }

    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    package static func frames(_ bytes: [UInt8]) throws -> (frames: [Frame], loops: Bool) {
        guard bytes.count > 13, String(decoding: bytes[0..<6], as: UTF8.self) == "GIF89a" else {
            throw Failure(description: "not a GIF89a")
        }
        func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
        let width = u16(6), height = u16(8)
        var offset = 13
        if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 7) + 1) }
        var canvas = Picture(width: width, height: height, pixels: [UInt32](repeating: 0, count: width * height))
        var frames: [Frame] = []
        var loops = false
        var delay = 0, transparent: Int?, disposal = 1
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x3B:
                return (frames, loops)
            case 0x21:
                let label = bytes[offset + 1]
                offset += 2
                var blocks: [[UInt8]] = []
                while bytes[offset] != 0 {
                    let count = Int(bytes[offset])
                    blocks.append(Array(bytes[offset + 1...offset + count]))
                    offset += count + 1
                }
                offset += 1
                if label == 0xF9, let block = blocks.first {
                    delay = Int(block[1]) | Int(block[2]) << 8
                    transparent = block[0] & 1 != 0 ? Int(block[3]) : nil
                    disposal = Int(block[0] >> 2) & 7
                    guard [0, 1, 3].contains(disposal) else { throw Failure(description: "disposal \(disposal)") }
                }
                if label == 0xFF, blocks.first.map({ String(decoding: $0, as: UTF8.self) }) == "NETSCAPE2.0" { loops = true }
            case 0x2C:
                let left = u16(offset + 1), top = u16(offset + 3), w = u16(offset + 5), h = u16(offset + 7)
                let packed = bytes[offset + 9]
                offset += 10
                guard packed & 0x80 != 0 else { throw Failure(description: "a frame without its own palette") }
                guard packed & 0x40 == 0 else { throw Failure(description: "interlaced") }
                let entries = 1 << (Int(packed & 7) + 1)
                var palette: [UInt32] = []
                for i in 0..<entries {
                    let p = offset + i * 3
                    palette.append(UInt32(bytes[p]) << 16 | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2]))
                }
                offset += entries * 3
                let minimumCodeSize = Int(bytes[offset])
                offset += 1
                var data: [UInt8] = []
                while bytes[offset] != 0 {
                    let count = Int(bytes[offset])
                    data += bytes[offset + 1...offset + count]
                    offset += count + 1
                }
                offset += 1
                let indexes = try lzw(data, minimumCodeSize: minimumCodeSize, count: w * h)
                guard left + w <= width, top + h <= height else { throw Failure(description: "frame outside the screen") }
                let under = canvas
                for y in 0..<h {
                    for x in 0..<w {
                        let index = Int(indexes[y * w + x])
                        if index == transparent { continue }
                        guard index < palette.count else { throw Failure(description: "index past the palette") }
                        canvas.pixels[(top + y) * width + left + x] = palette[index]
                    }
                }
                frames.append(Frame(picture: canvas, delay: delay, rect: (left, top, w, h), disposal: max(1, disposal)))
                if disposal == 3 { canvas = under }
                (transparent, disposal) = (nil, 1)
            default:
                throw Failure(description: "unknown block \(bytes[offset]) at \(offset)")
            }
        }
        throw Failure(description: "no trailer")
    }

    /// The standard LZW decoder (GIF89a appendix F).
    package static func lzw(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var table: [[UInt8]] = []
        func reset() { table = (0..<clear).map { [UInt8($0)] } + [[], []] }
        reset()
        var codeSize = minimumCodeSize + 1
        var bit = 0
        var previous: [UInt8]?
        var output: [UInt8] = []
        while true {
            guard bit + codeSize <= data.count * 8 else { throw Failure(description: "data ended without an end code") }
            var code = 0
            for i in 0..<codeSize where data[(bit + i) / 8] >> UInt8((bit + i) % 8) & 1 != 0 { code |= 1 << i }
            bit += codeSize
            if code == clear {
                reset()
                codeSize = minimumCodeSize + 1
                previous = nil
                continue
            }
            if code == end { break }
            let entry: [UInt8]
            if code < table.count {
                entry = table[code]
                if let previous, table.count < 4096 { table.append(previous + [entry[0]]) }
            } else if code == table.count, let previous {
                entry = previous + [previous[0]]
                table.append(entry)
            } else {
                throw Failure(description: "code \(code) past the table (\(table.count))")
            }
            output += entry
            previous = entry
            if table.count == 1 << codeSize, codeSize < 12 { codeSize += 1 }
        }
        guard output.count == count else { throw Failure(description: "\(output.count) pixels for \(count)") }
        return output
    }
}
