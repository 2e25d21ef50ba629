/// GIF's variable-length LZW compression of colour indexes (GIF89a, appendix F): codes of
/// `minimumCodeSize + 1` up to 12 bits, packed least significant bit first. Written here: no
/// GIF package is available, and it is short.
///
/// A pixel may have two indexes that show the same (an unchanged pixel: its colour when the
/// palette has it exactly, or transparent); the encoder takes whichever continues the string it
/// is matching, so a string goes on where the picture does; when both do, or neither (a new
/// string starts), the one that goes on with the next pixel too (6 % and 2 % smaller on the
/// tour).
///
/// A full table is cleared at once: keeping it until its codes paid less (compress(1)'s rule)
/// made the tour's GIF 7 % larger, never clearing it 2.2 times larger, clearing at 2 048 codes
/// 6 % larger.
struct LZWEncoder {
    /// The compressed indexes, ready to be cut into sub-blocks.
    static func encode(_ indexes: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        encode(indexes, alternatives: indexes, minimumCodeSize: minimumCodeSize)
    }

    /// The compressed pixels: pixel `i` is `indexes[i]`, or `alternatives[i]` (which shows the
    /// same; equal to `indexes[i]` when there is no choice).
    static func encode(_ indexes: [UInt8], alternatives: [UInt8], minimumCodeSize: Int) -> [UInt8] {
        var encoder = LZWEncoder(minimumCodeSize: minimumCodeSize)
        indexes.withUnsafeBufferPointer { primary in
            alternatives.withUnsafeBufferPointer { other in
                encoder.run(primary, other)
            }
        }
        return encoder.output
    }

    private let minimumCodeSize: Int
    private let clearCode: Int, endCode: Int
    private var codeSize: Int
    /// The last code given out.
    private var maxCode: Int
    private var output: [UInt8] = []
    private var bitBuffer: UInt64 = 0, bitCount = 0
    private let table = LZWStringTable()
    private init(minimumCodeSize: Int) {
        self.minimumCodeSize = minimumCodeSize
        clearCode = 1 << minimumCodeSize
        endCode = clearCode + 1
        codeSize = minimumCodeSize + 1
        maxCode = endCode
        output.reserveCapacity(4096)
    }

    private mutating func run(_ indexes: UnsafeBufferPointer<UInt8>, _ alternatives: UnsafeBufferPointer<UInt8>) {
        write(clearCode)
        guard var current = indexes.first.map(Int.init) else {
            write(endCode)
            flushBits()
            return
        }
        var last = current
        var i = 1
        let count = indexes.count
        while i < count {
            let index = Int(indexes[i]), other = Int(alternatives[i])
            i += 1
            var slot = Self.slot(for: current << 8 | index)
            if let found = find(current << 8 | index, from: &slot) {
                // When the other index continues the string too, and only its string goes on
                // with the next pixel, take it.
                if other != index, i < count {
                    var otherSlot = Self.slot(for: current << 8 | other)
                    if let foundOther = find(current << 8 | other, from: &otherSlot),
                       !extends(found, indexes[i], alternatives[i]), extends(foundOther, indexes[i], alternatives[i]) {
                        current = foundOther
                        last = other
                        continue
                    }
                }
                current = found
                last = index
                continue
            }
            // The index does not continue the string; the other may. If neither does, the
            // string is written and the next starts with `next`.
            var next = index
            if other != index {
                var otherSlot = Self.slot(for: current << 8 | other)
                if let found = find(current << 8 | other, from: &otherSlot) {
                    current = found
                    last = other
                    continue
                }
                if prefersOther(index, other, last: last, at: i, indexes, alternatives) {
                    slot = otherSlot
                    next = other
                }
            }
            write(current)
            if maxCode < 4095 {
                maxCode += 1
                table.insert(current << 8 | next, code: maxCode, at: slot)
                if maxCode >= 1 << codeSize { codeSize += 1 }
            } else {
                write(clearCode)
                table.clear()
                codeSize = minimumCodeSize + 1
                maxCode = endCode
            }
            current = next
            last = next
        }
        write(current)
        // Reading that last code, the decoder learns the string given out before it (it is a
        // code behind), and its codes may grow a bit: the end code is written at its size.
        if maxCode + 1 == 1 << codeSize, codeSize < 12 { codeSize += 1 }
        write(endCode)
        flushBits()
    }

    /// Which index starts the next string: the one whose one-pixel string goes on with the
    /// next pixel, else the one that repeats the pixel before (a run).
    @inline(__always)
    private func prefersOther(_ index: Int, _ other: Int, last: Int, at i: Int,
                              _ indexes: UnsafeBufferPointer<UInt8>, _ alternatives: UnsafeBufferPointer<UInt8>) -> Bool {
        if i < indexes.count {
            let indexGoesOn = extends(index, indexes[i], alternatives[i])
            let otherGoesOn = extends(other, indexes[i], alternatives[i])
            if indexGoesOn != otherGoesOn { return otherGoesOn }
        }
        return other == last
    }

    /// Whether the string of `code` goes on with a pixel of indexes `index` or `other`.
    @inline(__always)
    private func extends(_ code: Int, _ index: UInt8, _ other: UInt8) -> Bool {
        var slot = Self.slot(for: code << 8 | Int(index))
        if find(code << 8 | Int(index), from: &slot) != nil { return true }
        guard other != index else { return false }
        slot = Self.slot(for: code << 8 | Int(other))
        return find(code << 8 | Int(other), from: &slot) != nil
    }

    @inline(__always)
    private func find(_ key: Int, from slot: inout Int) -> Int? { table.find(key, from: &slot) }

    private static func slot(for key: Int) -> Int { LZWStringTable.slot(for: key) }

    private mutating func write(_ code: Int) {
        bitBuffer |= UInt64(code) << UInt64(bitCount)
        bitCount += codeSize
        while bitCount >= 8 {
            output.append(UInt8(truncatingIfNeeded: bitBuffer))
            bitBuffer >>= 8
            bitCount -= 8
        }
    }

    private mutating func flushBits() {
        if bitCount > 0 { output.append(UInt8(truncatingIfNeeded: bitBuffer)) }
        bitBuffer = 0
        bitCount = 0
    }
}

