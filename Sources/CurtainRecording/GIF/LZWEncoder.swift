/// GIF's variable-length LZW compression of colour indexes (GIF89a, appendix F): codes of
/// `minimumCodeSize + 1` up to 12 bits, packed least significant bit first, a clear code when
/// the table is full. Written here: no GIF package is available, and it is short.
struct LZWEncoder {
    /// The compressed indexes, ready to be cut into sub-blocks.
    static func encode(_ indexes: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        var encoder = LZWEncoder(minimumCodeSize: minimumCodeSize)
        encoder.run(indexes)
        return encoder.output
    }

    private let minimumCodeSize: Int
    private let clearCode: Int, endCode: Int
    private var codeSize: Int
    /// The last code given out.
    private var maxCode: Int
    private var output: [UInt8] = []
    private var bitBuffer: UInt32 = 0, bitCount = 0
    // An open-addressed table from (prefix code, index) to code. Slots of an earlier table are
    // told apart by their generation, so a clear costs nothing.
    private var keys = [Int32](repeating: 0, count: tableSize)
    private var codes = [Int16](repeating: 0, count: tableSize)
    private var generations = [UInt32](repeating: 0, count: tableSize)
    private var generation: UInt32 = 1
    private static let tableSize = 8192

    private init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        clearCode = 1 << minimumCodeSize
        endCode = clearCode + 1
        codeSize = minimumCodeSize + 1
        maxCode = endCode
    }

    private mutating func run(_ indexes: [UInt8]) {
        write(clearCode)
        guard var current = indexes.first.map(Int.init) else {
            write(endCode)
            flushBits()
            return
        }
        for index in indexes.dropFirst() {
            let key = Int32(current << 8 | Int(index))
            var slot = Self.slot(for: key)
            var found = -1
            while generations[slot] == generation {
                if keys[slot] == key { found = Int(codes[slot]); break }
                slot = (slot + 1) & (Self.tableSize - 1)
            }
            if found >= 0 {
                current = found
                continue
            }
            write(current)
            maxCode += 1
            keys[slot] = key
            codes[slot] = Int16(maxCode)
            generations[slot] = generation
            if maxCode >= 1 << codeSize { codeSize += 1 }
            if maxCode == 4095 {
                write(clearCode)
                generation += 1
                codeSize = minimumCodeSize + 1
                maxCode = endCode
            }
            current = Int(index)
        }
        write(current)
        // A clear before the end: the decoder is back at the smallest size, whatever it reached.
        write(clearCode)
        codeSize = minimumCodeSize + 1
        write(endCode)
        flushBits()
    }

    private static func slot(for key: Int32) -> Int {
        Int((UInt32(bitPattern: key) &* 2_654_435_761) >> 19) & (tableSize - 1)
    }

    private mutating func write(_ code: Int) {
        bitBuffer |= UInt32(code) << UInt32(bitCount)
        bitCount += codeSize
        while bitCount >= 8 {
            output.append(UInt8(bitBuffer & 0xFF))
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    private mutating func flushBits() {
        if bitCount > 0 { output.append(UInt8(bitBuffer & 0xFF)) }
        bitBuffer = 0
        bitCount = 0
    }
}
