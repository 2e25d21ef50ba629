import CurtainLayout
import PropertyBased
import CurtainTestSupport
import Testing
import CurtainScreen

@Suite struct EncoderTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func firstRunMovesTheCursorAndSetsTheRendition() {
        var new = CellBuffer(size: Size(width: 6, height: 3))
        new.draw("ab", at: Point(x: 2, y: 1), style: .plain)
        var encoder = ANSIEncoder()
        let bytes = encoder.encode(new.changes(from: CellBuffer(size: new.size)), frame: new)
        #expect(text(bytes) == "\u{1B}[2;3H\u{1B}[0mab")
        #expect(encoder.cursor == Point(x: 4, y: 1))
        #expect(encoder.style == .plain)
    }

    /// At 8 and 16 colours the palette's first 16 entries are written as the ANSI forms
    /// (30–37, 90–97, 40–47, 100–107) such terminals know; above, `38;5;n` as before.
    @Test(arguments: [ColorDepth.ansi8, .ansi16])
    func eightAndSixteenColourFramesUseTheANSIForms(depth: ColorDepth) {
        var frame = CellBuffer(size: Size(width: 4, height: 1))
        frame.draw("a", at: Point(x: 0, y: 0), style: Style(foreground: .indexed(1), background: .indexed(7)))
        frame.draw("b", at: Point(x: 1, y: 0), style: Style(foreground: .indexed(11), background: .indexed(12)))
        frame.draw("c", at: Point(x: 2, y: 0), style: Style(foreground: .indexed(0)))
        var encoder = ANSIEncoder(colorDepth: depth)
        let bytes = text(encoder.fullScreen(frame))
        #expect(bytes.hasSuffix("\u{1B}[2J\u{1B}[31;47ma\u{1B}[93;104mb\u{1B}[0;30mc"), "\(bytes.debugDescription)")
        #expect(!bytes.contains("38;5") && !bytes.contains("48;5"))
        let runs = frame.changes(from: CellBuffer(size: frame.size))
        var counting = ANSIEncoder(colorDepth: depth)
        #expect(ANSIEncoder.plainRunCost(of: runs, frame: frame, startingStyle: nil, colorDepth: depth)
                == counting.encode(runs, frame: frame).count, "the cost prices the same forms")
        var wide = ANSIEncoder()
        #expect(text(wide.fullScreen(frame)).contains("38;5;1;48;5;7m"), "256 colours and up: unchanged")
    }

    @Test func sgrSetsExactlyWhatChanged() {
        func sgr(_ old: Style?, _ new: Style) -> String {
            var bytes: [UInt8] = []
            SGR.write(from: old, to: new, into: &bytes)
            #expect(bytes.count == SGR.cost(from: old, to: new))
            return text(bytes)
        }
        let e = "\u{1B}["
        #expect(sgr(Style(foreground: .red, attributes: .bold), Style(foreground: .blue, attributes: .bold)) == e + "38;5;4m")
        #expect(sgr(Style(foreground: .red, attributes: [.bold, .dim]), Style(foreground: .red, attributes: .dim)) == e + "22;2m")
        #expect(sgr(Style(attributes: [.bold, .dim]), Style(attributes: .dim)) == e + "0;2m", "a reset is shorter here")
        #expect(sgr(Style(attributes: [.italic, .underline]), Style(attributes: .italic)) == e + "24m")
        #expect(sgr(.plain, Style(foreground: .rgb(1, 2, 3), background: .indexed(17))) == e + "38;2;1;2;3;48;5;17m")
        #expect(sgr(Style(foreground: .red, background: .blue), Style(background: .blue)) == e + "39m")
        #expect(sgr(Style(foreground: .red, background: .blue, attributes: [.bold, .underline, .reverse]), .plain) == e + "0m")
        #expect(sgr(nil, Style(attributes: .reverse)) == e + "0;7m")
        #expect(sgr(.plain, .plain) == "")
        #expect(sgr(.plain, Style.plain.dimmed(by: 0).adding([])) == "")
        var marked = Style(foreground: .red)
        marked.isDimmed = true
        #expect(sgr(Style(foreground: .red), marked) == "", "the dimmed marker is not a rendition")
    }

    @Test func shortGapsAreRewrittenInsteadOfMoving() {
        var old = CellBuffer(size: Size(width: 20, height: 2))
        old.draw("hello world", at: .zero, style: .plain)
        var new = old
        new.draw("J", at: Point(x: 0, y: 0), style: .plain)
        new.draw("W", at: Point(x: 4, y: 0), style: .plain)
        new.draw("D", at: Point(x: 10, y: 0), style: .plain)
        new.draw("!", at: Point(x: 19, y: 0), style: .plain)
        var encoder = ANSIEncoder()
        _ = encoder.fullScreen(old)
        let bytes = encoder.encode(new.changes(from: old), frame: new)
        // "ell" (3 cells) is rewritten; the 5 cells before "D" are more than the gap limit of 4.
        #expect(text(bytes) == "\u{1B}[1;1HJellW\u{1B}[1;11HD\u{1B}[1;20H!")
        #expect(encoder.cursor == nil, "after the last column the cursor is unknown")
    }

    @Test func fullScreenClearsThenDrawsWhatIsNotBlank() {
        var buffer = CellBuffer(size: Size(width: 4, height: 2))
        buffer.draw("a", at: Point(x: 1, y: 1), style: Style(foreground: .red))
        var encoder = ANSIEncoder()
        #expect(text(encoder.fullScreen(buffer)) == "\u{1B}[0m\u{1B}[H\u{1B}[2J\u{1B}[2;2H\u{1B}[38;5;1ma")
        #expect(text(ANSIEncoder.enterAlternateScreen + ANSIEncoder.hideCursor) == "\u{1B}[?1049h\u{1B}[?25l")
        #expect(text(ANSIEncoder.leaveAlternateScreen + ANSIEncoder.showCursor) == "\u{1B}[?1049l\u{1B}[?25h")
    }

    @Test func continuationCellsEmitNothing() {
        var buffer = CellBuffer(size: Size(width: 4, height: 1))
        buffer.draw("中x", at: .zero, style: .plain)
        var encoder = ANSIEncoder()
        let bytes = encoder.encode(buffer.changes(from: CellBuffer(size: buffer.size)), frame: buffer)
        #expect(text(bytes) == "\u{1B}[1;1H\u{1B}[0m中x")
        #expect(encoder.cursor == Point(x: 3, y: 0))
    }

    /// Feeding the encoder's output to a terminal reproduces every frame, over several frames,
    /// for random screens of random sizes.
    @Test func interpreterReproducesEveryFrame() async {
        await propertyCheck(count: 300, input: Gen.int(in: 0...30), Gen.int(in: 0...8), Gen.uint64()) { width, height, seed in
            var rng = SplitMix(seed: seed)
            let size = Size(width: width, height: height)
            var frame = Sample.screen(size, operations: Int.random(in: 0...25, using: &rng), &rng)
            var encoder = ANSIEncoder()
            var terminal = ANSIInterpreter(size: size)
            terminal.feed(encoder.fullScreen(frame))
            #expect(sameOnTerminal(terminal.screen, frame), "full screen \(size) seed \(seed)")
            for step in 0..<4 {
                var next = frame
                Sample.scribble(on: &next, operations: Int.random(in: 0...6, using: &rng), &rng)
                let runs = next.changes(from: frame, mergeGap: Int.random(in: 0...1, using: &rng) * 4)
                terminal.feed(encoder.encode(runs, frame: next))
                #expect(terminal.problems.isEmpty, "\(terminal.problems)")
                #expect(sameOnTerminal(terminal.screen, next),
                        "step \(step) \(size) seed \(seed)\n\(terminal.screen.textDump())\n---\n\(next.textDump())")
                frame = next
            }
        }
    }

    /// Every tiny size (0×0, 1×1, one row, one column, …) exhaustively.
    @Test func sweepTinySizes() {
        var rng = SplitMix(seed: 5)
        for width in 0...6 {
            for height in 0...3 {
                let size = Size(width: width, height: height)
                for _ in 0..<15 {
                    var frame = Sample.screen(size, operations: 6, &rng)
                    var encoder = ANSIEncoder()
                    var terminal = ANSIInterpreter(size: size)
                    terminal.feed(encoder.fullScreen(frame))
                    for _ in 0..<3 {
                        var next = frame
                        Sample.scribble(on: &next, operations: 3, &rng)
                        terminal.feed(encoder.encode(next.changes(from: frame), frame: next))
                        #expect(sameOnTerminal(terminal.screen, next), "\(size)")
                        frame = next
                    }
                    #expect(terminal.problems.isEmpty, "\(size): \(terminal.problems)")
                }
            }
        }
    }

    /// An interrupted terminal (state forgotten) is still drawn correctly.
    @Test func invalidatedEncoderStillReproduces() {
        var rng = SplitMix(seed: 99)
        let size = Size(width: 12, height: 4)
        let old = Sample.screen(size, operations: 10, &rng)
        var new = old
        Sample.scribble(on: &new, operations: 5, &rng)
        var encoder = ANSIEncoder()
        var terminal = ANSIInterpreter(size: size)
        terminal.feed(encoder.fullScreen(old))
        terminal.feed(Array("\u{1B}[1;1H\u{1B}[1m".utf8))
        encoder.invalidate()
        terminal.feed(encoder.encode(new.changes(from: old), frame: new))
        #expect(sameOnTerminal(terminal.screen, new))
    }
}

@Suite struct EncoderBudgetTests {
    /// On everyday frames the encoder spends at most 1.15 × the plain run cost, swept over
    /// terminal sizes, and a terminal fed its output shows the new frame.
    @Test(arguments: [Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 120, height: 40),
                      Size(width: 200, height: 60), Size(width: 13, height: 5)])
    func encoderStaysWithinTheBound(size: Size) {
        for (name, old, new) in TypicalApp.transitions(size: size) {
            var encoder = ANSIEncoder()
            var terminal = ANSIInterpreter(size: size)
            terminal.feed(encoder.fullScreen(old))
            let runs = new.changes(from: old)
            let bound = ANSIEncoder.plainRunCost(of: runs, frame: new, startingStyle: encoder.style)
            let bytes = encoder.encode(runs, frame: new)
            terminal.feed(bytes)
            #expect(sameOnTerminal(terminal.screen, new), "\(name) at \(size)")
            #expect(terminal.problems.isEmpty, "\(terminal.problems)")
            #expect(!runs.isEmpty || size.width < 40, "\(name) at \(size) changes something")
            #expect(Double(bytes.count) <= 1.15 * Double(bound), "\(name) at \(size): \(bytes.count) bytes, plain run cost \(bound)")
        }
    }

    @Test func plainRunCostCountsMovesStylesAndText() {
        var old = CellBuffer(size: Size(width: 20, height: 2))
        old.draw("hello world", at: .zero, style: .plain)
        var new = old
        new.draw("J", at: .zero, style: .plain)                      // ESC[1;1H (6) + J (1)
        new.draw("W", at: Point(x: 4, y: 0), style: .plain)          // gap "ell" (3) + W (1)
        new.draw("中", at: Point(x: 3, y: 1), style: Style(foreground: .red)) // ESC[2;4H (6) + ESC[38;5;1m (9) + 3
        let runs = new.changes(from: old)
        #expect(ANSIEncoder.plainRunCost(of: runs, frame: new) == 6 + 1 + 3 + 1 + 6 + 9 + 3)
        #expect(ANSIEncoder.plainRunCost(of: runs, frame: new, startingStyle: nil) == 6 + 1 + 3 + 1 + 6 + 9 + 3 + 4)
        #expect(ANSIEncoder.plainRunCost(of: [], frame: new) == 0)
    }
}

@Suite struct EncoderTotalityTests {
    /// Runs far outside the frame, empty or odd, never trap and draw nothing outside.
    @Test func oddRunsAreHarmless() {
        let frame = CellBuffer(size: Size(width: 3, height: 2))
        let cell = Cell(grapheme: Grapheme("x"))
        let runs = [CellRun(y: 0, x: .max, cells: [cell]), CellRun(y: 0, x: .min, cells: [cell, cell]),
                    CellRun(y: .max, x: 0, cells: [cell]), CellRun(y: -1, x: 0, cells: [cell]),
                    CellRun(y: 1, x: 0, cells: []), CellRun(y: 1, x: -1, cells: [cell, cell]),
                    CellRun(y: 1, x: 2, cells: [cell, cell, cell])]
        var encoder = ANSIEncoder()
        var terminal = ANSIInterpreter(size: frame.size)
        terminal.feed(encoder.encode(runs, frame: frame))
        #expect(terminal.problems.isEmpty)
        #expect(terminal.screen.lines == ["   ", "x x"])
        #expect(ANSIEncoder.plainRunCost(of: runs, frame: frame) > 0)
        var patched = frame
        patched.apply(runs)
        #expect(patched.lines == ["   ", "x x"])
    }
}
