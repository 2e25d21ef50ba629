/// Turns what ncurses reads (``RawInput``) into ``TerminalEvent``s: a pure state machine with no
/// clock of its own.
///
/// ncurses decodes the key sequences listed in terminfo, but returns everything else byte by
/// byte: an Esc press, CSI sequences the terminfo entry lacks (`ESC [ Z`, `ESC [ A` in normal
/// cursor mode, SGR mouse) and the bracketed-paste markers `ESC [ 200 ~` … `ESC [ 201 ~`. This
/// decoder assembles them.
///
/// Time enters only as ``RawInput/idle``: the reader feeds it when a read timed out. While
/// ``isPending`` the reader should wait only briefly (an Esc followed by nothing is the Esc key);
/// while ``isInPaste`` it should wait longer, and an idle wait then ends the paste with what
/// arrived (a terminal that lost the end marker cannot swallow all later typing). A late end
/// marker is ignored. So no interleaving of reads and timeouts garbles input: the worst case is a
/// paste split in two.
struct KeyDecoder: Sendable {
    private enum State: Sendable {
        case ground
        /// After ESC.
        case escape
        /// After ESC [, collecting parameter and intermediate bytes in `sequence`.
        case csi
        /// After ESC O.
        case ss3
        /// Inside a CSI sequence too long to be one we know: skipped up to its final byte.
        case overlongCSI
        case paste
        /// ESC inside a paste.
        case pasteEscape
        /// ESC [ inside a paste: either the end marker or a sequence to drop.
        case pasteCSI
        /// ESC O inside a paste: the next character is dropped.
        case pasteSS3
    }

    private var state = State.ground
    /// Parameter and intermediate bytes of the CSI sequence being read (ASCII only).
    private var sequence: [UInt8] = []
    private var pasteText = String.UnicodeScalarView()
    /// The last paste character was CR, so a following LF belongs to the same line break.
    private var pasteAfterCR = false

    /// Longest CSI parameter string accepted; longer ones are garbage and dropped.
    static let maximumSequenceLength = 32

    init() {}

    /// True while the decoder holds the start of an escape sequence and should be fed the next
    /// input soon, or ``RawInput/idle`` if none arrives.
    var isPending: Bool {
        switch state {
        case .ground: false
        default: true
        }
    }

    /// True while a bracketed paste is being collected.
    var isInPaste: Bool {
        switch state {
        case .paste, .pasteEscape, .pasteCSI, .pasteSS3: true
        default: false
        }
    }

    /// Feeds one input, appending the events it completes to `events`.
    mutating func feed(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch state {
        case .ground: feedGround(input, into: &events)
        case .escape: feedEscape(input, into: &events)
        case .csi: feedCSI(input, into: &events)
        case .ss3: feedSS3(input, into: &events)
        case .overlongCSI: feedOverlongCSI(input, into: &events)
        case .paste: feedPaste(input, into: &events)
        case .pasteEscape: feedPasteEscape(input, into: &events)
        case .pasteCSI: feedPasteCSI(input, into: &events)
        case .pasteSS3: feedPasteSS3(input, into: &events)
        }
    }

    /// Convenience for tests and simple callers: the events `inputs` produce, in order.
    mutating func decode(_ inputs: [RawInput]) -> [TerminalEvent] {
        var events: [TerminalEvent] = []
        for input in inputs { feed(input, into: &events) }
        return events
    }

    // MARK: Outside sequences

    private mutating func feedGround(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character(let code):
            if code == 0x1B {
                state = .escape
            } else if let key = Self.key(forCode: code) {
                events.append(.key(key))
            }
        case .key(let key): events.append(.key(key))
        case .mouse(let column, let row): events.append(.mouse(column: column, row: row))
        case .resize(let size): events.append(.resize(size))
        case .idle: break
        }
    }

    /// The key for a character code outside any sequence, nil for codes that are no key (C1
    /// controls).
    static func key(forCode code: UInt32) -> Key? {
        switch code {
        case 0x0D, 0x0A: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x03: return .controlC
        case 0x1A: return .controlZ
        case 0x1B: return .escape
        case 0x01...0x19:
            return .control(Character(Unicode.Scalar(UInt8(code) + 0x60)))
        case 0x00, 0x1C...0x1F:
            return .control(Character(Unicode.Scalar(UInt8(code) + 0x40)))
        case 0x80...0x9F: return nil
        default:
            return .character(Character(Unicode.Scalar(code) ?? "\u{FFFD}"))
        }
    }

    private mutating func feedEscape(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character(0x5B): // [
            state = .csi
            sequence.removeAll(keepingCapacity: true)
        case .character(0x4F): // O
            state = .ss3
        case .character(0x1B):
            events.append(.key(.escape)) // Esc pressed twice: the second may start a sequence.
        case .idle:
            events.append(.key(.escape))
            state = .ground
        default:
            // Esc followed by an ordinary key (Alt-x on many terminals): both keys, in order.
            events.append(.key(.escape))
            state = .ground
            feedGround(input, into: &events)
        }
    }

    private mutating func feedCSI(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character(let code) where (0x20...0x3F).contains(code):
            if sequence.count >= Self.maximumSequenceLength {
                state = .overlongCSI // garbage: skip it rather than show it
            } else {
                sequence.append(UInt8(code))
            }
        case .character(let code) where (0x40...0x7E).contains(code):
            state = .ground
            finishCSI(final: UInt8(code), into: &events)
        case .idle:
            // Esc then "[" typed by hand: report what was typed.
            events.append(.key(.escape))
            events.append(.key(.character("[")))
            for byte in sequence { events.append(.key(.character(Character(Unicode.Scalar(byte))))) }
            state = .ground
        default:
            // Not a valid continuation: drop the broken sequence, keep the new input.
            state = .ground
            feedGround(input, into: &events)
        }
    }

    private mutating func feedOverlongCSI(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character(let code) where (0x20...0x3F).contains(code):
            break
        case .character(let code) where (0x40...0x7E).contains(code):
            state = .ground
        case .idle:
            state = .ground
        default:
            state = .ground
            feedGround(input, into: &events)
        }
    }

    private mutating func finishCSI(final: UInt8, into events: inout [TerminalEvent]) {
        if sequence.first == 0x3C { // "<": SGR mouse report
            if let mouse = Self.sgrMouse(parameters: sequence.dropFirst(), final: final) {
                events.append(mouse)
            }
            return
        }
        let parameters = Self.numbers(in: sequence[...])
        let first = parameters.first ?? 0
        let key: Key?
        switch final {
        case 0x41: key = .up
        case 0x42: key = .down
        case 0x43: key = .right
        case 0x44: key = .left
        case 0x48: key = .home
        case 0x46: key = .end
        case 0x5A: key = .backTab
        case 0x50...0x53: key = .function(Int(final) - 0x50 + 1)
        case 0x7E: // ~
            switch first {
            case 200:
                state = .paste
                pasteText.removeAll(keepingCapacity: true)
                pasteAfterCR = false
                return
            case 1, 7: key = .home
            case 4, 8: key = .end
            case 2: key = .insert
            case 3: key = .delete
            case 5: key = .pageUp
            case 6: key = .pageDown
            case 11...15: key = .function(first - 10)
            case 17...21: key = .function(first - 11)
            case 23, 24: key = .function(first - 12)
            default: key = nil // includes a stray paste end marker (201)
            }
        default: key = nil // focus reports and sequences we do not use
        }
        if let key { events.append(.key(key)) }
    }

    private mutating func feedSS3(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character(let code):
            state = .ground
            switch code {
            case 0x41: events.append(.key(.up))
            case 0x42: events.append(.key(.down))
            case 0x43: events.append(.key(.right))
            case 0x44: events.append(.key(.left))
            case 0x48: events.append(.key(.home))
            case 0x46: events.append(.key(.end))
            case 0x4D: events.append(.key(.enter)) // keypad Enter
            case 0x50...0x53: events.append(.key(.function(Int(code) - 0x50 + 1)))
            case 0x40...0x7E: break // other SS3 keys: dropped, never shown as text
            default:
                events.append(.key(.escape))
                events.append(.key(.character("O")))
                feedGround(input, into: &events)
            }
        case .idle:
            events.append(.key(.escape))
            events.append(.key(.character("O")))
            state = .ground
        default:
            state = .ground
            feedGround(input, into: &events)
        }
    }

    // MARK: Bracketed paste

    private mutating func feedPaste(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character(let code):
            appendPaste(code)
        case .key(.enter):
            appendPasteNewline()
        case .key(.tab):
            pasteText.append("\t")
            pasteAfterCR = false
        case .key:
            break // ncurses decoded an escape sequence inside the paste: not text
        case .mouse:
            break
        case .resize(let size):
            events.append(.resize(size)) // a resize must never be lost, paste or not
        case .idle:
            finishPaste(into: &events)
        }
    }

    private mutating func appendPaste(_ code: UInt32) {
        switch code {
        case 0x1B:
            state = .pasteEscape
        case 0x0D:
            pasteText.append("\n")
            pasteAfterCR = true
        case 0x0A:
            if !pasteAfterCR { pasteText.append("\n") }
            pasteAfterCR = false
        case 0x09:
            pasteText.append("\t")
            pasteAfterCR = false
        case 0x00...0x1F, 0x7F...0x9F:
            pasteAfterCR = false // control characters would act as keys: removed
        default:
            pasteText.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            pasteAfterCR = false
        }
    }

    private mutating func appendPasteNewline() {
        pasteText.append("\n")
        pasteAfterCR = false
    }

    private mutating func finishPaste(into events: inout [TerminalEvent]) {
        state = .ground
        if !pasteText.isEmpty { events.append(.paste(String(pasteText))) }
        pasteText.removeAll(keepingCapacity: false)
        pasteAfterCR = false
    }

    private mutating func feedPasteEscape(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character(0x5B):
            state = .pasteCSI
            sequence.removeAll(keepingCapacity: true)
        case .character(0x4F):
            state = .pasteSS3
        case .character(0x1B):
            break
        case .idle:
            finishPaste(into: &events)
        default:
            state = .paste // the lone ESC is dropped; what follows is text again
            feedPaste(input, into: &events)
        }
    }

    private mutating func feedPasteCSI(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character(let code) where (0x20...0x3F).contains(code):
            if sequence.count < Self.maximumSequenceLength { sequence.append(UInt8(code)) }
        case .character(let code) where (0x40...0x7E).contains(code):
            if code == 0x7E, sequence.elementsEqual("201".utf8) {
                finishPaste(into: &events)
            } else {
                state = .paste // an escape sequence inside the paste: dropped
            }
        case .idle:
            finishPaste(into: &events)
        default:
            state = .paste
            feedPaste(input, into: &events)
        }
    }

    private mutating func feedPasteSS3(_ input: RawInput, into events: inout [TerminalEvent]) {
        switch input {
        case .character:
            state = .paste
        case .idle:
            finishPaste(into: &events)
        default:
            state = .paste
            feedPaste(input, into: &events)
        }
    }

    // MARK: Parameters

    /// The decimal numbers of a parameter string "a;b;c" (empty fields are 0, overflow saturates).
    static func numbers(in bytes: ArraySlice<UInt8>) -> [Int] {
        var result: [Int] = []
        var current = 0
        for byte in bytes {
            if byte == 0x3B {
                result.append(current)
                current = 0
            } else if (0x30...0x39).contains(byte) {
                current = min(current &* 10 &+ Int(byte - 0x30), 1_000_000)
            }
        }
        result.append(current)
        return result
    }

    /// A button-1 press from an SGR mouse report `ESC [ < b ; x ; y M`, nil for anything else.
    static func sgrMouse(parameters: ArraySlice<UInt8>, final: UInt8) -> TerminalEvent? {
        let fields = numbers(in: parameters)
        guard final == 0x4D, fields.count == 3 else { return nil }
        let button = fields[0]
        // Low two bits: button (0 is button 1); 32: motion; 64: wheel.
        guard button & 0b11 == 0, button & 32 == 0, button & 64 == 0 else { return nil }
        return .mouse(column: max(0, fields[1] - 1), row: max(0, fields[2] - 1))
    }
}
