import CurtainLayout
import CurtainScreen

/// Lines of text that keep arriving, newest at the bottom: a program's output, a chat, a
/// build (Textual's `Log`).
///
/// ```swift
/// let log = Log(maximumLineCount: 10_000)
/// pane.setContentView(log)
/// log.append("12:00:01 connected")
/// log.append("12:00:02 error: disk full", style: Style(foreground: .indexed(203)))
/// log.append(contentsOf: ["12:00:03 retrying", "12:00:04 connected"])
/// log.append(ansi: "\u{1B}[32mPASS\u{1B}[0m tests/parser")   // a program's colours kept
/// ```
///
/// **Following the end.** The log shows its newest lines and keeps showing them as lines
/// arrive, until the user scrolls up (wheel, Up, PageUp, Home). Then it stays where the user
/// put it while lines keep arriving, and its bottom row ends in a marker, `↓ 42 more`: how many
/// lines are below the view (the line cut off at the bottom included). Scrolling back down to
/// the last row, or End, follows the end again.
///
/// **Keys** (while it has focus): Up and Down scroll one row, PageUp and PageDown a page (its
/// height less one row, which stays in view), Home goes to the first line, End to the last
/// and follows it. Every other key goes on along the responder chain. The **mouse wheel**
/// scrolls three rows a step, focused or not.
///
/// **Cost.** Appending is cheap at any size: a line is stored, not measured. Lines are
/// wrapped (with the layout core's `TextWrapper`) only when they come into view, once per
/// width; a frame draws only the rows on screen. So thousands of lines a second keep frames as
/// cheap as a screenful of text. ``maximumLineCount`` bounds the memory.
///
/// Wide characters take two cells and are never split; control characters show as control
/// pictures.
@MainActor
open class Log: View {
    /// The style of the text and the area behind it; the theme's ``Theme/text`` when nil.
    public var style: Style? { didSet { if style != oldValue { setNeedsDisplay() } } }

    /// The style of the `↓ N more` marker shown while the log does not follow its end; the
    /// theme's ``Theme/helpBar`` when nil.
    public var markerStyle: Style? { didSet { if markerStyle != oldValue { setNeedsDisplay() } } }

    /// When set, appending beyond this many lines drops the oldest ones. Nil (the default)
    /// keeps every line. Lowering it drops lines at once.
    public var maximumLineCount: Int? {
        didSet {
            if maximumLineCount != oldValue { changed(shrinking: dropExcess()) }
        }
    }

    /// Whether the log takes keyboard focus (a click on it, Tab); it then handles the
    /// scrolling keys. True by default.
    public var isFocusable: Bool

    /// True while the newest line is kept in view as lines arrive; false once the user
    /// scrolled up, until they scroll back to the end (or press End, or ``scrollToEnd()``).
    public private(set) var isFollowing = true

    /// The number of lines the log holds.
    public var lineCount: Int { lines.count }

    /// The lines the log holds, oldest first, as text alone: to save them or search them
    /// (``ansiTexts`` gives them with their colours, for a pager).
    public var texts: [String] { lines.texts }

    /// The rows of the wheel's one step.
    public static let wheelStep = 3

    var lines = LogLines()
    /// The state of ``append(ansi:)``'s output between calls: carriage returns, backspaces
    /// and `ESC [ K` edit the line they are in.
    private var ansiReader = LogLineReader()
    /// How many of the last lines show the open line (``showOpenLine(ansi:)``); the next
    /// line appended replaces them.
    private var openLineCount = 0
    /// Where the view starts while it does not follow the end.
    var top = Position(line: 0, row: 0)
    /// The size last laid out, to notice a new one.
    private var laidOutSize: Size = .zero
    /// The height ``fittingSize(width:)`` last answered and whether that answer was capped
    /// (see ``changed()``).
    private var fittingAnswer: (height: Int, capped: Bool)?

    /// An empty log that follows its end.
    ///
    /// - Parameters:
    ///   - maximumLineCount: drop the oldest lines beyond this many (nil: keep all).
    ///   - style: the text's style; the theme's text style when nil.
    ///   - isFocusable: whether the log takes focus and then handles the scrolling keys.
    public init(maximumLineCount: Int? = nil, style: Style? = nil, isFocusable: Bool = true) {
        self.maximumLineCount = maximumLineCount.map { max(0, $0) }
        self.style = style
        self.isFocusable = isFocusable
    }

    /// ``isFocusable``: a log that only shows output can stay out of the Tab order (the wheel
    /// still scrolls it).
    open override var canBecomeFocused: Bool { isFocusable }

    // MARK: - Lines

    /// Appends `line` at the bottom, in `style` (the log's style when nil). Text with line
    /// breaks in it becomes several lines; one break at its very end adds no empty line, so
    /// `append("done\n")` appends one line.
    ///
    /// A line wider than the log wraps; with a `hangingIndent`, the rows it wraps onto start
    /// that many cells in, as a chat lines a message's text up under its first row's:
    ///
    /// ```swift
    /// let message = "a message long enough to wrap onto a second row"
    /// log.append("ada: " + message, hangingIndent: TextWidth.of("ada: "))
    /// // ada: a message long enough to
    /// //      wrap onto a second row
    /// ```
    ///
    /// The indent is left out at widths where it would take more than half the row.
    public func append(_ line: String, style: Style? = nil, hangingIndent: Int = 0) {
        removeOpenLine()
        store(line, style: style, hangingIndent: hangingIndent)
        changed(shrinking: dropExcess())
    }

    /// Appends styled `text`: its lines (split as ``append(_:style:hangingIndent:)`` splits) keep their
    /// runs' styles; runs without one are in the log's style.
    public func append(_ text: StyledText) {
        removeOpenLine()
        for line in LogLines.split(text) { lines.append(line) }
        changed(shrinking: dropExcess())
    }

    /// Appends a program's output with its escape sequences, as a terminal shows it: colours
    /// and attributes are kept and go on from one line to the next (a colour set in one call
    /// lasts until a reset, in this call or a later one); a carriage return goes back to the
    /// start of the line and what follows overwrites it (a progress bar), a backspace goes
    /// back one character, `ESC [ K` erases to the end of the line (`1 K` from its start,
    /// `2 K` all of it); every other control sequence is dropped (see ``ANSIParser``). A
    /// sequence cut at the end of `text` is completed by the next call; lines are split at
    /// `\n`, and each call starts a new line.
    ///
    /// ```swift
    /// log.append(ansi: "\u{1B}[32mPASS\u{1B}[0m tests/parser")
    /// log.append(ansi: "downloading  10%\rdownloading 100%")   // shows "downloading 100%"
    /// ```
    public func append(ansi text: some StringProtocol) {
        append(ansiReader.read(text))
    }

    /// Appends lines a ``LogLineReader`` read (elsewhere: a child's output is read off the main
    /// actor), as ``append(ansi:)`` appends them.
    package func append(_ read: LogLineReader.ReadLines) {
        removeOpenLine()
        for line in read.lines { lines.append(line) }
        changed(shrinking: dropExcess())
    }

    /// Shows `text` as the log's last line, *open*: a line a program is still writing (a
    /// prompt, a progress bar). The next call replaces it; the next line appended (by any
    /// `append`) replaces it too, so a program's output reads as it would in a terminal:
    ///
    /// ```swift
    /// log.showOpenLine(ansi: "compiling… 3/10")   // shown, then replaced by
    /// log.showOpenLine(ansi: "compiling… 7/10")
    /// log.append(ansi: "compiling… done")         // the line, complete
    /// ```
    ///
    /// The open line is read like ``append(ansi:)`` reads its text, from the colours the
    /// lines before it left, but it changes nothing for the lines after it. An empty `text`
    /// removes the open line.
    public func showOpenLine(ansi text: some StringProtocol) {
        showOpenLine(text.isEmpty ? nil : ansiReader.readOpenLine(text))
    }

    /// Shows an open line a ``LogLineReader`` read, as ``showOpenLine(ansi:)`` shows it; nil
    /// removes the open line.
    package func showOpenLine(_ read: LogLineReader.ReadLines?) {
        removeOpenLine()
        guard let read else { return changed(shrinking: true) }
        for line in read.lines { lines.append(line) }
        openLineCount = read.lines.count
        changed(shrinking: dropExcess())
    }

    /// Takes the open line away (the next line appended takes its place).
    private func removeOpenLine() {
        guard openLineCount > 0 else { return }
        lines.removeLast(min(openLineCount, lines.count))
        openLineCount = 0
    }

    /// Appends each of `lines` (see ``append(_:style:hangingIndent:)``), asking for one frame for all of them.
    public func append(contentsOf lines: some Sequence<String>, style: Style? = nil) {
        removeOpenLine()
        for line in lines { store(line, style: style) }
        changed(shrinking: dropExcess())
    }

    /// Removes every line; the log follows its end again.
    public func clear() {
        openLineCount = 0
        lines.removeAll()
        isFollowing = true
        changed(shrinking: true)
    }

    private func store(_ text: String, style: Style?, hangingIndent: Int = 0) {
        for line in LogLines.split(text) { lines.append(LogLines.Line(text: line, style: style, hangingIndent: hangingIndent)) }
    }

    /// Drops the oldest lines beyond ``maximumLineCount``; returns whether it dropped any.
    private func dropExcess() -> Bool {
        guard let maximum = maximumLineCount, lines.count > maximum else { return false }
        lines.dropOldest(lines.count - max(0, maximum))
        guard !isFollowing, top.line < lines.firstID else { return true }
        // The line the view started at is gone: start at the oldest one left.
        top = Position(line: lines.firstID, row: 0)
        if lines.isEmpty || top >= endTop(in: layoutFrame.size) { isFollowing = true }
        return true
    }

    /// What the log draws changed. When a presentation sized by the log's content asked for
    /// its fitting height and that height may now differ (it was below its cap, or lines went
    /// away), the presentation is laid out again; otherwise only the log is drawn again.
    private func changed(shrinking: Bool) {
        if let answer = fittingAnswer, !answer.capped || shrinking {
            fittingAnswer = nil
            setNeedsLayout()
        } else {
            setNeedsDisplay()
        }
    }

    // MARK: - Scrolling

    /// Scrolls by `rows` rows: negative toward older lines, positive toward newer ones.
    /// Scrolling up leaves the end (the log stops following); reaching the last row follows
    /// it again.
    public func scroll(by rows: Int) {
        let size = layoutFrame.size
        guard size.width > 0, size.height > 0, !lines.isEmpty, rows != 0 else { return }
        let end = endTop(in: size)
        let current = isFollowing ? end : min(clamped(top, width: size.width), end)
        let target = moved(current, by: rows, width: size.width)
        setScroll(following: target >= end, top: target)
    }

    /// Shows the first line. The log stops following unless every line fits.
    public func scrollToTop() {
        let size = layoutFrame.size
        guard size.width > 0, size.height > 0, !lines.isEmpty else { return }
        let first = Position(line: lines.firstID, row: 0)
        setScroll(following: first >= endTop(in: size), top: first)
    }

    /// Shows the last line and follows the end again.
    public func scrollToEnd() {
        setScroll(following: true, top: top)
    }

    private func setScroll(following: Bool, top: Position) {
        let old = (isFollowing, self.top)
        isFollowing = following
        if !following { self.top = top }
        if old != (isFollowing, self.top) { setNeedsDisplay() }
    }

    // MARK: - View

    /// The rows the lines take at `width`, counting from the newest line back and stopping at
    /// the screen's height: a log is seldom shown whole, and counting on would wrap lines
    /// nobody can see. A presentation that holds a log therefore grows with its lines up to
    /// the room it has.
    open override func fittingSize(width: Int) -> Size {
        let cap = max(1, scene?.size.height ?? 100)
        var height = 0
        if width > 0, !lines.isEmpty {
            var id = lines.lastID
            while id >= lines.firstID, height < cap {
                height += lines.rows(of: id, width: width).count
                id -= 1
            }
        }
        fittingAnswer = (min(height, cap), height >= cap)
        return Size(width: max(0, width), height: min(height, cap))
    }

    /// Told each new size the log is laid out at (not zero): a followed child's terminal
    /// follows it at once (`Log.follow`), not when the child next writes.
    package var sizeDidChange: ((Size) -> Void)?

    /// At a new size, follows the end again when the rows below the view now fit.
    open override func layoutSubviews() {
        let size = layoutFrame.size
        guard size != laidOutSize else { return }
        laidOutSize = size
        if size.width > 0, size.height > 0 { sizeDidChange?(size) }
        // At a new size the rows below the view may now fit: then it is at the end.
        if !isFollowing, size.width > 0, size.height > 0, !lines.isEmpty,
           min(clamped(top, width: size.width), endTop(in: size)) >= endTop(in: size) {
            isFollowing = true
        }
    }

    /// The rows in view, each line in its own style or the log's; while rows are below the
    /// view, the bottom row ends in the `↓ N more` marker.
    /// The colours the log's text is shown in (its style's, the terminal's own where that style
    /// keeps the default colours, as the theme knows or assumes them): what a program whose
    /// output it shows asks its terminal (`Log.follow` answers OSC 10/11 with them).
    package var shownColors: TerminalColors {
        let style = self.style ?? theme.text
        let terminal = theme.terminal
        func rgb(_ color: Color, _ fallback: (red: UInt8, green: UInt8, blue: UInt8)) -> (red: UInt8, green: UInt8, blue: UInt8) {
            if let rgb = color.rgbComponents { return rgb }
            if let index = color.index { return Palette.rgb(of: index) }
            return fallback
        }
        return TerminalColors(foreground: rgb(style.foreground, terminal.foreground), background: rgb(style.background, terminal.background))
    }

    open override func draw(into buffer: inout CellBuffer, clip: Rect) {
        let base = style ?? theme.text
        let area = clip.intersection(frame)
        buffer.fill(area, with: .blank(base))
        // Laid out at the target size (a presentation may animate the frame). Following the
        // end, the newest line stays above what covers the bottom (keepsClearOfPresentations).
        var size = layoutFrame.size
        if isFollowing, obscuredInsets.bottom > 0 { size.height = max(1, size.height - obscuredInsets.bottom) }
        guard size.width > 0, size.height > 0, !lines.isEmpty else { return }
        let end = endTop(in: size)
        var position = isFollowing ? end : min(clamped(top, width: size.width), end)
        let firstShown = position.line
        var y = frame.minY
        var rowsBelow = true
        while y < frame.minY + size.height {
            let rows = lines.rows(of: position.line, width: size.width)
            let line = lines[position.line]
            let indent = LogLines.indent(ofRow: position.row, hangingIndent: Int(line.hangingIndent), width: size.width)
            drawRow(rows[position.row], of: line, at: Point(x: frame.minX + indent, y: y), base: base,
                    into: &buffer, clip: area)
            y += 1
            let next = moved(position, by: 1, width: size.width)
            if next == position {
                rowsBelow = false
                break
            }
            position = next
        }
        // `position` is the first row below the view (or the last row, when none is).
        if rowsBelow {
            let below = lines.lastID - position.line + 1
            drawMarker(theme.displayable(" ↓ \(below) more "), row: y - 1, width: size.width, into: &buffer, clip: area)
        }
        lines.trimCache(around: firstShown...position.line, height: size.height)
    }

    /// Draws `row` (a slice of `line`'s text), each stretch in its span's style.
    private func drawRow(_ row: Substring, of line: LogLines.Line, at origin: Point, base: Style,
                         into buffer: inout CellBuffer, clip: Rect) {
        let spans: [LogLines.Span]
        switch line.styling {
        case .log:
            buffer.draw(row, at: origin, style: base, clip: clip)
            return
        case .style(let style):
            buffer.draw(row, at: origin, style: style, clip: clip)
            return
        case .inherited(let style):
            buffer.draw(row, at: origin, style: StyledText.Run("", style: style, inheritsDefaultColors: true).resolvedStyle(on: base),
                        clip: clip)
            return
        case .spans(let stretches):
            spans = stretches
        }
        let text = line.text
        let utf8 = text.utf8
        var start = utf8.distance(from: utf8.startIndex, to: row.startIndex)
        let end = utf8.distance(from: utf8.startIndex, to: row.endIndex)
        var x = origin.x
        for span in spans where span.end > start {
            let stop = min(span.end, end)
            let piece = text[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: stop)]
            x += buffer.draw(piece, at: Point(x: x, y: origin.y), style: span.resolvedStyle(on: base), clip: clip)
            start = stop
            if start >= end { break }
        }
    }

    /// Draws `text` right-aligned on `row`.
    private func drawMarker(_ text: String, row: Int, width: Int, into buffer: inout CellBuffer, clip: Rect) {
        let shown = TextWidth.truncated(text, toWidth: width)
        let x = frame.minX + width - TextWidth.of(shown)
        buffer.draw(shown, at: Point(x: x, y: row), style: markerStyle ?? theme.helpBar, clip: clip)
    }

    // MARK: - Events

    /// Up, Down, PageUp, PageDown, Home and End scroll (see the type's description); every
    /// other key goes on along the responder chain.
    open override func handleKey(_ key: Key) -> Bool {
        let page = max(1, layoutFrame.height - 1)
        switch key {
        case .up: scroll(by: -1)
        case .down: scroll(by: 1)
        case .pageUp: scroll(by: -page)
        case .pageDown: scroll(by: page)
        case .home: scrollToTop()
        case .end: scrollToEnd()
        default: return false
        }
        return true
    }

    /// The wheel scrolls ``wheelStep`` rows a step; presses and drags go on to the superview.
    open override func handleMouse(_ event: MouseEvent) -> Bool {
        switch event.kind {
        case .scrollUp: scroll(by: -Self.wheelStep)
        case .scrollDown: scroll(by: Self.wheelStep)
        default: return false
        }
        return true
    }
}
