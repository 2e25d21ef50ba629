import CurtainLayout

/// Turns frames (their diffs as ``CellRun``s) into terminal bytes: cursor addresses, combined
/// SGR sequences and UTF-8 text. Used for recordings and as the benchmark's byte yardstick.
///
/// The encoder remembers what it last told the terminal (cursor position, rendition) across
/// frames, so each frame writes only what changed. It emits exactly these sequences:
/// `ESC[row;colH` (1-based), `ESC[…m` with parameters 0, 1, 2, 3, 4, 7, 22, 23, 24, 27,
/// 38;5;n, 38;2;r;g;b, 39, 48;5;n, 48;2;r;g;b, 49 (at 8 and 16 colours 30–37, 90–97, 40–47
/// and 100–107 for the palette's first 16 entries instead of `38;5;n`), and `ESC[2J` in ``fullScreen(_:into:)``,
/// plus the mode helpers below. It never relies on line wrapping: after a cell in the last
/// column the cursor counts as unknown.
public struct ANSIEncoder: Sendable {
    /// Where the terminal's cursor is, when known.
    public private(set) var cursor: Point?
    /// The terminal's current rendition, when known.
    public private(set) var style: Style?

    /// Largest gap of unchanged cells between two runs on a row that may be rewritten instead
    /// of moving the cursor over it.
    public static let maximumRewrittenGap = 4

    /// Whether palette colours 0–15 are written in the 8/16-colour forms (see ``init(colorDepth:)``).
    private let ansiForms: Bool

    /// An encoder that knows nothing about the terminal yet (its first output sets what it needs).
    ///
    /// - Parameter colorDepth: the depth the frames were reduced to. At `.ansi8` and `.ansi16`
    ///   colours are written as `30–37`/`90–97` (`40–47`/`100–107`), which every such terminal
    ///   plays; otherwise palette colours are `38;5;n`.
    public init(colorDepth: ColorDepth = .trueColor) {
        ansiForms = colorDepth == .ansi8 || colorDepth == .ansi16
    }

    /// Forgets the terminal's state, e.g. after other output reached the terminal.
    public mutating func invalidate() {
        cursor = nil
        style = nil
    }

    /// Appends the bytes that draw `runs` (a diff from ``CellBuffer/changes(from:mergeGap:)``)
    /// over the previous frame. `frame` is the new frame: it gives the screen width and the
    /// unchanged cells between runs, which are rewritten instead of moving the cursor when the
    /// gap is at most ``maximumRewrittenGap`` cells and that costs no more bytes.
    public mutating func encode(_ runs: [CellRun], frame: CellBuffer, into bytes: inout [UInt8]) {
        let width = frame.size.width, height = frame.size.height
        for run in runs {
            guard run.y >= 0, run.y < height else { continue }
            // Skip what cannot be drawn at the run's start: cells left of the screen, halves.
            var i = 0, x = run.x
            while i < run.cells.count, x < 0 || run.cells[i].grapheme.isContinuation {
                i += 1
                x = x.addingSaturating(1)
            }
            guard i < run.cells.count, x < width else { continue }
            moveCursor(toX: x, y: run.y, nextStyle: run.cells[i].style, frame: frame, into: &bytes)
            while i < run.cells.count, x < width {
                let cell = run.cells[i]
                if !cell.grapheme.isContinuation {
                    write(cell, x: x, y: run.y, frame: frame, into: &bytes)
                }
                i += 1
                x += 1
            }
        }
    }

    /// The bytes that draw `runs` (see ``encode(_:frame:into:)``).
    public mutating func encode(_ runs: [CellRun], frame: CellBuffer) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(runs.reduce(0) { $0 + $1.cells.count + 12 })
        encode(runs, frame: frame, into: &bytes)
        return bytes
    }

    /// Appends the bytes that clear the screen (after resetting the rendition, so the clear uses
    /// the default background) and draw every cell of `buffer` that is not a plain blank.
    public mutating func fullScreen(_ buffer: CellBuffer, into bytes: inout [UInt8]) {
        bytes.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D, 0x1B, 0x5B, 0x48, 0x1B, 0x5B, 0x32, 0x4A]) // ESC[0m ESC[H ESC[2J
        style = .plain
        cursor = .zero
        encode(buffer.changes(from: CellBuffer(size: buffer.size)), frame: buffer, into: &bytes)
    }

    /// The bytes of ``fullScreen(_:into:)``.
    public mutating func fullScreen(_ buffer: CellBuffer) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(buffer.cells.count + 64)
        fullScreen(buffer, into: &bytes)
        return bytes
    }

    /// `ESC[?1049h`: switch to the alternate screen.
    public static let enterAlternateScreen: [UInt8] = Array("\u{1B}[?1049h".utf8)
    /// `ESC[?1049l`: back to the normal screen.
    public static let leaveAlternateScreen: [UInt8] = Array("\u{1B}[?1049l".utf8)
    /// `ESC[?25l`: hide the cursor.
    public static let hideCursor: [UInt8] = Array("\u{1B}[?25l".utf8)
    /// `ESC[?25h`: show the cursor.
    public static let showCursor: [UInt8] = Array("\u{1B}[?25h".utf8)
    /// `ESC[0m`: the default rendition.
    public static let resetStyle: [UInt8] = Array("\u{1B}[0m".utf8)

    // MARK: - Writing

    /// Gets the cursor to (`x`, `y`): nothing if it is there, the gap's cells if it is a few
    /// cells to the left on the same row and that is no dearer, else a cursor address.
    /// `nextStyle` is the style of the first cell to be written there.
    private mutating func moveCursor(toX x: Int, y: Int, nextStyle: Style, frame: CellBuffer, into bytes: inout [UInt8]) {
        if let cursor, cursor.x == x, cursor.y == y { return }
        if let cursor, cursor.y == y, cursor.x < x, x - cursor.x <= Self.maximumRewrittenGap,
           !frame[cursor.x, y].grapheme.isContinuation {
            var gapCost = 0, gapStyle = style
            for gx in cursor.x..<x {
                let cell = frame[gx, y]
                if cell.grapheme.isContinuation { continue }
                gapCost += SGR.cost(from: gapStyle, to: cell.style, ansiForms: ansiForms) + cell.grapheme.utf8Count
                gapStyle = cell.style
            }
            gapCost += SGR.cost(from: gapStyle, to: nextStyle, ansiForms: ansiForms)
            let jumpCost = Self.cursorAddressCost(x: x, y: y) + SGR.cost(from: style, to: nextStyle, ansiForms: ansiForms)
            if gapCost <= jumpCost {
                for gx in cursor.x..<x {
                    let cell = frame[gx, y]
                    if !cell.grapheme.isContinuation { write(cell, x: gx, y: y, frame: frame, into: &bytes) }
                }
                return
            }
        }
        bytes.putCursorAddress(x: x, y: y)
        cursor = Point(x: x, y: y)
    }

    /// Writes one cell (not a continuation) at the cursor, which is at (`x`, `y`).
    private mutating func write(_ cell: Cell, x: Int, y: Int, frame: CellBuffer, into bytes: inout [UInt8]) {
        if style?.terminalBits != cell.style.terminalBits {
            SGR.write(from: style, to: cell.style, ansiForms: ansiForms, into: &bytes)
            style = cell.style
        }
        cell.grapheme.appendUTF8(to: &bytes)
        let width = frame.size.width
        let wide = x + 1 < width && frame.cells[y &* width &+ x &+ 1].grapheme.isContinuation
        let next = wide ? x + 2 : x + 1
        // In the last column the terminal holds a pending wrap; never rely on where it goes.
        cursor = next < width ? Point(x: next, y: y) : nil
    }

    static func cursorAddressCost(x: Int, y: Int) -> Int {
        var count = ByteCount()
        count.putCursorAddress(x: x, y: y)
        return count.count
    }
}
