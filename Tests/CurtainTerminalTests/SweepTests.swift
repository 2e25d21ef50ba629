import CNcurses
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainTestSupport
import Testing


@Suite struct InputDecoderSweeps {
    /// Byte strings chosen to hit every state: sequence introducers, parameters, finals,
    /// controls, UTF-8 (whole, cut, invalid), the paste markers' pieces, OSC terminators.
    static let alphabet: [[UInt8]] = [
        [0x1B], [0x1B], [0x5B], [0x5B], [0x4F], [0x5D], [0x3C], [0x3F], [0x3B], [0x30], [0x31], [0x32],
        [0x7E], [0x41], [0x5A], [0x4D], [0x6D], [0x63], [0x24], [0x79], [0x5C], [0x07],
        [0x0D], [0x0A], [0x09], [0x7F], [0x03], [0x1A], [0x00], [0x61],
        [0xC2, 0x85], [0x9B], [0xED, 0xA0, 0x80], [0xFF], [0xE6], Array("漢".utf8), Array("😀".utf8),
    ]

    enum Step { case bytes([UInt8]), idle }

    static func randomSteps(_ random: inout SplitMix) -> [Step] {
        var steps: [Step] = []
        for _ in 0..<random.below(60) {
            switch random.below(20) {
            case 0: steps.append(.idle)
            case 1: steps.append(.bytes(Array("\u{1B}[<0;5;3M".utf8)))
            case 2: steps.append(.bytes(Array("\u{1B}[M !!".utf8)))
            case 3: steps.append(.bytes(Array("\u{1B}[200~".utf8)))
            case 4: steps.append(.bytes(Array("\u{1B}[201~".utf8)))
            default: steps.append(.bytes(alphabet[random.below(alphabet.count)]))
            }
        }
        return steps
    }

    @Test func noInputShowsControlCharactersOrLeavesTheDecoderWaiting() {
        for seed in 0..<3000 {
            var random = SplitMix(seed: UInt64(seed))
            var decoder = InputDecoder()
            var output: [DecodedInput] = []
            for step in Self.randomSteps(&random) {
                switch step {
                case .bytes(let bytes): decoder.feed(bytes[...], into: &output)
                case .idle: decoder.idle(into: &output)
                }
            }
            decoder.idle(into: &output)
            decoder.idle(into: &output)
            #expect(!decoder.isPending, "seed \(seed)")
            for item in output {
                switch item {
                case .event(.key(let key)):
                    if case .character(let c) = key.code {
                        #expect(c.unicodeScalars.allSatisfy { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) },
                                "seed \(seed): \(key)")
                    }
                case .event(.paste(let text)):
                    #expect(!text.isEmpty)
                    #expect(text.unicodeScalars.allSatisfy {
                        $0 == "\n" || $0 == "\t" || ($0.value >= 0x20 && !(0x7F...0x9F).contains($0.value))
                    }, "seed \(seed): \(text.debugDescription)")
                default: break
                }
            }
        }
    }

    @Test func anyPrintableTextPastesUnchanged() {
        let pieces = ["a", "Z", " ", "漢", "😀", "é", "\n", "\t", "[", "~", "0", "O", "200", "201"]
        for seed in 0..<1000 {
            var random = SplitMix(seed: UInt64(seed))
            let text = (0..<(1 + random.below(40))).map { _ in pieces[random.below(pieces.count)] }.joined()
            var decoder = InputDecoder()
            let output = decoder.decode(Array("\u{1B}[200~\(text)\u{1B}[201~".utf8))
            #expect(output == [.event(.paste(text))], "seed \(seed)")
        }
    }
}

extension NcursesTests {
    /// Random frames drawn one after another (only their differences reach ncurses) must leave
    /// ncurses' screen equal to the last frame, cell by cell, colours included.
    @MainActor @Suite struct IncrementalDrawingSweep {
        static let texts = ["a", "bc", "漢字", "😀", "─│┌", "x y", "é", "  "]
        static let colors: [Color] = [.default, .red, .indexed(33), .rgb(10, 200, 30), .indexed(250)]

        static func width(_ cell: Cell) -> Int {
            cell.grapheme.isContinuation ? 0 : DisplayCluster(Character(cell.grapheme.text)).width
        }

        @Test func theScreenMatchesEveryFrame() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            let window = try #require(curtain_stdscr())
            var random = SplitMix(seed: 42)
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            for step in 0..<40 {
                for _ in 0..<(1 + random.below(30)) {
                    let style = Style(foreground: Self.colors[random.below(Self.colors.count)],
                                      background: Self.colors[random.below(Self.colors.count)],
                                      attributes: random.below(4) == 0 ? [.bold] : [])
                    frame.put(Self.texts[random.below(Self.texts.count)], x: random.below(82) - 1,
                              y: random.below(24), style: style)
                }
                session.draw(frame)
                for y in 0..<24 {
                    for x in 0..<80 {
                        let cell = frame[x, y]
                        let shown = cellContents(window, x: x, y: y)
                        if cell.grapheme.isContinuation {
                            // Covered by its wide character, or blank when that is missing.
                            if x > 0, Self.width(frame[x - 1, y]) == 2 { continue }
                            #expect(shown.text == [0x20], "step \(step): orphan half at (\(x), \(y))")
                            continue
                        }
                        var expected = cell.grapheme.text.unicodeScalars.map(\.value)
                        if Self.width(cell) == 2, !frame[x + 1, y].grapheme.isContinuation || x + 1 >= 80 {
                            expected = [0xFFFD] // a wide character given one cell: shown as one cell
                        }
                        #expect(shown.text == expected, "step \(step) at (\(x), \(y))")
                        var foreground: Int32 = 0, background: Int32 = 0
                        curtain_pair_content(shown.pair, &foreground, &background)
                        #expect(foreground == ColorDepth.indexed256.colorNumber(for: cell.style.foreground)
                                && background == ColorDepth.indexed256.colorNumber(for: cell.style.background),
                                "step \(step) at (\(x), \(y))")
                        #expect((shown.attributes & curtain_A_BOLD() != 0) == cell.style.attributes.contains(.bold))
                    }
                }
            }
        }
    }
}
