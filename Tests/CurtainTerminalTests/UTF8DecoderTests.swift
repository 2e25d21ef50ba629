@testable import CurtainTerminal
import CurtainTestSupport
import Testing

@Suite struct UTF8DecoderTests {
    /// The scalars `bytes` decode to, a sequence cut short at the end included.
    func assemble(_ bytes: [UInt8]) -> [UInt32] {
        var decoder = UTF8Decoder()
        var scalars: [UInt32] = []
        for byte in bytes {
            let output = decoder.feed(byte)
            if output.brokeSequence { scalars.append(0xFFFD) }
            if let scalar = output.scalar { scalars.append(scalar) }
        }
        if decoder.flush() { scalars.append(0xFFFD) }
        return scalars
    }

    /// What Swift's own repairing decoder makes of the bytes (Unicode's "maximal subpart"
    /// replacement): the reference.
    func reference(_ bytes: [UInt8]) -> [UInt32] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map(\.value)
    }

    @Test func typedCharactersSurviveAroundOneTheLocaleCannotShow() {
        #expect(assemble(Array("aéb".utf8)) == [0x61, 0xE9, 0x62])
        #expect(assemble(Array("日本🎉x".utf8)) == [0x65E5, 0x672C, 0x1F389, 0x78])
    }

    @Test func aBrokenSequenceNeverSwallowsTheNextByte() {
        #expect(assemble([0xE9, 0x62]) == [0xFFFD, 0x62], "Latin-1 é then b")
        #expect(assemble([0xE2, 0x82, 0x41]) == [0xFFFD, 0x41])
        #expect(assemble([0xC3]) == [0xFFFD], "cut short at the end")
        #expect(assemble([0x80, 0x61]) == [0xFFFD, 0x61])
        #expect(assemble([0xED, 0xA0, 0x80]) == reference([0xED, 0xA0, 0x80]), "a surrogate")
        #expect(assemble([0xC0, 0xAF]) == reference([0xC0, 0xAF]), "an overlong")
        #expect(assemble([0xF4, 0x90, 0x80, 0x80]) == reference([0xF4, 0x90, 0x80, 0x80]), "above U+10FFFF")
    }

    @Test func matchesSwiftsDecoderOnRandomBytes() {
        var random = SplitMix(seed: 0x9E37_79B9_7F4A_7C15)
        // Bytes biased toward the interesting ranges: ASCII, continuations, lead bytes.
        let pools: [ClosedRange<UInt8>] = [0x00...0x7F, 0x80...0xBF, 0xC0...0xFF, 0xE0...0xF4]
        for round in 0..<2000 {
            let count = random.below(12)
            let bytes = (0..<count).map { _ -> UInt8 in
                let pool = pools[random.below(pools.count)]
                return UInt8(UInt64(pool.lowerBound) + random.next() % UInt64(pool.count))
            }
            #expect(assemble(bytes) == reference(bytes), "round \(round): \(bytes)")
        }
    }
}
