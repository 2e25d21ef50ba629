import CNcurses
import CurtainLayout
import CurtainScreen
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests {
    /// In a locale that is not UTF-8 (`LANG=C`) every glyph has a stand-in of its own width,
    /// read back from a real ncurses screen: the terminal's alternate character set, an ASCII
    /// character, or a placeholder — never `?`, never a byte outside ASCII, and every later
    /// cell in its column.
    @MainActor @Suite struct GlyphFallbacks {
        /// The character and whether it is drawn from the alternate set, as ncurses has `value`
        /// for the terminal.
        func acs(_ value: chtype) -> (text: [UInt32], alternate: Bool) {
            ([UInt32(value & chtype(curtain_A_CHARTEXT()))], attr_t(value) & curtain_A_ALTCHARSET() != 0)
        }

        func shown(_ window: OpaquePointer, x: Int, y: Int) -> (text: [UInt32], alternate: Bool) {
            let cell = cellContents(window, x: x, y: y)
            return (cell.text, cell.attributes & curtain_A_ALTCHARSET() != 0)
        }

        /// tmux has every ACS character; xterm has no arrows and no block, so ncurses sends its
        /// ASCII stand-ins for them (`<` `>` `^` `v`, `#`).
        @Test(arguments: ["tmux-256color", "xterm-256color"])
        func shadesBlocksArrowsAndSymbolsUseTheAlternateCharacterSet(term: String) throws {
            let files = ScratchTerminal(term: term, locale: "C")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            #expect(!session.supportsUnicode)
            let cases: [(String, chtype)] = [
                ("▚", curtain_ACS_CKBOARD()), ("░", curtain_ACS_CKBOARD()), ("▒", curtain_ACS_CKBOARD()),
                ("▓", curtain_ACS_CKBOARD()), ("▞", curtain_ACS_CKBOARD()),
                ("█", curtain_ACS_BLOCK()), ("▀", curtain_ACS_BLOCK()), ("▄", curtain_ACS_BLOCK()),
                ("▌", curtain_ACS_BLOCK()), ("▐", curtain_ACS_BLOCK()),
                ("←", curtain_ACS_LARROW()), ("→", curtain_ACS_RARROW()), ("↑", curtain_ACS_UARROW()),
                ("↓", curtain_ACS_DARROW()), ("•", curtain_ACS_BULLET()), ("·", curtain_ACS_BULLET()),
                ("°", curtain_ACS_DEGREE()), ("±", curtain_ACS_PLMINUS()), ("≤", curtain_ACS_LEQUAL()),
                ("≥", curtain_ACS_GEQUAL()), ("≠", curtain_ACS_NEQUAL()), ("π", curtain_ACS_PI()),
                ("£", curtain_ACS_STERLING()), ("◆", curtain_ACS_DIAMOND()),
            ]
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            for (x, item) in cases.enumerated() { frame.put(item.0, x: x, y: 0) }
            frame.put("|", x: cases.count, y: 0)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            for (x, item) in cases.enumerated() {
                let cell = shown(window, x: x, y: 0)
                #expect(cell.text == acs(item.1).text && cell.alternate == acs(item.1).alternate, "\(item.0) on \(term)")
            }
            #expect(cellContents(window, x: cases.count, y: 0).text == [0x7C])
            // What reaches the terminal: the cells hold ncurses' ACS characters, which it turns
            // into the terminal's own (or its ASCII stand-ins) as it writes them.
            var row = frame
            row.put("X←→↑↓█Y", x: 0, y: 1)
            #expect(session.draw(row))
            let written = String(decoding: files.written, as: UTF8.self)
            if term == "xterm-256color" {
                #expect(written.contains("X<>^v#"), "< > ^ v and # where the terminal has no arrows and no block")
            } else {
                #expect(written.contains(",+-.0"), "the terminal's own arrows and block, in its alternate set")
            }
            #expect(!files.written.contains(where: { $0 >= 0x80 }))
        }

        @Test func punctuationAndAccentedLettersBecomeASCII() throws {
            let files = ScratchTerminal(locale: "C")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("—–‐−‘’‚“”„×…éÅñŁ\u{A0}|", x: 0, y: 0)
            frame.put("e\u{301}|", x: 0, y: 1)   // a base and its mark: the mark is dropped
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            let row = (0..<18).map { cellContents(window, x: $0, y: 0).text }
            #expect(row == Array("----'''\"\"\"x.eAnL |".unicodeScalars).map { [$0.value] })
            #expect(cellContents(window, x: 0, y: 1).text == [0x65])
            #expect(cellContents(window, x: 1, y: 1).text == [0x7C])
            #expect(!files.written.contains(where: { $0 >= 0x80 }))
        }

        /// ◆ from the alternate set in one cell, `[]` in two.
        @Test func whatHasNoStandInIsAPlaceholderOfItsWidth() throws {
            let files = ScratchTerminal(locale: "C")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("Ж⌫\u{2409}漢😀a", x: 0, y: 0)
            frame.put("漢\u{301}कः|", x: 0, y: 1)   // a wide base with a mark; a base and a spacing mark
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            let diamond = acs(curtain_ACS_DIAMOND())
            for x in 0..<2 {
                let cell = shown(window, x: x, y: 0)
                #expect(cell.text == diamond.text && cell.alternate == diamond.alternate, "column \(x)")
            }
            // A control picture is its caret letter, underlined (␉: I), not the placeholder.
            let tab = cellContents(window, x: 2, y: 0)
            #expect(tab.text == [0x49] && tab.attributes & curtain_A_UNDERLINE() != 0, "\(tab)")
            let wide = (3..<8).map { cellContents(window, x: $0, y: 0).text }
            #expect(wide == [[0x5B], [0x5D], [0x5B], [0x5D], [0x61]])
            #expect((0..<2).map { cellContents(window, x: $0, y: 1).text } == [[0x5B], [0x5D]])
            #expect((2..<4).map { shown(window, x: $0, y: 1).text } == [diamond.text, diamond.text])
            #expect(cellContents(window, x: 4, y: 1).text == [0x7C])
            #expect(!files.written.contains(where: { $0 >= 0x80 }))
        }

        /// Each control picture has a stand-in of its own, its caret letter underlined: under
        /// `LANG=C` they were all the same diamond, so `new␊line` and `new␉line` read alike.
        @Test func controlPicturesAreTheirCaretLettersUnderlined() throws {
            let files = ScratchTerminal(locale: "C")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            var frame = CellBuffer(size: Size(width: 80, height: 24))
            frame.put("\u{2400}\u{2407}\u{2409}\u{240A}\u{241B}\u{241F}x", x: 0, y: 0)
            #expect(session.draw(frame))
            let window = try #require(curtain_stdscr())
            let cells = (0..<7).map { cellContents(window, x: $0, y: 0) }
            #expect(cells.map(\.text) == ["@", "G", "I", "J", "[", "_", "x"].map { [UInt32($0.unicodeScalars.first!.value)] })
            #expect(cells.prefix(6).allSatisfy { $0.attributes & curtain_A_UNDERLINE() != 0 })
            #expect(cells[6].attributes & curtain_A_UNDERLINE() == 0)
            #expect(!files.written.contains(where: { $0 >= 0x80 }))
        }

        /// Every scalar Curtain draws, as it draws it (its ``DisplayCluster``), followed by `|`:
        /// no cell shows `?` (but for the fullwidth question mark) or nothing, and the `|` is
        /// where the buffer put it.
        @Test func everyDrawnScalarKeepsItsWidthAndNeverShowsAQuestionMark() throws {
            let files = ScratchTerminal(locale: "C")
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            let window = try #require(curtain_stdscr())
            // Unassigned and private-use scalars are all drawn as U+FFFD: one of them is enough.
            var cases: [(scalar: UInt32, text: String, width: Int)] = [(0xFFFD, "\u{FFFD}", 1)]
            for value: UInt32 in 0x80...0x10FFFF {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let cluster = DisplayCluster(Character(scalar))
                if cluster.width > 0, cluster.text != "\u{FFFD}" { cases.append((value, cluster.text, cluster.width)) }
            }
            #expect(cases.count > 100_000)
            let size = Size(width: 80, height: 24)
            let slot = 4, perRow = size.width / slot
            var failures: [String] = []
            var start = 0
            while start < cases.count {
                let batch = cases[start..<min(cases.count, start + perRow * size.height)]
                start += batch.count
                var frame = CellBuffer(size: size)
                for (index, item) in batch.enumerated() {
                    frame.draw(item.text + "|", at: Point(x: (index % perRow) * slot, y: index / perRow), style: .plain)
                }
                session.draw(frame)
                for (index, item) in batch.enumerated() {
                    let x = (index % perRow) * slot, y = index / perRow
                    let cells = (x..<(x + item.width)).map { cellContents(window, x: $0, y: y).text }
                    let isQuestionMark = ASCIIFallback.text(for: Unicode.Scalar(item.scalar)!) == "?"   // ？ U+FF1F
                    if cells.contains([0x3F]) && !isQuestionMark || cells.contains([]) || cellContents(window, x: x + item.width, y: y).text != [0x7C] {
                        failures.append("U+\(String(item.scalar, radix: 16, uppercase: true)): \(cells)")
                    }
                }
            }
            #expect(failures.isEmpty, "\(failures.count) of \(cases.count):\n\(failures.prefix(40).joined(separator: "\n"))")
            #expect(!files.written.contains(where: { $0 >= 0x80 }))
        }
    }
}
