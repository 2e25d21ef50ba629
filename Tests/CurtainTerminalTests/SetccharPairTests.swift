import CNcurses
import CNcursesWide
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests {
    /// The colour pair reaches the cell through the wide shim's `curtain_set_cell`, which puts it
    /// in the argument the running ncurses reads: the short argument when it fits, `opts` above
    /// SHRT_MAX (6.1 and later). ncurses 6.0 returns ERR for any `opts`, so a pair passed only
    /// there (Curtain's call before) left every cell blank on macOS.
    @MainActor @Suite struct SetccharPair {
        @Test func everyPairNumberComesBackFromTheCell() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            let window = try #require(curtain_stdscr())
            let colorPairs = Int(curtain_COLOR_PAIRS())
            // 5 and 255: 8-bit pairs, all 6.0 has; 300: above 255; 40000: above SHRT_MAX.
            let pairs = [1, 5, 255, 300, 32767, 40000].filter { $0 < colorPairs }
            if curtain_COLORS() >= 256 && colorPairs >= 65536 {
                #expect(pairs.count == 6, "xterm-256color on ncurses 6.1 and later: every case runs")
            }
            for pair in pairs {
                let cells = NcursesCells()
                let chars: [wchar_t] = [0x78, 0]
                #expect(cells.append(characters: chars, attributes: curtain_A_BOLD(), pair: Int32(pair)), "pair \(pair)")
                curtain_wmove(window, 1, 1)
                cells.add(to: window)
                let cell = cellContents(window, x: 1, y: 1)
                #expect(cell.pair == Int32(pair), "pair \(pair)")
                #expect(cell.text == [0x78], "pair \(pair): the character is set too")
                #expect(cell.attributes & curtain_A_BOLD() != 0, "pair \(pair)")
            }
        }

        /// Pair 0 (the terminal's colours) and a negative pair, which no ncurses accepts.
        @Test func pairZeroIsKeptAndANegativePairRefused() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            let window = try #require(curtain_stdscr())
            let cells = NcursesCells()
            let chars: [wchar_t] = [0x79, 0]
            #expect(cells.append(characters: chars, attributes: 0, pair: 0))
            #expect(!cells.append(characters: chars, attributes: 0, pair: -1))
            curtain_wmove(window, 2, 0)
            cells.add(to: window)
            let cell = cellContents(window, x: 0, y: 2)
            #expect(cell.pair == 0 && cell.text == [0x79])
            #expect(cellContents(window, x: 1, y: 2).text == [0x20], "a refused cell is a blank, not stale memory")
        }
    }
}
