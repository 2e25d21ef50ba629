import CNcurses
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests {
    /// Draws through ``TerminalSession`` onto a real ncurses screen writing to a file, then reads
    /// ncurses' cells back.
    @MainActor @Suite struct Drawing {
        let red = Style(foreground: .rgb(255, 0, 0), background: .indexed(17), attributes: [.bold])

        func sampleFrame(size: Size = Size(width: 80, height: 24)) -> CellBuffer {
            var frame = CellBuffer(size: size)
            frame.put("Hi 漢字😀!", x: 0, y: 0, style: red)
            frame.put("┌─┐", x: 5, y: 2)
            frame.put("dim", x: 0, y: 3, style: Style(attributes: [.dim, .underline]))
            return frame
        }

        @Test func writesCharactersColoursAndWideCharactersIntoTheScreen() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            #expect(session.colorDepth == .indexed256)
            #expect(session.size == Size(width: 80, height: 24))
            #expect(session.draw(sampleFrame()))
            let window = try #require(curtain_stdscr())

            let expected: [(Int, String)] = [(0, "H"), (1, "i"), (2, " "), (3, "漢"), (5, "字"), (7, "😀"), (9, "!")]
            for (x, text) in expected {
                let cell = cellContents(window, x: x, y: 0)
                #expect(cell.text == text.unicodeScalars.map(\.value), "column \(x)")
                #expect(cell.attributes & curtain_A_BOLD() != 0, "column \(x)")
                var foreground: Int32 = 0, background: Int32 = 0
                curtain_pair_content(cell.pair, &foreground, &background)
                #expect(foreground == 196 && background == 17, "column \(x): rgb red reduces to 196 on 17")
            }
            // The right half of 漢 belongs to it: ncurses' own continuation, not a separate character.
            #expect(cellContents(window, x: 4, y: 0).text != [0x20])
            #expect(cellContents(window, x: 10, y: 0).text == [0x20])
            #expect(cellContents(window, x: 5, y: 2).text == [0x250C])
            #expect(cellContents(window, x: 6, y: 2).text == [0x2500])
            let dim = cellContents(window, x: 1, y: 3)
            #expect(dim.text == [UInt32(UInt8(ascii: "i"))])
            #expect(dim.attributes & curtain_A_DIM() != 0)
            #expect(dim.attributes & curtain_A_UNDERLINE() != 0)
            #expect(dim.pair == 0)
            let output = String(decoding: files.written, as: UTF8.self)
            #expect(output.contains("漢字😀"))
        }

        @Test func anIdenticalFrameWritesNothingAndAChangedCellWritesLittle() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = sampleFrame()
            #expect(session.draw(frame))
            let afterFirst = files.bytesWritten
            #expect(afterFirst > 0)

            #expect(session.draw(frame) == false)
            #expect(files.bytesWritten == afterFirst)

            frame.put("X", x: 40, y: 10)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 40, y: 10).text == [0x58])
            let delta = files.bytesWritten - afterFirst
            #expect(delta > 0 && delta < 32, "one cell costs a cursor move and a character, not a repaint (\(delta) bytes)")
        }

        @Test func aWideCharacterCutByTheScreenEdgeBecomesABlank() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            // A frame wider than the 80-column screen: 漢 at 79–80 would be split by the edge.
            var frame = CellBuffer(size: Size(width: 82, height: 24))
            frame.put("ab漢", x: 77, y: 1)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 77, y: 1).text == [0x61])
            #expect(cellContents(window, x: 78, y: 1).text == [0x62])
            #expect(cellContents(window, x: 79, y: 1).text == [0x20])
        }

        @Test func theBottomRightCellIsWritten() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("Z", x: 79, y: 23)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 79, y: 23).text == [0x5A])
        }

        @Test func noColorDrawsWithoutColourPairsAndDimIsFaint() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input, noColor: "1")
            defer { session.stop() }
            #expect(session.colorDepth == .monochrome)
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("x", x: 0, y: 0, style: Style(foreground: .red, background: .blue, attributes: [.dim]))
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            let cell = cellContents(window, x: 0, y: 0)
            #expect(cell.pair == 0)
            #expect(cell.attributes & curtain_A_DIM() != 0)
        }

        @Test func colourDimmingFallsBackToFaintWithoutColours() throws {
            // The dim layer blends colours; a terminal that cannot show the blend must still
            // show the dim, as the faint attribute.
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input, noColor: "1")
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("x", x: 0, y: 0, style: Style(foreground: .indexed(214), background: .indexed(22)))
            frame.put("y", x: 1, y: 0, style: Style(foreground: .indexed(214), background: .indexed(22)))
            frame.dim(Rect(x: 1, y: 0, width: 1, height: 1), strength: 0.5)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 0, y: 0).attributes & curtain_A_DIM() == 0)
            #expect(cellContents(window, x: 1, y: 0).attributes & curtain_A_DIM() != 0)
        }

        @Test func eightColourTerminalsGetTheNearestANSIColour() throws {
            let files = ScratchTerminal(term: "xterm")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            #expect(session.colorDepth == .ansi8)
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("x", x: 0, y: 0, style: Style(foreground: .rgb(250, 10, 10), background: .indexed(12)))
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            var foreground: Int32 = 0, background: Int32 = 0
            curtain_pair_content(cellContents(window, x: 0, y: 0).pair, &foreground, &background)
            #expect(foreground == 1)
            #expect(background == 4, "bright blue shows as blue")
        }

        /// On 8 colours a dimmed grey border is faint *grey*, not faint black (invisible on a
        /// dark terminal): the terminal shows what ColorReduction makes of the style, the same
        /// as a recording of the session.
        @Test func eightColourDimKeepsTheTextsHueAsFaint() throws {
            let files = ScratchTerminal(term: "xterm")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("│", x: 0, y: 0, style: Style(foreground: .indexed(238)))
            frame.dim(Rect(x: 0, y: 0, width: 1, height: 1), strength: 0.6)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            let cell = cellContents(window, x: 0, y: 0)
            #expect(cell.attributes & curtain_A_DIM() != 0)
            var foreground: Int32 = 0, background: Int32 = 0
            curtain_pair_content(cell.pair, &foreground, &background)
            let expected = ColorReduction.reduce(frame[0, 0].style, to: .ansi8)
            #expect(expected.foreground == .indexed(7))
            #expect(foreground == 7, "faint white (grey), not faint black")
        }

        @Test func aNonUnicodeLocaleDrawsBoxesWithACSAndStandInsForWhatItCannotShow() throws {
            let files = ScratchTerminal(locale: "C")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("┌─┐é漢a", x: 0, y: 0)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            let corner = cellContents(window, x: 0, y: 0)
            #expect(corner.text == [UInt32(curtain_ACS_ULCORNER() & chtype(curtain_A_CHARTEXT()))])
            #expect(corner.attributes & curtain_A_ALTCHARSET() != 0)
            let line = cellContents(window, x: 1, y: 0)
            #expect(line.text == [UInt32(curtain_ACS_HLINE() & chtype(curtain_A_CHARTEXT()))])
            #expect(cellContents(window, x: 3, y: 0).text == [0x65], "é is not in the C locale: its base letter")
            #expect(cellContents(window, x: 4, y: 0).text == [0x5B], "漢 neither: a two-cell placeholder")
            #expect(cellContents(window, x: 5, y: 0).text == [0x5D], "its second cell closes it")
            #expect(cellContents(window, x: 6, y: 0).text == [0x61], "later cells keep their columns")
            #expect(!files.written.contains(where: { $0 >= 0x80 }), "nothing outside ASCII reaches a C-locale terminal")
        }

        @Test func aSizeChangeRepaintsEverything() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("left", x: 0, y: 0)
            session.draw(frame)
            var smaller = CellBuffer(size: Size(width: 40, height: 12))
            smaller.put("new", x: 0, y: 1)
            #expect(session.draw(smaller))
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 0, y: 0).text == [0x20], "the old frame is gone")
            #expect(cellContents(window, x: 0, y: 1).text == [0x6E])
        }
    }
}

extension NcursesTests {
    /// Where the cell buffer and the C library disagree on widths, or clusters are long, the
    /// columns of everything after still match the buffer.
    @MainActor @Suite struct Widths {
        @Test func widthDisagreementsNeverShiftLaterCells() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            #expect(session.supportsUnicode)
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            // 漢 given one cell (no continuation) and "a" given two.
            frame.setRaw(Cell(grapheme: Grapheme("漢")), x: 0, y: 0)
            frame.setRaw(Cell(grapheme: Grapheme("b")), x: 1, y: 0)
            frame.setRaw(Cell(grapheme: Grapheme("a")), x: 2, y: 0)
            frame.setRaw(Cell(grapheme: .continuation), x: 3, y: 0)
            frame.setRaw(Cell(grapheme: Grapheme("c")), x: 4, y: 0)
            // A control character in a cell (CurtainScreen may already have replaced it by a
            // control picture; either way the terminal must never receive the control itself).
            let bell = Grapheme("\u{7}")
            frame.setRaw(Cell(grapheme: bell), x: 5, y: 0)
            let bellShown: [UInt32] = bell.text.unicodeScalars.allSatisfy({ $0.value >= 0x20 })
                ? bell.text.unicodeScalars.map(\.value) : [0xFFFD]
            frame.setRaw(Cell(grapheme: Grapheme("d")), x: 6, y: 0)
            session.draw(frame)
            let window = try #require(curtain_stdscr())
            let row = (0..<7).map { cellContents(window, x: $0, y: 0).text }
            #expect(row == [[0xFFFD], [0x62], [0x61], [0x20], [0x63], bellShown, [0x64]])
        }

        @Test func clustersKeepCombiningMarksAndDropJoinedSequences() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.setRaw(Cell(grapheme: Grapheme("e\u{301}")), x: 0, y: 0)
            frame.setRaw(Cell(grapheme: Grapheme("👨\u{200D}👩\u{200D}👧")), x: 1, y: 0)
            frame.setRaw(Cell(grapheme: .continuation), x: 2, y: 0)
            frame.setRaw(Cell(grapheme: Grapheme("z")), x: 3, y: 0)
            session.draw(frame)
            let window = try #require(curtain_stdscr())
            #expect(cellContents(window, x: 0, y: 0).text == [0x65, 0x301])
            #expect(cellContents(window, x: 1, y: 0).text == [0x1F468], "only the first person: never a dangling joiner")
            #expect(cellContents(window, x: 3, y: 0).text == [0x7A])
        }
    }
}

extension NcursesTests {
    @MainActor @Suite struct Repainting {
        @Test func repaintAllSendsTheSameFrameAgain() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("again", x: 3, y: 3)
            session.draw(frame)
            let before = files.bytesWritten
            session.repaintAll()
            #expect(session.draw(frame))
            #expect(files.bytesWritten > before)
            #expect(session.draw(frame) == false)
        }

        /// xterm has 8 colours and 64 pairs: 80 combinations cannot all get a pair.
        @Test func runningOutOfPairsFallsBackToNearColoursWithoutARepaintLoop() throws {
            let files = ScratchTerminal(term: "xterm")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            #expect(curtain_COLOR_PAIRS() == 64)
            let colors: [Color] = [.default] + (0..<8).map { Color.indexed(UInt8($0)) }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            for (i, foreground) in colors.enumerated() {
                for (j, background) in colors.enumerated() {
                    frame.put("x", x: j, y: i, style: Style(foreground: foreground, background: background))
                }
            }
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            var defined = 0
            for i in colors.indices {
                for j in colors.indices {
                    let cell = cellContents(window, x: j, y: i)
                    #expect((0..<64).contains(cell.pair), "never wrapped past COLOR_PAIRS")
                    var foreground: Int32 = 0, background: Int32 = 0
                    curtain_pair_content(cell.pair, &foreground, &background)
                    if foreground == (i == 0 ? -1 : Int32(i - 1)) && background == (j == 0 ? -1 : Int32(j - 1)) {
                        defined += 1
                    }
                }
            }
            #expect(defined == 64, "63 allocated pairs and pair 0 show their exact colours; the rest are near")
            // The first frame was a full repaint that ran out: no repaint loop follows, even when
            // later frames fall back too.
            #expect(session.draw(frame) == false)
            frame.put("y", x: 20, y: 20, style: Style(foreground: .indexed(7), background: .indexed(7)))
            #expect(session.draw(frame))
            #expect(session.draw(frame) == false)
        }

        @Test func aFrameThatRunsOutOfPairsSchedulesOneFullRepaint() throws {
            let files = ScratchTerminal(term: "xterm")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("plain", x: 0, y: 0, style: Style(foreground: .red))
            #expect(session.draw(frame))
            // A partial frame with more combinations than pairs.
            for i in 0..<8 {
                for j in 0..<8 {
                    frame.put("x", x: j, y: i + 1, style: Style(foreground: .indexed(UInt8(i)), background: .indexed(UInt8(j))))
                }
            }
            frame.put("y", x: 0, y: 10, style: Style(foreground: .default, background: .indexed(3)))
            #expect(session.draw(frame))
            let afterPartial = files.bytesWritten
            #expect(session.draw(frame), "the scheduled full repaint")
            #expect(files.bytesWritten > afterPartial)
            #expect(session.draw(frame) == false)
        }

        /// COLOR_PAIR(n) would wrap above 255; pairs travel through setcchar's extended argument.
        /// ncurses 6.0 (or its side forced: `scripts/ncurses60-check.sh`) has 255 pairs: the first
        /// 255 combinations keep their colours, the rest are shown with the nearest pair, and no
        /// number ever wraps.
        @Test func pairNumbersAbove255KeepTheirColours() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            for i in 0..<400 {
                frame.put("x", x: i % 80, y: i / 80,
                          style: Style(foreground: .indexed(UInt8(i % 256)), background: .indexed(UInt8(i / 256 + 100))))
            }
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            var highest: Int32 = 0
            for i in 0..<400 {
                let cell = cellContents(window, x: i % 80, y: i / 80)
                highest = max(highest, cell.pair)
                var foreground: Int32 = 0, background: Int32 = 0
                curtain_pair_content(cell.pair, &foreground, &background)
                if i < 255 || !curtain_ncurses_is_6_0_build() {
                    #expect(foreground == Int32(i % 256) && background == Int32(i / 256 + 100), "cell \(i)")
                }
            }
            if curtain_ncurses_is_6_0_build() {
                #expect(highest == 255)
            } else {
                #expect(highest >= 400)
            }
        }
    }
}
