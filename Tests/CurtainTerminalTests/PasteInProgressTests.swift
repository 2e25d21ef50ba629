import Curtain
@testable import CurtainTerminal
import CurtainPlatform
import Testing

/// A large paste arrives over many reads: the reader must not hold the loop
/// until its end, and the decoder takes its text in bulk.
extension InputReaderTests {
    /// Full blocks usually mean more is waiting, and a burst of keys is read whole before the
    /// deadline counts. Inside a paste that could last seconds: the deadline counts after each
    /// block, so the app keeps drawing (the clock ticks, animations move) while it arrives.
    @Test func aPasteInProgressDoesNotHoldTheLoopPastItsDeadline() throws {
        let piped = try PipedReader()
        piped.send("\u{1B}[200~")
        piped.send([UInt8](repeating: UInt8(ascii: "x"), count: 3 * InputReader.blockSize))
        #expect(piped.next() == .needsInput)
        #expect(piped.reader.readCount == 1, "one block, then the deadline: \(piped.reader.readCount) reads")
        #expect(piped.next() == .needsInput)
        #expect(piped.next() == .needsInput)
        #expect(piped.next() == .needsInput)
        piped.send("y\u{1B}[201~")
        let expected = String(repeating: "x", count: 3 * InputReader.blockSize) + "y"
        #expect(piped.next() == .input(.event(.paste(expected))))
    }

    /// Outside a paste a burst is still read whole before the deadline counts: one frame.
    @Test func aBurstOfKeysIsReadWhole() throws {
        let piped = try PipedReader()
        piped.send([UInt8](repeating: UInt8(ascii: "k"), count: 2 * InputReader.blockSize))
        for _ in 0..<(2 * InputReader.blockSize) {
            guard case .input = piped.next() else {
                Issue.record("a key of the burst was not read")
                return
            }
        }
        #expect(piped.next() == .needsInput)
    }
}

@Suite struct PasteDecodingTests {
    /// Text, line breaks (CR, LF, CR LF), tabs, UTF-8 split across reads, controls and escape
    /// sequences inside the paste: the same text whatever the pieces it arrives in.
    @Test func aPasteIsTheSameTextWhateverTheReadsItArrivesIn() {
        let body = Array("abc\r\ndef\rghi\nj\tk\u{7}l\u{1B}[31mm 漢字 é 😀 \u{85}z".utf8)
        let bytes = Array("\u{1B}[200~".utf8) + body + Array("\u{1B}[201~".utf8)
        let expected = "abc\ndef\nghi\nj\tklm 漢字 é 😀 z"
        for size in 1...bytes.count {
            var decoder = InputDecoder()
            var output: [DecodedInput] = []
            var start = 0
            while start < bytes.count {
                decoder.feed(bytes[start..<min(bytes.count, start + size)], into: &output)
                start += size
            }
            #expect(output == [.event(.paste(expected))], "pieces of \(size)")
        }
    }

    /// Ten megabytes of lines fed in 4 KiB reads come out as one paste, whole. (How fast:
    /// `scripts/measure-paste.py`, a benchmark on the release build — docs/PERFORMANCE.md.)
    @Test func tenMegabytesDecodeAsOnePaste() {
        let line = Array("paste line 0123456789 abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ!\n".utf8)
        var bytes = Array("\u{1B}[200~".utf8)
        while bytes.count < 10_000_000 { bytes += line }
        bytes += Array("\u{1B}[201~".utf8)
        var decoder = InputDecoder()
        var output: [DecodedInput] = []
        var start = 0
        while start < bytes.count {
            decoder.feed(bytes[start..<min(bytes.count, start + 4096)], into: &output)
            start += 4096
        }
        guard case .event(.paste(let text))? = output.first else {
            Issue.record("no paste")
            return
        }
        #expect(output.count == 1)
        #expect(text.utf8.count == bytes.count - 12)
        #expect(text.hasPrefix("paste line 0123") && text.hasSuffix("XYZ!\n"))
    }
}
