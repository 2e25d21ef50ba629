import CurtainLayout
import CurtainScreen

/// Turns text with terminal escape sequences — a child process's output, `ls --color`, a
/// compiler's diagnostics — into ``StyledText``, keeping its colours and attributes and nothing
/// else.
///
/// ```swift
/// var parser = ANSIParser()
/// let (output, _) = AsyncStream.makeStream(of: String.self)           // a program's output, in chunks
/// for await chunk in output { log.append(parser.parse(chunk)) }   // a sequence may span chunks
/// log.append(parser.finish())
/// ```
///
/// ``StyledText/init(ansi:)`` parses a whole text at once; ``Log/append(ansi:)`` keeps a parser
/// per log.
///
/// **Kept:** SGR (`ESC [ … m`): reset (0), bold (1), dim (2), italic (3), underline (4, and
/// `4:n`), reverse (7), their resets (22, 23, 24, 27), the 8 + 8 colours (30–37, 40–47,
/// 90–97, 100–107), 256 colours (`38;5;n`) and 24-bit colours (`38;2;r;g;b`, also with colons),
/// default colours (39, 49). Colours are `Style` colours, reduced to the terminal's depth at
/// output like every other. The runs' default colours and attributes are those of the view that
/// draws them (``StyledText/Run/inheritsDefaultColors``), so uncoloured output sits on the
/// view's background.
///
/// **Dropped:** every other control sequence — CSI (cursor moves, erases, modes), OSC (titles,
/// the clipboard, hyperlinks: their text stays), DCS, SOS, PM, APC, other `ESC` sequences — and
/// the carriage return. Their C1 forms (U+0080…U+009F) too. Nothing of a sequence reaches a
/// cell or the terminal.
///
/// **Shown:** other C0 controls and DEL as their control pictures (NUL → `␀`, BEL → `␇`), as
/// the views show controls; an `ESC` that starts no sequence as `␛`. A tab becomes spaces to the
/// next multiple of eight columns; a newline stays.
///
/// **Bounds.** A malformed sequence never swallows more than a bounded stretch: a CSI ends
/// after ``maximumSequenceLength`` scalars, and a string (OSC, DCS…) at a newline or after
/// ``maximumStringLength`` scalars; what follows is text again. No input makes it trap.
public struct ANSIParser: Sendable {
    /// Scalars a CSI or `ESC` sequence may take before it is abandoned.
    public static let maximumSequenceLength = 256
    /// Scalars an OSC, DCS, SOS, PM or APC string may take before it is abandoned (an OSC 52
    /// clipboard of about 6 KB fits).
    public static let maximumStringLength = 8192

    private enum State: Sendable {
        case text
        /// After `ESC`, with this many intermediates (0x20…0x2F) so far.
        case escape(intermediates: Int)
        /// Inside a control sequence; its parameters so far, and whether it can still be SGR.
        case csi(parameters: [UInt8], isSGR: Bool)
        /// Inside a string sequence (OSC, DCS, SOS, PM, APC), this many scalars in.
        case string(length: Int)
    }

    private var state = State.text
    private var foreground = Color.default
    private var background = Color.default
    private var attributes: TextAttributes = []
    /// Cells since the last newline, for tab stops.
    private var column = 0
    /// Whether a carriage return, a backspace and `ESC [ K` edit the line as a terminal would
    /// (a ``Log``'s parser); otherwise the first is dropped and the others inert.
    var editsLines = false

    /// Whether stretches of printable ASCII are read whole (see ``parse(_:)``); a test turns it
    /// off to compare with reading every scalar through the states.
    var readsTextInStretches = true

    /// A parser in the initial state: no sequence started, the view's own style.
    public init() {}

    /// The style SGR sequences set so far; nil while it is the view's own (after a reset).
    public var style: Style? {
        foreground.isDefault && background.isDefault && attributes.isEmpty
            ? nil : Style(foreground: foreground, background: background, attributes: attributes)
    }

    /// True while the input so far ends inside a sequence, which the next chunk completes.
    public var isInsideSequence: Bool {
        if case .text = state { return false }
        return true
    }

    /// The text of `chunk` with its styles. A sequence cut at the end of `chunk` is kept and
    /// completed by the next call; the style carries on from one call to the next.
    public mutating func parse(_ chunk: some StringProtocol) -> StyledText {
        var output = Output()
        let parsed: Void? = chunk.utf8.withContiguousStorageIfAvailable { parse($0, into: &output) }
        if parsed == nil {
            var copy = String(chunk)
            copy.withUTF8 { parse($0, into: &output) }
        }
        return output.text
    }

    /// Reads `bytes` (valid UTF-8: a string's). A stretch of printable ASCII outside any
    /// sequence — most of a program's output — joins the text in one piece; everything else
    /// goes through the states one scalar at a time. (Scalar by scalar throughout, the parse
    /// was most of what following four busy children cost the main actor.)
    private mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout Output) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if readsTextInStretches, Self.isPrintableASCII(byte), case .text = state, output.takesTextInPieces {
                var end = index + 1
                while end < count, Self.isPrintableASCII(bytes[end]) { end += 1 }
                column += end - index
                output.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<end]), as: UTF8.self), plainStyle: style)
                index = end
                continue
            }
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
            var value = length == 1 ? UInt32(byte) : UInt32(byte) & (0xFF >> (length + 1))
            for offset in 1..<max(1, min(length, count - index)) {
                value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            }
            consume(Unicode.Scalar(value) ?? "\u{FFFD}", into: &output)
            index += length
        }
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool { byte >= 0x20 && byte < 0x7F }

    /// Ends the input: a sequence left open is dropped (a lone `ESC` is shown as `␛`). The
    /// style stays for text parsed after.
    public mutating func finish() -> StyledText {
        var output = Output()
        if case .escape(intermediates: 0) = state { emit(picture(0x1B), into: &output) }
        state = .text
        return output.text
    }

    /// Starts a new line for tab stops: a log's next call appends a new line whatever the
    /// last one ended with.
    mutating func startLine() { column = 0 }

    /// Back to the initial state: no sequence open, the view's own style, column 0.
    public mutating func reset() { self = ANSIParser() }

    // MARK: - States

    private mutating func consume(_ scalar: Unicode.Scalar, into output: inout Output) {
        let value = scalar.value
        switch state {
        case .text:
            text(scalar, into: &output)
        case .escape(let intermediates):
            switch value {
            case 0x5B: state = .csi(parameters: [], isSGR: true)      // [
            case 0x5D, 0x50, 0x58, 0x5E, 0x5F: state = .string(length: 0)   // ] P X ^ _
            case 0x20...0x2F where intermediates < Self.maximumSequenceLength:
                state = .escape(intermediates: intermediates + 1)
            case 0x30...0x7E: state = .text   // a complete ESC sequence (ESC 7, ESC ( B, ESC \ …): dropped
            default:
                // Not a sequence: show the ESC (unless it had intermediates), then the scalar as text.
                if intermediates == 0 { emit(picture(0x1B), into: &output) }
                state = .text
                text(scalar, into: &output)
            }
        case .csi(var parameters, let isSGR):
            switch value {
            case 0x30...0x3F:
                guard parameters.count < Self.maximumSequenceLength else {
                    // Too long to be real: given up, and this scalar on is text.
                    state = .text
                    text(scalar, into: &output)
                    return
                }
                // Only digits, ';' and ':' make SGR parameters; a private marker (?, <, =, >) does not.
                let sgr = isSGR && value <= 0x3B
                parameters.append(UInt8(value))
                state = .csi(parameters: parameters, isSGR: sgr)
            case 0x20...0x2F where parameters.count < Self.maximumSequenceLength:
                parameters.append(0x20)
                state = .csi(parameters: parameters, isSGR: false)
            case 0x40...0x7E:
                state = .text
                if isSGR && value == 0x6D { applySGR(parameters) }   // m
                if editsLines, isSGR, value == 0x4B { eraseInLine(parameters, into: &output) }   // K
            default:
                // A control, DEL or any other scalar cuts the sequence short (as ECMA-48's CAN
                // does); the scalar is then read as text, so a newline is never lost.
                state = .text
                text(scalar, into: &output)
            }
        case .string(let length):
            switch value {
            case 0x07, 0x9C: state = .text                   // BEL, ST: the end
            case 0x1B: state = .escape(intermediates: 0)     // ESC \ (ST) ends it; any ESC does
            case 0x0A, 0x18, 0x1A:
                // A newline, CAN or SUB: the string was never ended. Abandon it there rather than
                // swallow the lines after it.
                state = .text
                text(scalar, into: &output)
            default:
                if length < Self.maximumStringLength {
                    state = .string(length: length + 1)
                } else {
                    // Never ended: given up, and this scalar on is text.
                    state = .text
                    text(scalar, into: &output)
                }
            }
        }
    }

    private mutating func text(_ scalar: Unicode.Scalar, into output: inout Output) {
        let value = scalar.value
        switch value {
        case 0x0A:
            column = 0
            output.append("\n", style: style)
        case 0x0D where editsLines:
            column = 0
            output.moveToLineStart()
        case 0x08 where editsLines:
            column = max(0, column - 1)
            output.moveBack()
        case 0x0D: break   // a carriage return moves nothing in a log; "\r\n" is a newline
        case 0x09:
            let spaces = 8 - column % 8
            emit(String(repeating: " ", count: spaces), width: spaces, into: &output)
        case 0x1B: state = .escape(intermediates: 0)
        case 0x00..<0x20, 0x7F: emit(picture(value), into: &output)
        case 0x9B: state = .csi(parameters: [], isSGR: true)
        case 0x90, 0x98, 0x9D, 0x9E, 0x9F: state = .string(length: 0)
        case 0x80..<0xA0: break   // other C1 controls (and a stray ST): nothing to show
        default:
            column += TextWidth.of(scalar: scalar)
            output.append(scalar, style: style)
        }
    }

    private mutating func emit(_ picture: Unicode.Scalar, into output: inout Output) {
        column += 1
        output.append(picture, style: style)
    }

    private mutating func emit(_ text: String, width: Int, into output: inout Output) {
        column += width
        output.append(text, style: style)
    }

    /// The control picture of a C0 control (U+2400 + value) or of DEL (U+2421).
    private func picture(_ value: UInt32) -> Unicode.Scalar {
        value == 0x7F ? "\u{2421}" : Unicode.Scalar(0x2400 + value)!
    }

    // MARK: - SGR

    private mutating func applySGR(_ bytes: [UInt8]) {
        // Parameters split at ';', each a list of sub-parameters split at ':'; empty is 0.
        var parameters: [[Int]] = [[]]
        var number: Int?
        func endNumber() {
            parameters[parameters.count - 1].append(number ?? 0)
            number = nil
        }
        for byte in bytes {
            switch byte {
            case 0x30...0x39: number = min(99_999, (number ?? 0) * 10 + Int(byte - 0x30))
            case 0x3A: endNumber()
            default:
                endNumber()
                parameters.append([])
            }
        }
        endNumber()
        var index = 0
        while index < parameters.count {
            let parameter = parameters[index]
            index += 1
            let code = parameter[0]
            switch code {
            case 0:
                foreground = .default
                background = .default
                attributes = []
            case 1: attributes.insert(.bold)
            case 2: attributes.insert(.dim)
            case 3: attributes.insert(.italic)
            case 4:
                // 4:0 is "no underline"; 4:1…4:5 are kinds of underline.
                if parameter.count > 1, parameter[1] == 0 { attributes.remove(.underline) } else { attributes.insert(.underline) }
            case 7: attributes.insert(.reverse)
            case 22: attributes.subtract([.bold, .dim])
            case 23: attributes.remove(.italic)
            case 24: attributes.remove(.underline)
            case 27: attributes.remove(.reverse)
            case 30...37: foreground = .indexed(UInt8(code - 30))
            case 39: foreground = .default
            case 40...47: background = .indexed(UInt8(code - 40))
            case 49: background = .default
            case 90...97: foreground = .indexed(UInt8(code - 90 + 8))
            case 100...107: background = .indexed(UInt8(code - 100 + 8))
            case 38, 48, 58:
                // An extended colour, in sub-parameters (38:5:n) or in the parameters after it
                // (38;5;n); 58 (the underline's colour) is read to be skipped.
                let color: Color?
                if parameter.count > 1 {
                    color = Self.extendedColor(Array(parameter.dropFirst()), colonForm: true).color
                } else {
                    let rest = parameters[index...].prefix(5).map { $0[0] }
                    let (parsed, used) = Self.extendedColor(rest, colonForm: false)
                    color = parsed
                    index += used
                }
                if let color, code == 38 { foreground = color }
                if let color, code == 48 { background = color }
            default: break   // blink, hidden, strike-through, fonts…: not shown
            }
        }
    }

    /// The colour of an extended colour's arguments (`5;n` or `2;r;g;b`; the colon form may put
    /// a colour-space id before r, g, b) and how many arguments it took; nil when they make no
    /// colour (the arguments are still used up).
    private static func extendedColor(_ arguments: [Int], colonForm: Bool) -> (color: Color?, used: Int) {
        guard let kind = arguments.first else { return (nil, 0) }
        switch kind {
        case 5:
            guard arguments.count >= 2 else { return (nil, arguments.count) }
            return (arguments[1] <= 255 ? .indexed(UInt8(arguments[1])) : nil, 2)
        case 2:
            var components = Array(arguments.dropFirst())
            if colonForm, components.count >= 4 { components.removeFirst() }   // 38:2:id:r:g:b
            guard components.count >= 3 else { return (nil, arguments.count) }
            let (r, g, b) = (components[0], components[1], components[2])
            guard r <= 255, g <= 255, b <= 255 else { return (nil, 4) }
            return (.rgb(UInt8(r), UInt8(g), UInt8(b)), 4)
        default:
            return (nil, 1)
        }
    }

    /// `ESC [ K` (0: to the end of the line, 1: from its start to the cursor, 2: all of it).
    private mutating func eraseInLine(_ parameters: [UInt8], into output: inout Output) {
        switch parameters.isEmpty ? 0 : Int(String(decoding: parameters, as: UTF8.self)) ?? -1 {
        case 0: output.erase(toEnd: true, fromStart: false)
        case 1: output.erase(toEnd: false, fromStart: true)
        case 2: output.erase(toEnd: true, fromStart: true)
        default: break
        }
    }

    /// Runs being built: a scalar in the same style as the last run joins it. Once the cursor
    /// moved back on the current line (a carriage return, a backspace), that line is held as
    /// cells, one character each, which later text overwrites, until the line ends.
    private struct Output {
        var runs: [StyledText.Run] = []
        /// The current line as cells, while it is being edited; its runs are then not in `runs`.
        private var cells: [(text: String, style: Style?)] = []
        private var editing = false
        private var cursor = 0
        /// Where the current line starts in `runs`: the run and the UTF-8 offset in it.
        private var lineStart = (run: 0, offset: 0)

        /// Back to the start of the current line.
        mutating func moveToLineStart() {
            startEditing()
            cursor = 0
        }

        /// One character back, not past the line's start.
        mutating func moveBack() {
            startEditing()
            cursor = max(0, cursor - 1)
        }

        mutating func erase(toEnd: Bool, fromStart: Bool) {
            startEditing()
            if fromStart {
                for index in 0..<min(cells.count, cursor + 1) { cells[index] = (" ", nil) }
            }
            if toEnd, cursor < cells.count { cells.removeSubrange(cursor...) }
        }

        /// Takes the current line out of `runs` into `cells`, the cursor at its end.
        private mutating func startEditing() {
            guard !editing else { return }
            editing = true
            var line: [(text: String, style: Style?)] = []
            if lineStart.run < runs.count {
                var first = runs[lineStart.run]
                let utf8 = first.text.utf8
                let kept = String(first.text[..<utf8.index(utf8.startIndex, offsetBy: lineStart.offset)])
                first.text = String(first.text[utf8.index(utf8.startIndex, offsetBy: lineStart.offset)...])
                var taken = [first] + runs[(lineStart.run + 1)...]
                runs.removeSubrange(lineStart.run...)
                if !kept.isEmpty { runs.append(StyledText.Run(kept, style: first.style, inheritsDefaultColors: first.inheritsDefaultColors)) }
                for index in taken.indices {
                    for character in taken[index].text { line.append((String(character), taken[index].style)) }
                }
                taken.removeAll()
            }
            cells = line
            cursor = line.count
        }

        /// Puts an edited line back into runs.
        private mutating func stopEditing() {
            guard editing else { return }
            editing = false
            let line = cells
            cells = []
            for cell in line {
                for scalar in cell.text.unicodeScalars { appendToRuns(scalar, style: cell.style) }
            }
        }

        mutating func append(_ scalar: Unicode.Scalar, style: Style?) {
            if scalar == "\n" {
                stopEditing()
                appendToRuns(scalar, style: style)
                lineStart = (runs.count - 1, runs[runs.count - 1].text.utf8.count)
                return
            }
            guard editing else { return appendToRuns(scalar, style: style) }
            // A scalar that joins the character before it (a combining mark) goes with it.
            if !scalar.isASCII, cursor > 0, (cells[cursor - 1].text + String(scalar)).count == 1 {
                cells[cursor - 1].text.unicodeScalars.append(scalar)
            } else if cursor < cells.count {
                cells[cursor] = (String(scalar), style)
                cursor += 1
            } else {
                cells.append((String(scalar), style))
                cursor += 1
            }
        }

        private mutating func appendToRuns(_ scalar: Unicode.Scalar, style: Style?) {
            if let last = runs.indices.last, runs[last].style == style {
                runs[last].text.unicodeScalars.append(scalar)
            } else {
                runs.append(StyledText.Run(String(scalar), style: style, inheritsDefaultColors: style != nil))
            }
        }

        mutating func append(_ text: String, style: Style?) {
            for scalar in text.unicodeScalars { append(scalar, style: style) }
        }

        /// Whether text without line breaks can join the runs whole: not while a line is
        /// edited as cells.
        var takesTextInPieces: Bool { !editing }

        /// Appends `text` — printable, no line break — to the runs in one piece.
        mutating func append(_ text: String, plainStyle style: Style?) {
            if let last = runs.indices.last, runs[last].style == style {
                runs[last].text += text
            } else {
                runs.append(StyledText.Run(text, style: style, inheritsDefaultColors: style != nil))
            }
        }

        var text: StyledText {
            var copy = self
            copy.stopEditing()
            return StyledText(runs: copy.runs)
        }
    }
}
