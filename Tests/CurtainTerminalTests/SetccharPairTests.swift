import CNcurses
@testable import CurtainTerminal
import CurtainPlatform
import Testing

extension NcursesTests {
    /// The colour pair reaches the cell through the shim's `curtain_setcchar`, which puts it in
    /// the argument the running ncurses reads: the short argument when it fits, `opts` above
    /// SHRT_MAX (6.1 and later). ncurses 6.0 returns ERR for any `opts`, so a pair passed only
    /// there (Curtain's call before) left every cell blank on macOS.
    @MainActor @Suite struct SetccharPair {
        @Test func everyPairNumberComesBackFromTheCell() throws {
            let files = ScratchTerminal()
            let session = try TerminalSession(output: files.output, input: files.input)
            defer { session.stop() }
            let colorPairs = Int(curtain_COLOR_PAIRS())
            // 5 and 255: 8-bit pairs, all 6.0 has; 300: above 255; 40000: above SHRT_MAX.
            let pairs = [1, 5, 255, 300, 32767, 40000].filter { $0 < colorPairs }
            if curtain_COLORS() >= 256 && colorPairs >= 65536 {
                #expect(pairs.count == 6, "xterm-256color on ncurses 6.1 and later: every case runs")
            }
            for pair in pairs {
                var cell = cchar_t()
                let chars: [wchar_t] = [0x78, 0]
                #expect(curtain_setcchar(&cell, chars, curtain_A_BOLD(), Int32(pair)) == curtain_OK(), "pair \(pair)")
                var back = [wchar_t](repeating: 0, count: 8)
                var attributes: attr_t = 0
                var shortPair: Int16 = -1
                var extendedPair: Int32 = -1
                // getcchar writes the whole pair through `opts` on 6.1 and later.
                #expect(getcchar(&cell, &back, &attributes, &shortPair, &extendedPair) == curtain_OK())
                #expect(extendedPair == Int32(pair), "pair \(pair)")
                if pair <= Int(Int16.max) { #expect(shortPair == Int16(pair), "pair \(pair)") }
                #expect(back[0] == 0x78 && back[1] == 0, "pair \(pair): the character is set too")
                #expect(attributes & curtain_A_BOLD() != 0, "pair \(pair)")
            }
        }

        /// Pair 0 (the terminal's colours) and a negative pair, which no ncurses accepts.
        @Test func pairZeroIsKeptAndANegativePairRefused() {
            var cell = cchar_t()
            let chars: [wchar_t] = [0x79, 0]
            #expect(curtain_setcchar(&cell, chars, 0, 0) == curtain_OK())
            var back = [wchar_t](repeating: 0, count: 8)
            var attributes: attr_t = 0
            var shortPair: Int16 = -1
            var extendedPair: Int32 = -1
            #expect(getcchar(&cell, &back, &attributes, &shortPair, &extendedPair) == curtain_OK())
            #expect(extendedPair == 0 && shortPair == 0 && back[0] == 0x79)
            #expect(curtain_setcchar(&cell, chars, 0, -1) == curtain_ERR())
        }
    }
}
