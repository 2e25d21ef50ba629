import Curtain
@testable import CurtainTerminal
import Testing

/// Input arrives in reads of any size: splitting it anywhere gives the same output.
@Suite struct InputDecoderSplitTests {
    static let sample: [UInt8] = Array((
        "a漢😀\u{1B}[1;5A\u{1B}OP\u{1B}x\u{1B}\r\u{03}\u{1B}[3;2~" +
        "\u{1B}[200~pa\r\nste 漢\u{1B}[31m!\u{1B}[201~" +
        "\u{1B}[<0;300;5M\u{1B}[<64;1;1M\u{1B}[?2026;2$y\u{1B}[?62;22c" +
        "\u{1B}]11;rgb:0/0/0\u{07}\u{1B}]10;rgb:1/1/1\u{1B}\\\u{1B}[0n\u{1B}[Zé"
    ).utf8) + Array("\u{1B}[M".utf8) + [32, 33 + 150, 33 + 2] + [0xE9, 0x62, 0xFF]

    @Test func everySplitGivesTheSameOutput() {
        let whole = decoded(Self.sample)
        #expect(whole.count == 23, "\(whole)")
        for split in 0...Self.sample.count {
            var decoder = InputDecoder()
            var output: [DecodedInput] = []
            decoder.feed(Self.sample[..<split], into: &output)
            decoder.feed(Self.sample[split...], into: &output)
            #expect(output == whole, "split at byte \(split)")
        }
    }

    @Test func byteByByteGivesTheSameOutput() {
        var decoder = InputDecoder()
        var output: [DecodedInput] = []
        for byte in Self.sample { decoder.feed([byte][...], into: &output) }
        #expect(output == decoded(Self.sample))
        #expect(!decoder.isPending)
    }
}
