import Curtain
import CurtainLayout
import CurtainScreen

/// Bands of colour, so dimming is plain to see.
@MainActor
final class ColourBandsView: View {
    private static let colours: [UInt8] = [196, 202, 208, 214, 220, 226, 190, 154, 118, 82, 46, 47, 48, 49, 50, 51,
                                           45, 39, 33, 27, 21, 57, 93, 129, 165, 201, 200, 199, 198, 197]
    /// Interned once: every cell of the pane is this glyph, so drawing sets cells directly
    /// instead of measuring a string per cell (it was half of all composition time).
    private static let glyph = Grapheme("▚")
    private static let dot = Cell(grapheme: Grapheme("·"))

    /// Two cells a colour, every colour in turn, long enough for any row's start: row `r` is
    /// this pattern from cell `2r` on (each row starts one band further).
    private static func pattern(width: Int) -> [Cell] {
        let count = width + 2 * colours.count
        var cells: [Cell] = []
        cells.reserveCapacity(count)
        for i in 0..<count { cells.append(bandCells[(i / 2) % bandCells.count]) }
        return cells
    }

    /// A cell of each colour.
    private static let bandCells: [Cell] = {
        var cells: [Cell] = []
        for colour in colours { cells.append(Cell(grapheme: glyph, style: Style(foreground: .indexed(colour), background: .indexed(234)))) }
        return cells
    }()

    private var rowPattern: [Cell] = []

    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let area = frame.intersection(clip)
        guard !area.isEmpty else { return }
        let monochrome = theme.colorDepth == .monochrome
        if !monochrome, rowPattern.count != frame.width + 2 * Self.colours.count { rowPattern = Self.pattern(width: frame.width) }
        for y in area.minY..<area.maxY {
            // Without colours a checkerboard is only noise: a calm grid of dots instead.
            if monochrome {
                for x in area.minX..<area.maxX {
                    let dot = (x - frame.minX) % 4 == 1 && (y - frame.minY) % 2 == 0
                    buffer.set(dot ? Self.dot : .blank, x: x, y: y)
                }
                continue
            }
            let start = (2 * (y - frame.minY)) % (2 * Self.colours.count)
            buffer.set(rowPattern[start..<(start + frame.width)], x: frame.minX, y: y, clip: area)
        }
        let label = " dim me "
        let width = TextWidth.of(label)
        buffer.draw(label, at: Point(x: frame.minX + max(0, (frame.width - width) / 2), y: frame.minY + frame.height / 2),
                    // Not bold: with 8 or 16 colours this is black on grey or white, and xterm
                    // draws bold black as grey (3.2:1 on grey).
                    style: Style(foreground: .indexed(16), background: .indexed(231)), clip: clip)
    }
}

/// Wrapped lines of text in a style: CJK and emoji that take two cells each.
@MainActor
final class ParagraphView: View {
    /// Each paragraph with its style for a theme (a theme role, or one of the demo's colours).
    let paragraphs: [(String, (Theme) -> Style)]
    init(_ paragraphs: [(String, (Theme) -> Style)]) { self.paragraphs = paragraphs }

    /// Wrapped rows for the last width: wrapping runs only when the pane's width changes, not
    /// in every frame, and in the layout pass that changed it (drawing only reads them).
    private var wrapped: (width: Int, rows: [(String, Int)])?

    override func layoutSubviews() {
        _ = rows(width: innerRect.width)
    }

    private var innerRect: Rect { frame.inset(by: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)) }

    /// Each wrapped row with the index of its paragraph.
    private func rows(width: Int) -> [(String, Int)] {
        if let wrapped, wrapped.width == width { return wrapped.rows }
        let rows = paragraphs.enumerated().flatMap { index, paragraph in
            TextWrapper.wrap(paragraph.0, width: width).map { ($0, index) }
        }
        wrapped = (width, rows)
        return rows
    }

    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let inner = innerRect
        let theme = self.theme
        var styles: [Style] = []
        styles.reserveCapacity(paragraphs.count)
        for paragraph in paragraphs { styles.append(paragraph.1(theme)) }
        for (offset, (row, paragraph)) in rows(width: inner.width).prefix(max(0, inner.height)).enumerated() {
            buffer.draw(row, at: Point(x: inner.minX, y: inner.minY + offset), style: styles[paragraph], clip: clip)
        }
    }
}

/// The time since the demo started, from the demo's clock: the same in every headless run.
@MainActor
final class ElapsedTimeView: View {
    var seconds = 0 { didSet { if seconds != oldValue { setNeedsDisplay() } } }

    override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let inner = frame.inset(by: EdgeInsets(top: 0, left: 1, bottom: 0, right: 1))
        let text = Self.clockText(seconds: seconds)
        let theme = self.theme
        buffer.draw("Elapsed", at: Point(x: inner.minX, y: inner.minY), style: theme.text, clip: clip)
        buffer.draw(text, at: Point(x: inner.minX, y: inner.minY + 1), style: DemoPalette.clock(theme), clip: clip)
        let bar = min(inner.width, seconds % max(1, inner.width) + 1)
        buffer.draw(String(repeating: "█", count: bar), at: Point(x: inner.minX, y: inner.minY + 3),
                    style: DemoPalette.bar(theme), clip: clip)
        buffer.draw("updates once a second", at: Point(x: inner.minX, y: inner.minY + 5),
                    style: theme.secondaryText, clip: clip)
    }
}

extension ElapsedTimeView {
    /// `mm:ss` under an hour, `h:mm:ss` from then on.
    static func clockText(seconds: Int) -> String {
        let minutesAndSeconds = twoDigits(seconds / 60 % 60) + ":" + twoDigits(seconds % 60)
        return seconds < 3600 ? minutesAndSeconds : "\(seconds / 3600):" + minutesAndSeconds
    }
}

/// Two digits, zero padded.
func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(max(0, value))" : "\(value)"
}
