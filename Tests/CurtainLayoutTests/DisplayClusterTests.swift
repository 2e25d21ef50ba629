import CurtainLayout
import CurtainPlatform
import Testing

/// glibc's `wcwidth`, looked up at run time: the Glibc module does not export it (it sits
/// behind `_XOPEN_SOURCE` in `<wchar.h>`).
func glibcWcwidth(_ scalar: UInt32) -> Int32 {
    typealias Wcwidth = @convention(c) (Int32) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "wcwidth") else {
        Issue.record("wcwidth not found in the process")
        return -1
    }
    return unsafeBitCast(symbol, to: Wcwidth.self)(Int32(bitPattern: scalar))
}

@Suite("DisplayCluster and TextWidth")
struct DisplayClusterTests {
    func cluster(_ text: String) -> DisplayCluster {
        #expect(text.count == 1, "\(text.debugDescription) is not one cluster")
        return DisplayCluster(text.first!)
    }

    @Test func asciiIsOneCellAsItself() {
        for value in 0x20..<0x7F {
            let character = Character(Unicode.Scalar(UInt8(value)))
            #expect(DisplayCluster(character) == DisplayCluster(text: String(character), width: 1))
        }
    }

    @Test func eastAsianWideAndFullwidthAreTwoCells() {
        #expect(cluster("漢") == DisplayCluster(text: "漢", width: 2))
        #expect(cluster("가") == DisplayCluster(text: "가", width: 2))
        #expect(cluster("Ａ") == DisplayCluster(text: "Ａ", width: 2))  // fullwidth A
        #expect(cluster("\u{3000}").width == 2)  // ideographic space
        #expect(cluster("ｱ").width == 1)  // halfwidth katakana
    }

    @Test func emojiPresentationIsTwoCells() {
        #expect(cluster("😀") == DisplayCluster(text: "😀", width: 2))
        #expect(cluster("⌚") == DisplayCluster(text: "⌚", width: 2))
    }

    @Test func combiningMarksStayWithTheirBase() {
        #expect(cluster("e\u{301}") == DisplayCluster(text: "e\u{301}", width: 1))
        #expect(cluster("a\u{301}\u{323}") == DisplayCluster(text: "a\u{301}\u{323}", width: 1))
        #expect(cluster("漢\u{301}").width == 2)
        // Conjoining Hangul jamo: the leading consonant is wide, the vowel and final join it.
        #expect(cluster("\u{1100}\u{1161}\u{11A8}") == DisplayCluster(text: "\u{1100}\u{1161}\u{11A8}", width: 2))
        // Devanagari with a spacing vowel sign: base + Mc, two cells as glibc counts them.
        #expect(cluster("\u{915}\u{93E}") == DisplayCluster(text: "\u{915}\u{93E}", width: 2))
    }

    @Test func zwjSequencesDrawOnlyTheirFirstScalar() {
        #expect(cluster("👨‍👩‍👧") == DisplayCluster(text: "👨", width: 2))
        #expect(cluster("🏳️‍🌈") == DisplayCluster(text: "🏳", width: 1))  // U+1F3F3 is text-default
    }

    @Test func variationSelectorsAreDroppedAndTheBaseKeepsItsWidth() {
        #expect(cluster("❤️") == DisplayCluster(text: "❤", width: 1))
        #expect(cluster("❤\u{FE0E}") == DisplayCluster(text: "❤", width: 1))
        #expect(cluster("😀\u{FE0F}") == DisplayCluster(text: "😀", width: 2))
        #expect(cluster("1️⃣") == DisplayCluster(text: "1\u{20E3}", width: 1))  // keycap
        #expect(cluster("👍🏽") == DisplayCluster(text: "👍", width: 2))  // skin tone dropped
    }

    @Test func flagsBecomeOneCellFlagSymbol() {
        #expect(cluster("🇫🇷") == DisplayCluster(text: "\u{2691}", width: 1))
        #expect(cluster("\u{1F1E6}") == DisplayCluster(text: "\u{2691}", width: 1))
    }

    @Test func controlsAreShownAsPictures() {
        #expect(cluster("\u{0}") == DisplayCluster(text: "\u{2400}", width: 1))
        #expect(cluster("\t") == DisplayCluster(text: "\u{2409}", width: 1))
        #expect(cluster("\n") == DisplayCluster(text: "\u{240A}", width: 1))
        #expect(cluster("\u{1B}") == DisplayCluster(text: "\u{241B}", width: 1))
        #expect(cluster("\u{1F}") == DisplayCluster(text: "\u{241F}", width: 1))
        #expect(cluster("\u{7F}") == DisplayCluster(text: "\u{2421}", width: 1))
        #expect(cluster("\r\n") == DisplayCluster(text: "\u{2424}", width: 1))
        for value: UInt32 in 0x80...0x9F {
            #expect(DisplayCluster(Character(Unicode.Scalar(value)!)) == .replacement, "U+\(String(value, radix: 16))")
        }
    }

    @Test func invisibleAndUnassignedScalars() {
        #expect(cluster("\u{200B}") == DisplayCluster(text: "", width: 0))  // ZWSP
        #expect(cluster("\u{301}") == DisplayCluster(text: "", width: 0))  // lone mark
        #expect(cluster("\u{E000}") == .replacement)  // private use
        #expect(cluster("\u{378}") == .replacement)  // unassigned
        #expect(cluster("\u{1FAE8}") == .replacement)  // Unicode 15, unknown to glibc 2.36
    }

    /// What Unicode joins to a base but glibc (and so ncurses and the terminal) gives a cell
    /// of its own keeps that cell, up to two cells a cluster; what cannot be drawn there shows
    /// as U+FFFD rather than vanishing.
    @Test func scalarsJoinedToABaseKeepTheirOwnCell() {
        #expect(cluster("\u{FF76}\u{FF9E}") == DisplayCluster(text: "\u{FF76}\u{FF9E}", width: 2))  // ｶﾞ
        #expect(cluster("a\u{FF9F}") == DisplayCluster(text: "a\u{FF9F}", width: 2))
        #expect(cluster("\u{915}\u{903}") == DisplayCluster(text: "\u{915}\u{903}", width: 2))  // कः
        #expect(cluster("\u{E01}\u{E33}") == DisplayCluster(text: "\u{E01}\u{E33}", width: 2))  // Thai sara am
        #expect(cluster("\u{600}1") == DisplayCluster(text: "\u{600}1", width: 2))  // number sign + digit
        #expect(cluster("\u{D4E}\u{D15}") == DisplayCluster(text: "\u{D4E}\u{D15}", width: 2))  // prepended dot reph
        #expect(cluster("\u{AD}") == DisplayCluster(text: "\u{AD}", width: 1))  // soft hyphen: glibc's one cell
        // No agreed width, or no room: U+FFFD in the cell that is left.
        #expect(cluster("a\u{ECE}") == DisplayCluster(text: "a\u{FFFD}", width: 2))
        #expect(cluster("a\u{302E}") == DisplayCluster(text: "a\u{FFFD}", width: 2))
        #expect(cluster("a\u{1F3FD}") == DisplayCluster(text: "a\u{FFFD}", width: 2))  // a swatch after a letter
        #expect(cluster("\u{113D1}a") == DisplayCluster(text: "\u{FFFD}a", width: 2))
        // Skin tones on an emoji are still dropped; a third cell still has no room.
        #expect(cluster("\u{261D}\u{1F3FD}") == DisplayCluster(text: "\u{261D}", width: 1))
        #expect(cluster("\u{915}\u{93F}\u{903}") == DisplayCluster(text: "\u{915}\u{93F}", width: 2))
    }

    @Test func drawnTextNeverHoldsControlsJoinersOrSelectors() {
        #expect(setlocale(LC_ALL, "C.UTF-8") != nil)
        let samples = ["👨‍👩‍👧", "❤️", "a\u{200D}b", "\u{600}1", "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
                       "\u{1B}", "\r\n", "\u{85}", "e\u{FE0F}\u{301}"]
        for sample in samples {
            for character in sample {
                let text = DisplayCluster(character).text
                for scalar in text.unicodeScalars {
                    // Format characters are dropped, but for those glibc gives a cell (U+0600).
                    let bad = scalar.properties.generalCategory == .control || scalar.value == 0x200D
                        || scalar.properties.isVariationSelector
                        || (scalar.properties.generalCategory == .format && glibcWcwidth(scalar.value) != 1)
                    #expect(!bad, "\(sample.debugDescription) draws U+\(String(scalar.value, radix: 16))")
                }
            }
        }
    }

    @Test func displayFormIsStable() {
        // Drawing the drawn text again gives the same cluster: every scalar in the sample
        // range, and the multi-scalar samples.
        var samples: [Character] = ["👨‍👩‍👧", "❤️", "👍🏽", "🇫🇷", "1️⃣", "e\u{301}", "\u{1100}\u{1161}", "\u{915}\u{93E}", "\r\n"]
        for value: UInt32 in 0...0x10FFFF { if let scalar = Unicode.Scalar(value) { samples.append(Character(scalar)) } }
        for character in samples {
            let cluster = DisplayCluster(character)
            if cluster.text.isEmpty { continue }
            #expect(cluster.text.count == 1, "\(character.debugDescription) draws several clusters")
            #expect(DisplayCluster(cluster.text.first!) == cluster, "\(character.debugDescription) → \(cluster.text.debugDescription)")
        }
    }

    @Test func textWidthMeasuresStrings() {
        #expect(TextWidth.of("") == 0)
        #expect(TextWidth.of("hello") == 5)
        #expect(TextWidth.of("漢字abc") == 7)
        #expect(TextWidth.of("👨‍👩‍👧!") == 3)
        #expect(TextWidth.of("a\tb") == 3)
        #expect(TextWidth.of("e\u{301}") == 1)
        #expect(TextWidth.of("abc"[...]) == 3)
    }

    @Test func truncation() {
        #expect(TextWidth.truncated("hello", toWidth: 10) == "hello")
        #expect(TextWidth.truncated("hello", toWidth: 5) == "hello")
        #expect(TextWidth.truncated("hello", toWidth: 4) == "hel\u{2026}")
        #expect(TextWidth.truncated("漢字漢字", toWidth: 4) == "漢\u{2026}")
        #expect(TextWidth.truncated("漢字", toWidth: 1) == "\u{2026}")
        #expect(TextWidth.truncated("abc", toWidth: 0) == "")
        for width in 0...12 {
            #expect(TextWidth.of(TextWidth.truncated("漢a字bc漢", toWidth: width)) <= width, "width \(width)")
        }
    }

    /// ncurses advances its cursor by glibc's `wcwidth`, so for every scalar DisplayCluster
    /// draws, glibc must agree with our width — or the screen misaligns. This walks every
    /// Unicode scalar and compares the drawn text's glibc width with `width`.
    @Test func everyDrawnScalarHasTheSameWidthInGlibc() {
        guard setlocale(LC_ALL, "C.UTF-8") != nil else {
            Issue.record("C.UTF-8 locale unavailable: cannot compare with glibc wcwidth")
            return
        }
        var disagreements: [String] = []
        var checked = 0
        for value: UInt32 in 0...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }  // surrogates
            let cluster = DisplayCluster(Character(scalar))
            var glibcWidth = 0
            for drawn in cluster.text.unicodeScalars {
                let width = Int(glibcWcwidth(drawn.value))
                glibcWidth += width < 0 ? 1000 : width
            }
            checked += 1
            if glibcWidth != cluster.width, disagreements.count < 20 {
                disagreements.append("U+\(String(value, radix: 16)) → \(cluster.text.debugDescription): ours \(cluster.width), glibc \(glibcWidth)")
            }
        }
        #expect(checked > 1_000_000)
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    @Test func replacementsAndPicturesAreOneCellInGlibc() {
        guard setlocale(LC_ALL, "C.UTF-8") != nil else {
            Issue.record("C.UTF-8 locale unavailable")
            return
        }
        for scalar: UInt32 in [0xFFFD, 0x2026, 0x2691, 0x2421, 0x2424] + Array(0x2400...0x241F) {
            #expect(glibcWcwidth(scalar) == 1, "U+\(String(scalar, radix: 16))")
        }
    }
}
