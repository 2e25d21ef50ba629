import CurtainLayout
import PropertyBased
import Testing

@Suite("TextWrapper")
struct TextWrapperTests {
    @Test func wrapsAtSpacesGreedily() {
        #expect(TextWrapper.wrap("the quick brown fox", width: 10) == ["the quick", "brown fox"])
        #expect(TextWrapper.wrap("the quick brown fox", width: 9) == ["the quick", "brown fox"])
        #expect(TextWrapper.wrap("the quick brown fox", width: 8) == ["the", "quick", "brown", "fox"])
        #expect(TextWrapper.wrap("the quick brown fox", width: 19) == ["the quick brown fox"])
    }

    @Test func dropsSpacesAtBreaksAndLineEnds() {
        #expect(TextWrapper.wrap("ab     cd", width: 4) == ["ab", "cd"])
        #expect(TextWrapper.wrap("ab   ", width: 10) == ["ab"])
        #expect(TextWrapper.wrap("  indented", width: 20) == ["  indented"])
        // Indentation wider than the line becomes an empty line rather than overflowing.
        #expect(TextWrapper.wrap("      ab", width: 4) == ["", "ab"])
    }

    @Test func breaksLongWordsOnlyWhenLongerThanTheLine() {
        #expect(TextWrapper.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWrapper.wrap("ab cdefghij", width: 4) == ["ab", "cdef", "ghij"])
        #expect(TextWrapper.wrap("well-known fact", width: 6) == ["well-", "known", "fact"])
    }

    @Test func breaksBetweenIdeographsButNotBeforeClosingPunctuation() {
        #expect(TextWrapper.wrap("日本語のテキスト", width: 6) == ["日本語", "のテキ", "スト"])
        #expect(TextWrapper.wrap("日本語です。", width: 10) == ["日本語で", "す。"])
        // 。 may not start a line: the break moves before the last ideograph.
        #expect(TextWrapper.wrap("日本語。", width: 6) == ["日本", "語。"])
        #expect(TextWrapper.wrap("（日本）", width: 4) == ["（日", "本）"])
        #expect(TextWrapper.wrap("ab\u{00A0}cd ef", width: 5) == ["ab\u{00A0}cd", "ef"])  // no break at NBSP
        #expect(TextWrapper.wrap("ab\u{200B}cd", width: 3) == ["ab", "cd"])  // ZWSP is an opportunity
        #expect(TextWrapper.wrap("今日は\u{3000}晴れ", width: 8) == ["今日は", "晴れ"])
        #expect(TextWrapper.wrap("abc漢字", width: 5) == ["abc漢", "字"])
        #expect(TextWrapper.wrap("漢字", width: 3) == ["漢", "字"])
    }

    @Test func keepsHardBreaks() {
        #expect(TextWrapper.wrap("a\nb", width: 5) == ["a", "b"])
        #expect(TextWrapper.wrap("a\n\nb", width: 5) == ["a", "", "b"])
        #expect(TextWrapper.wrap("a\r\nb", width: 5) == ["a", "b"])
        #expect(TextWrapper.wrap("a\n", width: 5) == ["a", ""])
        #expect(TextWrapper.wrap("\n", width: 5) == ["", ""])
        #expect(TextWrapper.wrap("", width: 5) == [])
        #expect(TextWrapper.wrap("a\rb\u{2028}c\u{85}d", width: 5) == ["a", "b", "c", "d"])
        #expect(TextWrapper.wrap("ab cd\nef", width: 2) == ["ab", "cd", "ef"])
    }

    @Test func handlesTinyWidths() {
        #expect(TextWrapper.wrap("ab c", width: 1) == ["a", "b", "c"])
        // A wide character cannot fit in one cell: it is shown as "…".
        #expect(TextWrapper.wrap("漢a字", width: 1) == ["\u{2026}", "a", "\u{2026}"])
        #expect(TextWrapper.wrap("abc", width: 0) == [])
        #expect(TextWrapper.wrap("abc", width: -3) == [])
        #expect(TextWrapper.lineCount("abc", width: 0) == 0)
    }

    @Test func neverSplitsClusters() {
        let text = "e\u{301}e\u{301}e\u{301}"  // three é written with combining accents
        #expect(TextWrapper.wrap(text, width: 2) == ["e\u{301}e\u{301}", "e\u{301}"])
        #expect(TextWrapper.wrap("👨‍👩‍👧👍🏽x", width: 2) == ["👨", "👍", "x"])
    }

    @Test func returnsDisplayText() {
        #expect(TextWrapper.wrap("a\tb", width: 10) == ["a\u{2409}b"])
        #expect(TextWrapper.wrap("❤️ok", width: 10) == ["❤ok"])
    }

    @Test func naturalWidthIsTheWidestHardLine() {
        #expect(TextWrapper.naturalWidth("ab\nabcd  \n漢字") == 4)
        #expect(TextWrapper.naturalWidth("") == 0)
    }

    // MARK: Properties

    static let pieces: [String] = [
        "a", "bb", "word", "longerword", "supercalifragilistic", " ", " ", "  ", "-", "\n", "\r\n",
        "漢", "字", "。", "、", "（", "）", "の", "e\u{301}", "👨‍👩‍👧", "❤️", "👍🏽", "🇫🇷", "\t", "\u{200B}",
        "\u{00A0}", "(", ")", ".", ",", "!", "\u{3000}", "가", "x\u{0308}", "\u{7F}",
    ]
    static let texts = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...40).map { indices in
        indices.map { pieces[$0] }.joined()
    }

    @Test func wrappedLinesNeverExceedTheWidth() async {
        await propertyCheck(count: 300, input: Self.texts, Gen.int(in: 1...200)) { text, width in
            for line in TextWrapper.wrap(text, width: width) {
                #expect(TextWidth.of(line) <= width, "line \(line.debugDescription) of \(text.debugDescription) at width \(width)")
                #expect(!line.hasSuffix(" "), "trailing space in \(line.debugDescription) at width \(width)")
            }
        }
    }

    @Test func lineCountMatchesWrap() async {
        await propertyCheck(count: 300, input: Self.texts, Gen.int(in: -2...60)) { text, width in
            #expect(TextWrapper.lineCount(text, width: width) == TextWrapper.wrap(text, width: width).count,
                    "\(text.debugDescription) at width \(width)")
        }
    }

    @Test func lineCountNeverGrowsWithWidth() async {
        await propertyCheck(count: 200, input: Self.texts) { text in
            var previous = Int.max
            for width in 1...200 {
                let count = TextWrapper.lineCount(text, width: width)
                #expect(count <= previous, "\(text.debugDescription): \(count) lines at width \(width), \(previous) at \(width - 1)")
                previous = count
            }
        }
    }

    @Test func wrappingKeepsEveryVisibleCluster() async {
        // Joining the lines loses only spaces and breaks, never content.
        await propertyCheck(count: 300, input: Self.texts, Gen.int(in: 2...80)) { text, width in
            let visible = { (s: String) in
                TextWidth.displayText(s).filter { !$0.isWhitespace && $0 != "\u{240A}" && $0 != "\u{2424}" }
            }
            let wrapped = TextWrapper.wrap(text, width: width).joined()
            let original = text.filter { !$0.isNewline }
            #expect(visible(wrapped) == visible(original), "\(text.debugDescription) at width \(width)")
        }
    }

    @Test func wrappedLinesAreStable() async {
        // A wrapped line is already display text that fits: wrapping it again changes nothing,
        // so the screen layer may measure or re-wrap it safely.
        await propertyCheck(count: 300, input: Self.texts, Gen.int(in: 1...60)) { text, width in
            for line in TextWrapper.wrap(text, width: width) where !line.isEmpty {
                #expect(TextWrapper.wrap(line, width: width) == [line], "\(line.debugDescription) from \(text.debugDescription) at \(width)")
                #expect(TextWidth.displayText(line) == line, "\(line.debugDescription) is not display text")
            }
        }
    }

    /// What an editor re-wrapping a few rows of a long line relies on: wrapping a line from
    /// the start of any of its rows gives the same rows from there on.
    @Test func wrappingFromARowStartGivesTheSameRowsFromThere() async {
        await propertyCheck(count: 300, input: Self.texts, Gen.int(in: 1...30)) { pieces, width in
            let text = pieces.filter { !TextWrapper.isHardBreak($0) }   // one line, as an editor's
            var rows: [(start: Int, end: Int)] = []
            TextWrapper.forEachRow(of: text[...], width: width) { start, end in
                rows.append((start, end))
                return true
            }
            for (index, row) in rows.enumerated() {
                let suffix = text[text.utf8.index(text.startIndex, offsetBy: row.start)...]
                var again: [(start: Int, end: Int)] = []
                TextWrapper.forEachRow(of: suffix, width: width) { start, end in
                    again.append((row.start + start, row.start + end))
                    return true
                }
                #expect(again.map(\.start) == rows[index...].map(\.start), "\(text.debugDescription) at \(width) from row \(index)")
                #expect(again.map(\.end) == rows[index...].map(\.end), "\(text.debugDescription) at \(width) from row \(index)")
            }
        }
    }

    @Test func exhaustiveSmallWidthsOnSamples() {
        let samples = ["", "a", "a b", "日本語のテキスト。", "  x  y  ", "abc\n\ndef", "漢a字 b-c（d）"]
        for sample in samples {
            for width in 1...20 {
                let lines = TextWrapper.wrap(sample, width: width)
                for line in lines {
                    #expect(TextWidth.of(line) <= width, "\(sample.debugDescription) at \(width): \(lines)")
                }
            }
        }
    }
}
