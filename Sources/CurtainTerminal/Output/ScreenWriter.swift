internal import CNcurses
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// Writes cell buffers to ncurses' standard screen: only the runs that changed, then one
/// `doupdate`, whose bytes reach the terminal in one `write(2)` when there is a
/// ``FrameCapture`` (with the synchronized-output brackets and the caller's trailer), its
/// graphic renditions shortened first (``RenditionCompaction``).
///
/// Each run becomes one `wmove` + `wadd_wchnstr` (which neither wraps nor scrolls, so the
/// bottom-right cell is safe). A wide character is one ncurses cell covering both of its cells, and
/// its continuation cell is skipped. Where the buffer and the C library disagree on a character's
/// width, or a wide character would be cut by the screen edge, blanks and replacement
/// characters keep every later cell in its column.
final class ScreenWriter {
    let depth: ColorDepth
    /// Whether `use_default_colors` succeeded (-1 is a valid colour).
    let defaultColors: Bool
    private(set) var pairs: ColorPairCache
    private var glyphs: GlyphMapper
    /// Whether the locale is UTF-8 (otherwise what it cannot encode is drawn with stand-ins of
    /// the same width: see ``GlyphMapper``).
    var isUnicode: Bool { glyphs.isUnicode }
    /// The run being built, in ncurses' layout.
    private let scratch = NcursesCells()

    private let attributeBold = curtain_A_BOLD(), attributeDim = curtain_A_DIM()
    private let attributeItalic = curtain_A_ITALIC(), attributeUnderline = curtain_A_UNDERLINE()
    private let attributeReverse = curtain_A_REVERSE()

    /// The last style converted and its result: neighbouring cells usually share a style.
    private var lastStyle: Style?
    private var lastAttributes: attr_t = 0
    private var lastPair: Int32 = 0

    /// Where to write the synchronized-output brackets around each frame, nil when the
    /// terminal does not support them (see ``SynchronizedOutput``).
    var synchronizedOutputDescriptor: Int32?

    /// The frame on screen, nil before the first frame and after a full repaint is requested.
    private(set) var previous: CellBuffer?
    /// Cells the last ``draw(_:)`` that sent anything gave ncurses (what it cost, roughly).
    private(set) var lastDrawnCells = 0
    /// Makes each frame one write; nil: frames go out as ncurses writes them.
    var capture: FrameCapture?

    init(depth: ColorDepth, defaultColors: Bool, colorPairs: Int, isUnicode: Bool) {
        self.depth = depth
        self.defaultColors = defaultColors
        self.pairs = ColorPairCache(colorPairs: depth == .monochrome ? 0 : colorPairs)
        self.glyphs = GlyphMapper(isUnicode: isUnicode)
    }

    /// The size of the standard screen.
    static func screenSize() -> Size {
        guard let window = curtain_stdscr() else { return .zero }
        var rows: Int32 = 0, columns: Int32 = 0
        curtain_getmaxyx(window, &rows, &columns)
        return Size(width: Int(columns), height: Int(rows))
    }

    /// Makes the next ``draw(_:)`` repaint every cell (after a resize, a resume, a SIGWINCH
    /// from a multiplexer re-attaching, or when colour pairs ran out).
    func invalidate() { previous = nil }

    /// Forgets what the terminal said of its palette: after the terminal was given back and
    /// taken again it may be another one (a resume in another window, a shell's colour theme).
    func forgetPalette() { palette?.forget() }

    /// Which palette entries the terminal confirmed, where the tuned entry sends numbers below
    /// 256 as palette indexes (nil otherwise; see ``PaletteConfirmation``).
    var palette: PaletteConfirmation?

    /// The questions about palette entries the frames drawn so far met, to send after them.
    func takePaletteQuestions() -> [UInt8] { palette?.questions() ?? [] }

    /// Takes a terminal's answer about a palette entry (an OSC 4 reply's text).
    func notePaletteAnswer(_ text: String) {
        palette?.note(answer: Substring(text))
        lastStyle = nil // the last style's colours may be numbered otherwise now
    }

    /// Blanks the terminal: the last thing drawn before it is given back.
    func blankScreen() {
        guard let window = curtain_stdscr() else { return }
        curtain_werase(window)
        curtain_wrefresh(window)
        previous = nil
    }

    /// Shows `frame`; returns false when nothing changed and nothing was sent. `trailer` gets
    /// the frame's changed cells and bytes (its bytes as ncurses wrote them, brackets included;
    /// estimated at ``estimatedBytesPerCell`` a cell without a capture) and returns what is sent
    /// right after the frame, in the same write when there is a capture.
    @discardableResult
    func draw(_ frame: CellBuffer, trailer: (_ cells: Int, _ bytes: Int) -> [UInt8] = { _, _ in [] }) -> Bool {
        guard let window = curtain_stdscr() else { return false }
        let full: Bool
        let runs: [CellRun]
        if let previous, previous.size == frame.size {
            runs = frame.changes(from: previous)
            full = false
            if runs.isEmpty { return false }
        } else {
            runs = frame.changes(from: CellBuffer(size: .zero))
            full = true
            // A fresh start: every pair can be handed out again, the whole terminal is cleared
            // and rewritten, and cells the frame does not cover are blank.
            pairs.reset()
            lastStyle = nil
            curtain_werase(window)
            if let screen = curtain_curscr() { curtain_clearok(screen, true) }
        }
        let fallbacksBefore = pairs.fallbackCount
        let screen = Self.screenSize()
        lastDrawnCells = 0
        for run in runs {
            write(run, to: window, screen: screen)
            lastDrawnCells += run.cells.count
        }
        curtain_wnoutrefresh(window)
        let brackets = lastDrawnCells > SynchronizedOutput.smallFrame ? synchronizedOutputDescriptor : nil
        // The first doupdate after endwin puts the terminal back in program mode (tcsetattr on
        // the output descriptor): that one goes to the terminal as ncurses writes it.
        if let capture, !isendwin(), let captured = capture.capture({ doupdate() }) {
            let bytes = RenditionCompaction.compacted(captured)
            var output = brackets == nil ? bytes : SynchronizedOutput.begin + bytes + SynchronizedOutput.end
            output += trailer(lastDrawnCells, output.count)
            TerminalWrites.write(capture.descriptor, output)
        } else {
            // ncurses' buffer is empty between frames (doupdate flushes it), so brackets written
            // straight to the descriptor land right before and right after the frame's bytes.
            if let descriptor = brackets { TerminalWrites.write(descriptor, SynchronizedOutput.begin) }
            doupdate()
            if let descriptor = brackets { TerminalWrites.write(descriptor, SynchronizedOutput.end) }
            let after = trailer(lastDrawnCells, lastDrawnCells * Self.estimatedBytesPerCell)
            if !after.isEmpty, let descriptor = trailerDescriptor {
                TerminalWrites.write(descriptor, after)
            }
        }
        previous = frame
        scheduleRepaintIfColorsFellBack(full: full, fellBack: pairs.fallbackCount > fallbacksBefore)
        return true
    }

    /// Bytes a changed cell is taken to cost when ncurses' output is not captured (an
    /// animation frame's cells average 5 to 15 in 256 colours and 24-bit colour).
    static let estimatedBytesPerCell = 10
    /// Where a trailer goes without a capture (the terminal).
    var trailerDescriptor: Int32?

    /// Frames drawn since the last full repaint.
    private var framesSinceFullRepaint = 0
    /// Whether the last full repaint itself ran out of pairs.
    private var lastFullRepaintFellBack = false
    /// After a full repaint that ran out of pairs, frames to wait before trying another.
    static let repaintBackoff = 60

    /// Colours that fell back to near matches are fixed by a full repaint with a fresh pair table
    /// (old combinations no longer on screen free their pairs). When the full repaint ran out
    /// too, the screen simply has more combinations than pairs; another try waits
    /// ``repaintBackoff`` frames so overflowing content never repaints every frame.
    private func scheduleRepaintIfColorsFellBack(full: Bool, fellBack: Bool) {
        if full {
            framesSinceFullRepaint = 0
            lastFullRepaintFellBack = fellBack
            return
        }
        framesSinceFullRepaint += 1
        if fellBack, !lastFullRepaintFellBack || framesSinceFullRepaint >= Self.repaintBackoff {
            previous = nil
        }
    }

    private func write(_ run: CellRun, to window: OpaquePointer, screen: Size) {
        guard run.y >= 0, run.y < screen.height else { return }
        scratch.removeAll()
        // The mapper is lent to the loop for the whole run: one exclusive access to the
        // property instead of one a cell (its caches change as it maps).
        let startColumn = appendCells(of: run, screen: screen, glyphs: &glyphs)
        guard startColumn >= 0, scratch.count > 0 else { return }
        curtain_wmove(window, Int32(run.y), Int32(startColumn))
        scratch.add(to: window)
    }

    /// Appends `run`'s cells that are on the screen to ``scratch``; returns the column of the
    /// first (-1 when none is).
    private func appendCells(of run: CellRun, screen: Size, glyphs: inout GlyphMapper) -> Int {
        var startColumn = -1
        var leadCoversNext = false // the previous cell was written as a two-cell glyph
        var trailing: Glyph? // the second cell's glyph of a cluster split in two
        let cells = run.cells
        for offset in cells.indices {
            let column = run.x + offset
            if column < 0 { continue }
            if column >= screen.width { break }
            let cell = cells[offset]
            if startColumn < 0 { startColumn = column }
            if cell.grapheme.isContinuation {
                if leadCoversNext {
                    leadCoversNext = false
                } else {
                    // The second character of a split cluster; else its wide character was not
                    // drawn here.
                    append(trailing ?? .space, style: cell.style)
                }
                trailing = nil
                continue
            }
            leadCoversNext = false
            trailing = nil
            let bufferWidth = offset + 1 < cells.count && cells[offset + 1].grapheme.isContinuation ? 2 : 1
            var glyph = glyphs.glyph(for: cell.grapheme)
            if bufferWidth == 2 {
                if column + 1 >= screen.width {
                    append(.space, style: cell.style) // never split a wide character at the edge
                } else if glyph.width == 2 {
                    append(glyph, style: cell.style)
                    leadCoversNext = true
                } else {
                    // One cell, of two: a cluster of two one-cell characters (कः) continues in
                    // the next cell; otherwise the buffer thinks it wider than it is: pad.
                    append(glyph, style: cell.style)
                    trailing = glyphs.trailingGlyph(for: cell.grapheme)
                }
            } else {
                if glyph.width != 1 { glyph = glyphs.standIn }
                append(glyph, style: cell.style)
            }
        }
        return startColumn
    }

    private func append(_ glyph: Glyph, style: Style) {
        let (attributes, pair) = convert(style)
        var scalars = glyph.scalars
        _ = withUnsafePointer(to: &scalars) { pointer in
            pointer.withMemoryRebound(to: wchar_t.self, capacity: 6) { chars in
                scratch.append(characters: chars, attributes: attributes | glyph.extraAttributes, pair: pair)
            }
        }
    }

    /// ncurses attributes and colour pair for `style`.
    private func convert(_ style: Style) -> (attr_t, Int32) {
        if style == lastStyle { return (lastAttributes, lastPair) }
        // As the terminal can show it — the same reduction a recording of this session uses: a
        // dimmed cell on a terminal too poor in colours to show the blend gets the faint
        // attribute, its text colour brightened back so faint text keeps its hue.
        let shown = depth == .trueColor ? style : ColorReduction.reduce(style, to: depth)
        var attributes: attr_t = 0
        let a = shown.attributes
        if a.contains(.bold) { attributes |= attributeBold }
        if a.contains(.dim) { attributes |= attributeDim }
        if a.contains(.italic) { attributes |= attributeItalic }
        if a.contains(.underline) { attributes |= attributeUnderline }
        if a.contains(.reverse) { attributes |= attributeReverse }
        let pair = colorPair(for: shown)
        lastStyle = style
        lastAttributes = attributes
        lastPair = pair
        return (attributes, pair)
    }

    private func colorPair(for style: Style) -> Int32 {
        guard depth != .monochrome else { return 0 }
        var foreground = palette?.number(for: style.foreground) ?? depth.colorNumber(for: style.foreground)
        var background = palette?.number(for: style.background) ?? depth.colorNumber(for: style.background)
        if !defaultColors {
            // Without default-colour support -1 is not a colour: assume white on black.
            if foreground < 0 { foreground = 7 }
            if background < 0 { background = 0 }
            if foreground == 7 && background == 0 { return 0 }
        }
        let lookup = pairs.pair(foreground: foreground, background: background)
        if case .new(let pair) = lookup {
            if curtain_init_pair(pair, foreground, background) == curtain_ERR() { return 0 }
        }
        return lookup.pair
    }
}
