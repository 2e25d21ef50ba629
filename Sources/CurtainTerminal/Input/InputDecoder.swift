import Curtain

/// What the decoder makes of input: an event for the program, or a reply for the session.
enum DecodedInput: Hashable, Sendable {
    case event(Event)
    case reply(TerminalReply)
}

/// Turns the bytes a terminal sends into events and replies: a pure state machine, with no
/// clock, no ncurses and no descriptor.
///
/// It decodes UTF-8 text (wide characters included), C0 controls as keys (Ctrl-C is
/// `.ctrl("c")`), Alt as an Esc just before a key (`.alt("x")`), CSI and SS3 keys with xterm's
/// modifier parameters, the terminal's own key sequences from terminfo (``KeySequenceTable``),
/// bracketed paste as one ``Event/paste(_:)``, SGR and X10 mouse reports, and the terminal's
/// answers to queries as ``TerminalReply``s, never as keys. Garbage and overlong sequences are
/// dropped, never shown as text.
///
/// Time enters only through ``idle(into:)``: the reader calls it when nothing more arrived
/// within the wait the decoder asked for. While ``isPending`` the wait is short (an Esc
/// followed by nothing is the Esc key; `ESC [` typed by hand is Alt-[); while ``isInPaste`` it
/// is long, and an idle then ends the paste with what arrived, so a terminal that lost the end
/// marker cannot swallow all later typing (a late end marker is ignored). So no interleaving of
/// reads and timeouts garbles input: the worst case is a paste split in two, and input split
/// at any byte gives the same events as input read whole.
struct InputDecoder: Sendable {
    enum State: Equatable, Sendable {
        case ground
        /// After ESC.
        case escape
        /// After `ESC [`: the sequence so far in `sequence`.
        case csi
        /// Inside a CSI sequence too long to be one we know: skipped up to its final byte.
        case csiOverlong
        /// A CSI sequence ended on a final byte that also starts a longer terminfo key (Linux
        /// console F1, `ESC [ [ A`): read on while the table still matches.
        case tableSequence(genericEnd: Int)
        /// After `ESC O`.
        case ss3
        /// After `ESC [ M`: the three bytes of an X10 mouse report, raw (not UTF-8).
        case x10Mouse
        /// After `ESC ]`: an operating system command string.
        case osc
        /// ESC inside an OSC string (`ESC \` ends it).
        case oscEscape
        case paste
        /// ESC inside a paste.
        case pasteEscape
        /// `ESC [` inside a paste: the end marker, or a sequence to drop.
        case pasteCSI
        /// `ESC O` inside a paste: the next character is dropped.
        case pasteSS3
    }

    var state = State.ground
    var utf8 = UTF8Decoder()
    /// The bytes after ESC of the sequence being read (`[` and what follows for CSI).
    var sequence: [UInt8] = []
    /// The text of the paste being collected.
    /// The paste so far, as UTF-8 (a megabyte paste grows one buffer, not a string per scalar).
    var pasteBytes: [UInt8] = []
    /// The last paste character was CR, so a following LF belongs to the same line break.
    var pasteAfterCR = false
    /// The text of the OSC string being read, and whether it grew past the limit.
    var oscText = String.UnicodeScalarView()
    var oscOverflowed = false
    /// The terminal's own key sequences, matched before the generic parser.
    let keyTable: KeySequenceTable

    /// Longest CSI parameter string accepted for keys; longer ones are garbage and dropped.
    static let maximumSequenceLength = 32
    /// Longest accepted for replies (private marker `<=>?`): a DA1 answer lists many features.
    static let maximumReplyLength = 256
    /// Longest OSC string kept; longer ones are read to their end and dropped.
    static let maximumOSCLength = 4096

    init(keyTable: KeySequenceTable = KeySequenceTable()) {
        self.keyTable = keyTable
    }

    /// True while the decoder holds the start of something (an escape sequence, a character's
    /// first bytes, a paste) and should be fed more input soon, or ``idle(into:)``.
    var isPending: Bool {
        if case .ground = state { return utf8.isPending }
        return true
    }

    /// True while a bracketed paste is being collected (the reader waits longer for more).
    var isInPaste: Bool {
        switch state {
        case .paste, .pasteEscape, .pasteCSI, .pasteSS3: true
        default: false
        }
    }

    /// Feeds bytes, appending what they complete to `output`.
    mutating func feed(_ bytes: ArraySlice<UInt8>, into output: inout [DecodedInput]) {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if state == .paste, !utf8.isPending {
                // The bulk of a paste, printable ASCII, goes in a run at a time.
                let end = Self.printableASCIIEnd(bytes, from: index)
                if end > index {
                    pasteBytes.append(contentsOf: bytes[index..<end])
                    pasteAfterCR = false
                    index = end
                    continue
                }
            }
            feed(bytes[index], into: &output)
            index += 1
        }
    }

    /// Where the run of printable ASCII (U+0020…U+007E) starting at `start` ends.
    @inline(__always)
    static func printableASCIIEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var end = start
        while end < bytes.endIndex, bytes[end] >= 0x20, bytes[end] < 0x7F { end += 1 }
        return end
    }

    /// Feeds one byte.
    mutating func feed(_ byte: UInt8, into output: inout [DecodedInput]) {
        switch state {
        case .csi, .csiOverlong, .tableSequence, .ss3, .pasteCSI:
            feedSequenceByte(byte, into: &output)
        case .x10Mouse:
            feedX10Byte(byte, into: &output)
        default:
            if byte < 0x80, !utf8.isPending {
                feedScalar(UInt32(byte), into: &output)
                return
            }
            let decoded = utf8.feed(byte)
            if decoded.brokeSequence { feedScalar(0xFFFD, into: &output) }
            if let scalar = decoded.scalar { feedScalar(scalar, into: &output) }
        }
    }

    /// Nothing more arrived in time: completes what is pending (an Esc alone is the Esc key,
    /// a cut-off character is U+FFFD, a stalled paste is delivered, a cut-off reply dropped).
    mutating func idle(into output: inout [DecodedInput]) {
        if utf8.flush() { feedScalar(0xFFFD, into: &output) }
        switch state {
        case .ground:
            break
        case .escape:
            state = .ground
            output.append(.event(.key(.escape)))
        case .csi, .ss3:
            state = .ground
            reportTypedByHand(into: &output)
        case .csiOverlong, .x10Mouse:
            state = .ground
        case .tableSequence(let genericEnd):
            endTableSequence(genericEnd: genericEnd, into: &output)
            if isPending { idle(into: &output) }
        case .osc, .oscEscape:
            endOSCWithoutTerminator(into: &output)
        case .paste, .pasteEscape, .pasteCSI, .pasteSS3:
            finishPaste(into: &output)
        }
    }

    /// Convenience for tests: what `bytes` decode to, with no idle at the end.
    mutating func decode(_ bytes: [UInt8]) -> [DecodedInput] {
        var output: [DecodedInput] = []
        feed(bytes[...], into: &output)
        return output
    }

    // MARK: Characters

    mutating func feedScalar(_ scalar: UInt32, into output: inout [DecodedInput]) {
        switch state {
        case .ground: feedGround(scalar, into: &output)
        case .escape: feedEscape(scalar, into: &output)
        case .osc: feedOSC(scalar, into: &output)
        case .oscEscape: feedOSCEscape(scalar, into: &output)
        case .paste: feedPaste(scalar, into: &output)
        case .pasteEscape: feedPasteEscape(scalar, into: &output)
        case .pasteSS3: state = .paste // the key after `ESC O` is not text
        case .csi, .csiOverlong, .tableSequence, .ss3, .x10Mouse, .pasteCSI:
            // Byte states never see scalars (feed routes their bytes); be safe anyway.
            state = .ground
            feedGround(scalar, into: &output)
        }
    }

    mutating func feedGround(_ scalar: UInt32, into output: inout [DecodedInput]) {
        if scalar == 0x1B {
            state = .escape
        } else if let key = Self.key(forScalar: scalar) {
            output.append(.event(.key(key)))
        }
    }

    private mutating func feedEscape(_ scalar: UInt32, into output: inout [DecodedInput]) {
        switch scalar {
        case 0x5B: // [
            state = .csi
            sequence.removeAll(keepingCapacity: true)
            sequence.append(0x5B)
        case 0x4F: // O
            state = .ss3
            sequence.removeAll(keepingCapacity: true)
            sequence.append(0x4F)
        case 0x5D: // ]
            state = .osc
            oscText.removeAll(keepingCapacity: true)
            oscOverflowed = false
        case 0x1B:
            // Esc pressed twice: the first is the Esc key, the second may start a sequence.
            output.append(.event(.key(.escape)))
        case 0x03:
            // Esc then Ctrl-C, never Alt-Ctrl-C: GNU screen 4.9 holds a lone Esc while mouse
            // reporting is on and sends it with the next key, and Ctrl-C must still quit.
            state = .ground
            output.append(.event(.key(.escape)))
            output.append(.event(.key(.ctrl("c"))))
        default:
            state = .ground
            if scalar < 0x80, let key = keyTable.key(for: [UInt8(scalar)]) {
                output.append(.event(.key(key))) // a vt52-style key, `ESC A`
            } else if let key = Self.key(forScalar: scalar) {
                // Esc just before a key: Alt held with it.
                output.append(.event(.key(Key(key.code, modifiers: key.modifiers.union(.alt)))))
            }
        }
    }

    /// What the user typed when a sequence stopped short: `ESC [` then nothing is Alt-[, and
    /// what followed it are characters. A reply cut off (its private marker `<=>?` says it
    /// cannot be typing) is dropped.
    private mutating func reportTypedByHand(into output: inout [DecodedInput]) {
        guard let first = sequence.first else { return }
        if sequence.count > 1, (0x3C...0x3F).contains(sequence[1]) { return }
        output.append(.event(.key(.alt(Character(Unicode.Scalar(first))))))
        for byte in sequence.dropFirst() {
            output.append(.event(.key(.character(Character(Unicode.Scalar(byte))))))
        }
    }
}
