import CurtainLayout
import CurtainScreen
import CurtainTestSupport
import CurtainTesting
import PropertyBased
import Testing
@testable import Curtain

/// Text from a program's output drawn by a label: each cell's text and style, as the
/// terminal would get it.
@MainActor
@Suite struct ANSITextTests {
    static let base = Style(foreground: .indexed(252), background: .indexed(17))
    static let esc = "\u{1B}"

    /// `ansi` drawn by a label in `base` filling a screen of `width` × `height`.
    func drawn(_ ansi: String, width: Int = 30, height: Int = 3) -> Pilot {
        show(Label(StyledText(ansi: ansi), style: Self.base), size: Size(width: width, height: height))
    }

    /// The styles of row `y`'s cells from `x` on, one per character of `text`, which they show.
    func expectCells(_ pilot: Pilot, row y: Int = 0, from x: Int = 0, _ text: String, _ style: Style,
                     sourceLocation: SourceLocation = #_sourceLocation) {
        for (i, character) in text.enumerated() {
            let cell = pilot.cell(x: x + i, y: y)
            #expect(cell.grapheme.text == String(character), "column \(x + i)", sourceLocation: sourceLocation)
            #expect(cell.style == style, "column \(x + i): \(cell.style)", sourceLocation: sourceLocation)
        }
    }

    func with(_ change: (inout Style) -> Void) -> Style {
        var style = Self.base
        change(&style)
        return style
    }

    @Test func sixteenColoursAndTheirBrightFormsOnTheViewsBackground() {
        let pilot = drawn("\(Self.esc)[31mr\(Self.esc)[92mg\(Self.esc)[44mb\(Self.esc)[105mm\(Self.esc)[39;49md")
        expectCells(pilot, "r", with { $0.foreground = .indexed(1) })
        expectCells(pilot, from: 1, "g", with { $0.foreground = .indexed(10) })
        expectCells(pilot, from: 2, "b", Style(foreground: .indexed(10), background: .indexed(4)))
        expectCells(pilot, from: 3, "m", Style(foreground: .indexed(10), background: .indexed(13)))
        expectCells(pilot, from: 4, "d", Self.base)
        #expect(pilot.lines[0] == "rgbmd")
    }

    @Test func twoHundredFiftySixAndTrueColoursInBothForms() {
        let pilot = drawn("\(Self.esc)[38;5;208ma\(Self.esc)[48;5;22mb\(Self.esc)[0;38;2;10;20;30mc"
            + "\(Self.esc)[38:2::1:2:3md\(Self.esc)[38:5:99;48:2:4:5:6me\(Self.esc)[38;5;300mf")
        expectCells(pilot, "a", with { $0.foreground = .indexed(208) })
        expectCells(pilot, from: 1, "b", Style(foreground: .indexed(208), background: .indexed(22)))
        expectCells(pilot, from: 2, "c", with { $0.foreground = .rgb(10, 20, 30) })
        expectCells(pilot, from: 3, "d", with { $0.foreground = .rgb(1, 2, 3) })
        expectCells(pilot, from: 4, "e", Style(foreground: .indexed(99), background: .rgb(4, 5, 6)))
        expectCells(pilot, from: 5, "f", Style(foreground: .indexed(99), background: .rgb(4, 5, 6)),
                    sourceLocation: #_sourceLocation)   // an index past 255 changes nothing
    }

    @Test func attributesAndTheirPartialResets() {
        let pilot = drawn("\(Self.esc)[1ma\(Self.esc)[2mb\(Self.esc)[22;3mc\(Self.esc)[23;4md\(Self.esc)[24;7me"
            + "\(Self.esc)[27mf\(Self.esc)[4:3mg\(Self.esc)[4:0mh\(Self.esc)[1;31mi\(Self.esc)[mj")
        expectCells(pilot, "a", Self.base.adding(.bold))
        expectCells(pilot, from: 1, "b", Self.base.adding([.bold, .dim]))
        expectCells(pilot, from: 2, "c", Self.base.adding(.italic))
        expectCells(pilot, from: 3, "d", Self.base.adding(.underline))
        expectCells(pilot, from: 4, "e", Self.base.adding(.reverse))
        expectCells(pilot, from: 5, "f", Self.base)
        expectCells(pilot, from: 6, "g", Self.base.adding(.underline))
        expectCells(pilot, from: 7, "h", Self.base)
        expectCells(pilot, from: 8, "i", with { $0.foreground = .indexed(1); $0.attributes = .bold })
        expectCells(pilot, from: 9, "j", Self.base)
    }

    @Test func otherSequencesAreDroppedAndTheirTextKept() {
        let e = Self.esc
        let input = "\(e)[2J\(e)[10;5Ha\(e)[?25l\(e)[Kb\(e)]0;title\u{07}c\(e)]52;c;aGVsbG8=\(e)\\d"
            + "\(e)]8;;https://example.com\(e)\\link\(e)]8;;\(e)\\e\(e)P1$r0m\(e)\\f\(e)_apc\(e)\\g\(e)^pm\(e)\\h"
            + "\(e)Xsos\(e)\\i\(e)7\(e)(Bj\u{9B}31mk\u{9D}2;t\u{9C}l"
        let text = StyledText(ansi: input)
        #expect(text.string == "abcdlinkefghijkl")
        let pilot = drawn(input)
        #expect(pilot.lines[0] == "abcdlinkefghijkl")
        expectCells(pilot, from: 14, "k", with { $0.foreground = .indexed(1) })
    }

    @Test func controlsShowAsPicturesTabsAsSpacesCarriageReturnsNot() {
        #expect(StyledText(ansi: "a\u{0}b\u{07}c\u{08}d\u{7F}e").string == "a\u{2400}b\u{2407}c\u{2408}d\u{2421}e")
        #expect(StyledText(ansi: "a\tb\tc").string == "a       b       c")
        #expect(StyledText(ansi: "日本\tx").string == "日本    x", "a tab counts cells, not scalars")
        #expect(StyledText(ansi: "one\r\ntwo\r").string == "one\ntwo")
        #expect(StyledText(ansi: "\(Self.esc)").string == "\u{241B}", "a lone ESC at the end")
        #expect(StyledText(ansi: "a\(Self.esc)\u{1}b").string == "a\u{241B}\u{2401}b", "an ESC that starts nothing")
        #expect(StyledText(ansi: "\(Self.esc)[31\nred?").string == "\nred?", "a newline cuts a CSI short and stays")
    }

    @Test func unterminatedStringsEndAtTheLineOrTheirBound() {
        #expect(StyledText(ansi: "a\(Self.esc)]0;never ending\nnext line").string == "a\nnext line")
        let long = String(repeating: "x", count: ANSIParser.maximumStringLength + 100)
        #expect(StyledText(ansi: "\(Self.esc)]0;" + long).string == String(repeating: "x", count: 102),
                "the bound's scalars (`0;` among them) are swallowed, no more")
        let csi = "\(Self.esc)[" + String(repeating: "1;", count: ANSIParser.maximumSequenceLength) + "mtext"
        #expect(StyledText(ansi: csi).string == String(repeating: "1;", count: ANSIParser.maximumSequenceLength / 2) + "mtext",
                "a CSI's parameters are swallowed up to the bound, no more")
    }

    @Test func aSequenceSplitAcrossChunksIsCompletedAndTheStyleCarriesOn() {
        var parser = ANSIParser()
        let first = parser.parse("plain \(Self.esc)[3")
        #expect(first.string == "plain ")
        #expect(parser.isInsideSequence)
        let second = parser.parse("1mred")
        #expect(second.runs == [StyledText.Run("red", style: Style(foreground: .indexed(1)), inheritsDefaultColors: true)])
        let third = parser.parse(" still\(Self.esc)]0;ti")
        #expect(third.runs.map(\.style) == [Style(foreground: .indexed(1))])
        #expect(parser.parse("tle\u{07}\(Self.esc)[0mback").runs == [StyledText.Run("back")])
        #expect(parser.parse("\(Self.esc)[1").isEmpty)
        #expect(parser.finish().isEmpty, "an unfinished CSI is dropped")
        #expect(!parser.isInsideSequence)
    }

    @Test func aLogKeepsStylesPerRunAndItsParserAcrossAppends() async {
        let app = LogApp(size: Size(width: 30, height: 7))
        app.log.append(ansi: "\(Self.esc)[32mok\(Self.esc)[0m passed\n\(Self.esc)[1;31mFAIL")
        app.log.append(ansi: "still red\(Self.esc)[0m\(Self.esc)]0;a title")   // each call appends lines
        app.log.append(ansi: "\u{07}\(Self.esc)[44m")   // ends the title, sets a colour: an empty line
        app.log.append(ansi: "blue\tbg")
        await app.pilot.settle()
        #expect(app.shown == ["ok passed", "FAIL", "still red", "", "blue    bg"])
        let text = app.app.scene.theme.text
        let green = Style(foreground: .indexed(2), background: text.background, attributes: text.attributes)
        #expect(app.pilot.cell(x: 1, y: 1).style == green)
        #expect(app.pilot.cell(x: 3, y: 1).style == text, "after the reset: the log's style")
        let red = Style(foreground: .indexed(1), background: text.background, attributes: text.attributes.union(.bold))
        for x in 1...4 { #expect(app.pilot.cell(x: x, y: 2).style == red, "column \(x)") }
        for x in 1...9 { #expect(app.pilot.cell(x: x, y: 3).style == red, "column \(x)") }
        #expect(app.pilot.cell(x: 1, y: 5).style.background == .indexed(4))
        #expect(app.pilot.cell(x: 8, y: 5).style.background == .indexed(4), "the tab's spaces too")
        #expect(app.pilot.cell(x: 12, y: 5).style == text, "the log's background after the text")
    }

    @Test func aLabelWithoutUnicodeKeepsTheRunsStyles() {
        let pilot = asciiPilot(Label(StyledText(ansi: "\(Self.esc)[31m→x"), style: Self.base), size: Size(width: 10, height: 1))
        #expect(pilot.lines[0] == ">x")
        #expect(pilot.cell(x: 0, y: 0).style == with { $0.foreground = .indexed(1) })
        #expect(pilot.cell(x: 1, y: 0).style == with { $0.foreground = .indexed(1) })
        #expect(pilot.cell(x: 2, y: 0).style == Self.base)
    }

    // MARK: - Fuzz

    /// Pieces that random input is made of: escape-sequence fragments, controls, text.
    nonisolated static let pieces = [
        "\u{1B}", "[", "]", "P", "_", "^", "X", "\\", "\u{07}", "m", ";", ":", "38", "48", "5", "2", "255", "300", "?",
        "0", "1", "4", "7", "22", "H", "J", "K", "\n", "\r", "\t", "\u{0}", "\u{7F}", "\u{9B}", "\u{9C}", "\u{9D}", "\u{85}",
        "text", "日本", "é", "👍🏽", " ", "\u{18}", "\u{1A}", "8;;http://x",
    ]
    static let randomInput = Gen.int(in: 0...(pieces.count - 1)).array(of: 0...60).map { $0.map { pieces[$0] }.joined() }

    /// No scalar a terminal would act on: no C0 control but the newline, no DEL, no C1.
    nonisolated static func isSafe(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { s in s == "\n" || (s.value >= 0x20 && s.value != 0x7F && !(0x80..<0xA0).contains(s.value)) }
    }

    @Test func randomSequencesNeverLeaveAControlInTheTextOrAnyCell() async {
        await propertyCheck(count: 300, input: Self.randomInput, Gen.int(in: 1...40)) { input, split in
            let text = StyledText(ansi: input)
            #expect(Self.isSafe(text.string), "\(input.debugDescription) → \(text.string.debugDescription)")
            // In chunks cut anywhere, the same text comes out.
            var parser = ANSIParser()
            let scalars = Array(input.unicodeScalars)
            var chunked = StyledText()
            var start = 0
            while start < scalars.count {
                let end = min(scalars.count, start + split)
                var chunk = String.UnicodeScalarView()
                chunk.append(contentsOf: scalars[start..<end])
                chunked = chunked + parser.parse(String(chunk))
                start = end
            }
            chunked = chunked + parser.finish()
            #expect(chunked.string == text.string, "split every \(split) scalars: \(input.debugDescription)")
            let pilot = drawn(input, width: 20, height: 8)
            Self.expectSafeCells(pilot.screen)
        }
    }

    /// Each scalar of `text` with its run's style and colour inheritance.
    nonisolated static func scalarsWithStyles(_ text: StyledText) -> [String] {
        text.runs.flatMap { run in run.text.unicodeScalars.map { "\($0.escaped(asASCII: true)) \(String(describing: run.style)) \(run.inheritsDefaultColors)" } }
    }

    /// Printable ASCII is read in stretches; whatever the input, in a log's parser or a
    /// label's, the text, every scalar's style and the tab stops come out as when every scalar
    /// goes through the states.
    @Test(arguments: [false, true])
    func stretchesOfTextComeOutAsScalarByScalar(editsLines: Bool) async {
        await propertyCheck(count: 300, input: Self.randomInput) { input in
            var stretches = ANSIParser()
            stretches.editsLines = editsLines
            var scalars = stretches
            scalars.readsTextInStretches = false
            let read = stretches.parse(input) + stretches.finish()
            let reference = scalars.parse(input) + scalars.finish()
            #expect(Self.scalarsWithStyles(read) == Self.scalarsWithStyles(reference), "\(input.debugDescription)")
            #expect(stretches.style == scalars.style)
        }
    }

    @Test func randomBytesNeverLeaveAControlInAnyCell() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...255).array(of: 0...200)) { bytes in
            let input = String(decoding: bytes.map(UInt8.init), as: UTF8.self)
            let text = StyledText(ansi: input)
            #expect(Self.isSafe(text.string), "\(bytes)")
            let log = Log()
            log.append(ansi: input)
            let app = LogApp(size: Size(width: 20, height: 8), log: log)
            await app.pilot.settle()
            Self.expectSafeCells(app.pilot.screen)
        }
    }

    /// Text outside sequences is kept as it is: printable text without ESC or controls comes
    /// out unchanged, in one run with the view's style.
    @Test func textWithoutSequencesIsKeptAsItIs() async {
        let printable = Gen.int(in: 0...(Self.pieces.count - 1)).array(of: 0...40).map { indices in
            indices.map { Self.pieces[$0] }.filter { Self.isSafe($0) && !$0.contains("\u{1B}") && !$0.contains("\n") }.joined()
        }
        await propertyCheck(count: 200, input: printable, printable) { a, b in
            let text = StyledText(ansi: a + "\u{1B}[1;38;5;9m" + b + "\u{1B}]0;title\u{07}")
            #expect(text.string == a + b)
            #expect(text.runs.first?.style == (a.isEmpty ? (b.isEmpty ? nil : Style(foreground: .indexed(9), attributes: .bold)) : nil))
        }
    }

    static func expectSafeCells(_ screen: CellBuffer, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<screen.size.height {
            for x in 0..<screen.size.width {
                let text = screen[x, y].grapheme.text
                #expect(!text.contains("\n") && isSafe(text), "cell \(x), \(y): \(text.debugDescription)", sourceLocation: sourceLocation)
            }
        }
    }
}


/// Spaces at a line's end that carry a style.
@MainActor
@Suite struct LogTrailingSpacesTests {
    static let esc = "\u{1B}"

    /// `git diff`'s whitespace errors: spaces with a background at a line's end are drawn,
    /// on a line that fits and on the last row of one that wraps (as far as the row has room).
    @Test func trailingSpacesWithAStyleAreDrawn() async {
        let app = LogApp(size: Size(width: 12, height: 6))
        app.log.append(ansi: "x\(Self.esc)[41m   \(Self.esc)[0m")
        app.log.append(ansi: "words that wrap\(Self.esc)[7m  \(Self.esc)[0m")
        app.log.append(ansi: "\(Self.esc)[41m" + String(repeating: " ", count: 14) + "\(Self.esc)[0m")
        await app.pilot.settle()
        #expect(app.shown == ["x", "words that", "wrap", ""], "the spaces are blanks")
        for x in 2...4 { #expect(app.pilot.cell(x: x, y: 1).style.background == .indexed(1), "column \(x) of x's row") }
        #expect(app.pilot.cell(x: 5, y: 1).style.background != .indexed(1), "no further")
        for x in 5...6 { #expect(app.pilot.cell(x: x, y: 3).style.attributes.contains(.reverse), "column \(x) after wrap") }
        #expect(!app.pilot.cell(x: 7, y: 3).style.attributes.contains(.reverse))
        for x in 1...10 { #expect(app.pilot.cell(x: x, y: 4).style.background == .indexed(1), "a row of red blanks, column \(x)") }
    }
}

/// A log's lines given back with their styles, for a pager.
@MainActor
@Suite struct LogANSITextsTests {
    static let esc = "\u{1B}"

    @Test func eachLineKeepsItsStylesAsSGRAndNothingElseEscapes() {
        let log = Log()
        log.append(ansi: "\(Self.esc)[31mRED\(Self.esc)[0m plain\n\(Self.esc)[1;44mbold on blue")
        log.append(ansi: "still\(Self.esc)[0m reset")
        log.append("a plain line with a \u{1B}[2J and a tab\tand \u{9B}")
        log.append("styled", style: Style(foreground: .indexed(208)))
        #expect(log.ansiTexts == [
            "\(Self.esc)[31mRED\(Self.esc)[0m plain",
            "\(Self.esc)[1;44mbold on blue\(Self.esc)[0m",
            "\(Self.esc)[1;44mstill\(Self.esc)[0m reset",
            "a plain line with a ␛[2J and a tab␉and \u{FFFD}",
            "\(Self.esc)[38;5;208mstyled\(Self.esc)[0m",
        ], "\(log.ansiTexts.map(\.debugDescription))")
        #expect(log.texts[0] == "RED plain", "texts stay the text alone")
    }
}
