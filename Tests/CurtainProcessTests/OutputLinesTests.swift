import Testing
import Curtain
@testable import CurtainProcess
import CurtainTestSupport

/// Output cut into lines at newlines only, whatever pieces it arrives in.
@Suite struct OutputLinesTests {
    /// Feeds `pieces`; the lines completed, and the open line after each piece.
    func feed(_ pieces: [[UInt8]], limit: Int = 1024) -> (lines: [String], open: [String], last: String?) {
        var splitter = OutputLines(limit: limit)
        var lines: [String] = []
        var open: [String] = []
        for piece in pieces {
            lines += piece.withUnsafeBytes { splitter.feed($0) }
            open.append(splitter.openLine)
        }
        return (lines, open, splitter.finish())
    }

    func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aLineWrittenInPiecesIsOneLine() {
        let result = feed([bytes("SPL"), bytes("IT-ONE\n")])
        #expect(result.lines == ["SPLIT-ONE"])
        #expect(result.open == ["SPL", ""])
        #expect(result.last == nil)
    }

    @Test func aCharacterCutBetweenWritesSurvives() {
        let e = bytes("É")   // C3 89
        let result = feed([bytes("CAF") + [e[0]], [e[1]] + bytes("-TWO\n")])
        #expect(result.lines == ["CAFÉ-TWO"])
        #expect(result.open == ["CAF", ""], "the open line waits for the rest of the character")
        let emoji = bytes("👍")
        for cut in 1..<emoji.count {
            let split = feed([Array(emoji[..<cut]), Array(emoji[cut...]) + bytes("\n")])
            #expect(split.lines == ["👍"])
            #expect(split.open[0] == "")
        }
    }

    @Test func aTerminalsLineEndIsDroppedAndALoneCarriageReturnKept() {
        let result = feed([bytes("one\r\ntwo\r"), bytes("\nbar 10%\rbar 20%\r\n")])
        #expect(result.lines == ["one", "two", "bar 10%\rbar 20%"])
    }

    @Test func emptyLinesAndALastLineWithoutANewline() {
        let result = feed([bytes("\n\na\n"), bytes("tail")])
        #expect(result.lines == ["", "", "a"])
        #expect(result.last == "tail")
    }

    @Test func aLongLineIsCutNearTheLimitNeverInsideACharacter() {
        let text = String(repeating: "aé", count: 20)   // 3 bytes a pair
        let result = feed([bytes(text + "\n")], limit: 8)
        #expect(result.lines.joined() == text)
        #expect(result.lines.allSatisfy { $0.utf8.count <= 8 && !$0.contains("\u{FFFD}") })
    }

    @Test func invalidBytesBecomeReplacementCharacters() {
        let result = feed([[0x61, 0xFF, 0x62, 0x0A]])
        #expect(result.lines == ["a\u{FFFD}b"])
    }
}

/// A line redrawn in place (a progress bar) stays one short open line however long it runs,
/// and the log shows exactly what it would have shown with every byte kept.
@MainActor
@Suite struct RedrawnLineTests {
    /// `line` (bytes without a newline) fed in pieces of `piece` bytes, then a newline: the
    /// lines completed, and the longest open line seen.
    nonisolated func feed(_ line: [UInt8], piece: Int, limit: Int = 1 << 20) -> (lines: [String], longestOpen: Int) {
        var splitter = OutputLines(limit: limit)
        var lines: [String] = []
        var longest = 0
        var start = 0
        while start < line.count {
            let end = min(line.count, start + piece)
            lines += Array(line[start..<end]).withUnsafeBytes { splitter.feed($0) }
            longest = max(longest, splitter.openLine.utf8.count)
            start = end
        }
        lines += [UInt8(0x0A)].withUnsafeBytes { splitter.feed($0) }
        return (lines, longest)
    }

    /// What a log shows of `line` after a line that left the colours `before` on.
    func shown(_ line: String, after before: String) -> [String] {
        let log = Log()
        log.append(ansi: before)
        log.append(ansi: line)
        return log.ansiTexts
    }

    @Test func aProgressBarRedrawnTwentyThousandTimesIsOneShortLine() {
        let redraws = (1...20_000).map { "\r\u{1B}[1;32mprogress\u{1B}[0m \($0) " + String(repeating: "#", count: $0 % 40) + "\u{1B}[K" }
        let bytes = Array(redraws.joined().utf8)
        for piece in [7, 100, 4096] {
            let result = feed(bytes, piece: piece)
            #expect(result.lines.count == 1, "piece \(piece): one line, not \(result.lines.count)")
            #expect(result.longestOpen < 3 * OutputLines.redrawCutSize, "piece \(piece): the open line stays short: \(result.longestOpen) B")
            #expect(shown(result.lines[0], after: "") == shown(redraws.last!, after: ""), "piece \(piece): the last redraw")
        }
    }

    /// Where a line is cut, if at all, and the colours kept in front of the rest.
    @Test(arguments: [
        ("abc\rxyz", 3, ""),                                   // drawn over, letter for letter
        ("abcdef\rxy", nil, ""),                               // "xycdef": the rest still shows
        ("abcdef\rxy\u{1B}[K", 6, ""),                         // erased to the end
        ("abcdef\r\u{1B}[2K", 6, ""),                          // the whole line erased
        ("abcdef\r\u{1B}[1K", nil, ""),                        // from the start only
        ("abcdef\r日本日本", nil, ""),                            // 4 cells, not 6 (12 bytes)
        ("ab\rxy\rx\u{8}y\u{8}z\u{8}", 2, ""),                  // the last return draws one cell
        ("abc\rxyz\u{8}\u{8}\u{8}", 3, ""),                      // back over drawn cells
        ("\u{1B}[31mabc\u{1B}[1m\rxyz", 12, "\u{1B}[31m\u{1B}[1m"), // the colours go on
        ("\u{1B}[31ma\u{1B}[0;32mb\rxy", 14, "\u{1B}[0;32m"),      // from the last reset
        ("\u{1B}]0;title\u{7}abc\rxyz", nil, ""),                // a string sequence: left alone
        ("abc\r", nil, ""),                                    // a newline may follow
    ] as [(String, Int?, String)])
    func whereALineIsCut(line: String, at: Int?, colours: String) {
        let cut = OutputLines.redrawCut(Array(line.utf8))
        #expect(cut?.at == at, "\(line.debugDescription)")
        #expect(cut.map { String(decoding: $0.colours, as: UTF8.self) } == at.map { _ in colours }, "\(line.debugDescription)")
    }

    /// Random lines of text, colours, returns, backspaces, tabs, erases, wide and combining
    /// characters and controls, after a line whose colour goes on: what the log shows of the
    /// open line just after its first cut, and of the whole line as cut, is what it shows of
    /// every byte; and cuts happen.
    @Test func aCutLineShowsWhatTheWholeLineShows() {
        var random = SplitMix(seed: 29)
        func pick(_ choices: [String]) -> String { choices[Int(random.next() % UInt64(choices.count))] }
        let text = ["日本", "e\u{301}", "é", " ", "ab", "xyz", "progress", "\t", "\u{7}", "\u{8}"]
        let escapes = ["\u{1B}[31m", "\u{1B}[0m", "\u{1B}[m", "\u{1B}[1;44m", "\u{1B}[38;5;208m", "\u{1B}[?25l", "\u{1B}[1K",
                       "\u{1B}[K", "\u{1B}[2K"]
        var cuts = 0
        for round in 0..<300 {
            // Segments between returns, of every length, most of them without an erase.
            var line = ""
            while line.utf8.count < 6000 {
                line += "\r"
                for _ in 0..<(random.next() % 30) {
                    let word = random.next() % 4 == 0 ? pick(escapes) : pick(text)
                    line += String(repeating: word, count: word.utf8.first! > 0x40 ? Int(random.next() % 6) + 1 : 1)
                }
            }
            let before = round % 2 == 0 ? "\u{1B}[32mgreen goes on" : "plain"
            let bytes = Array(line.utf8)
            var splitter = OutputLines(limit: 1 << 20)
            var lines: [String] = []
            var fed = 0
            var checked = false
            while fed < bytes.count {
                let end = min(bytes.count, fed + Int(random.next() % 200) + 1)
                lines += Array(bytes[fed..<end]).withUnsafeBytes { splitter.feed($0) }
                fed = end
                let open = splitter.openLine
                if !checked, open.utf8.count < fed, bytes[fed - 1] < 0x80 {
                    checked = true
                    cuts += 1
                    #expect(shown(open, after: before) == shown(String(decoding: bytes[..<fed], as: UTF8.self), after: before),
                            "round \(round), just after the cut: \(String(decoding: bytes[..<fed], as: UTF8.self).debugDescription)")
                }
            }
            lines += [UInt8(0x0A)].withUnsafeBytes { splitter.feed($0) }
            #expect(lines.count == 1)
            #expect(shown(lines[0], after: before) == shown(line, after: before), "round \(round): \(line.debugDescription)")
        }
        #expect(cuts > 100, "cuts happen: \(cuts) of 300")
    }
}
