import Curtain

/// Escape sequences: collecting CSI and SS3 bytes, then deciding what a finished one is — a
/// terminfo key, a key with modifiers, a mouse report, the start of a paste or a reply.
extension InputDecoder {
    /// Feeds a byte to one of the byte-level states (sequences are ASCII; X10 mouse bytes are
    /// raw), so a byte that does not belong ends the sequence and is read afresh.
    mutating func feedSequenceByte(_ byte: UInt8, into output: inout [DecodedInput]) {
        switch state {
        case .csi:
            feedCSIByte(byte, into: &output)
        case .csiOverlong:
            switch byte {
            case 0x20...0x3F: break
            case 0x40...0x7E: state = .ground
            default: abandonSequence(readingAfresh: byte, into: &output)
            }
        case .tableSequence(let genericEnd):
            sequence.append(byte)
            if let key = keyTable.key(for: sequence) {
                state = .ground
                output.append(.event(.key(key)))
            } else if !keyTable.startsLongerSequence(sequence) || sequence.count > Self.maximumSequenceLength {
                endTableSequence(genericEnd: genericEnd, into: &output)
            }
        case .ss3:
            feedSS3Byte(byte, into: &output)
        case .pasteCSI:
            feedPasteCSIByte(byte, into: &output)
        default:
            break
        }
    }

    private mutating func feedCSIByte(_ byte: UInt8, into output: inout [DecodedInput]) {
        switch byte {
        case 0x20...0x3F:
            let isReply = sequence.count > 1 && (0x3C...0x3F).contains(sequence[1])
            if sequence.count > (isReply ? Self.maximumReplyLength : Self.maximumSequenceLength) {
                state = .csiOverlong // garbage: skip it rather than show it
            } else {
                sequence.append(byte)
            }
        case 0x40...0x7E:
            sequence.append(byte)
            if let key = keyTable.key(for: sequence) {
                state = .ground
                output.append(.event(.key(key)))
            } else if keyTable.startsLongerSequence(sequence) {
                state = .tableSequence(genericEnd: sequence.count)
            } else {
                state = .ground
                finishCSI(into: &output)
            }
        default:
            abandonSequence(readingAfresh: byte, into: &output)
        }
    }

    /// A sequence broken by a byte that cannot continue it: the sequence is dropped, the byte
    /// is read as if nothing came before it.
    private mutating func abandonSequence(readingAfresh byte: UInt8, into output: inout [DecodedInput]) {
        state = .ground
        feed(byte, into: &output)
    }

    /// The sequence read past a final byte for the terminfo table did not become a listed key:
    /// it was the generic CSI sequence up to `genericEnd`, and the bytes after it are read
    /// afresh.
    mutating func endTableSequence(genericEnd: Int, into output: inout [DecodedInput]) {
        let rest = Array(sequence[genericEnd...])
        sequence.removeSubrange(genericEnd...)
        state = .ground
        finishCSI(into: &output)
        feed(rest[...], into: &output)
    }

    /// Decides what the complete CSI sequence in `sequence` (`[`, parameters, intermediates,
    /// final byte) is.
    private mutating func finishCSI(into output: inout [DecodedInput]) {
        let final = sequence[sequence.count - 1]
        var body = sequence[1..<(sequence.count - 1)]
        var marker: UInt8?
        if let first = body.first, (0x3C...0x3F).contains(first) {
            marker = first
            body = body.dropFirst()
        }
        let intermediateStart = body.firstIndex { (0x20...0x2F).contains($0) } ?? body.endIndex
        let hasIntermediates = intermediateStart != body.endIndex
        let parameters = Self.numbers(in: body[..<intermediateStart])

        if marker == 0x3C, !hasIntermediates, final == 0x4D || final == 0x6D { // < … M or m
            if let mouse = Self.sgrMouse(parameters: parameters, final: final) {
                output.append(.event(.mouse(mouse)))
            }
        } else if marker != nil || hasIntermediates || final == 0x6E { // replies; n: DSR
            if let reply = Self.reply(marker: marker, parameters: parameters,
                                      intermediates: body[intermediateStart...], final: final,
                                      bytes: Array(sequence.dropFirst())) {
                output.append(.reply(reply))
            }
        } else if final == 0x52, !(parameters.count == 2 && parameters[0] == 1 && (2...16).contains(parameters[1])) {
            // R: a cursor position report, unless it is F3 with modifiers (`CSI 1 ; m R`).
            if parameters.count == 2 {
                output.append(.reply(.cursorPosition(row: parameters[0], column: parameters[1])))
            }
        } else if final == 0x4D, body.isEmpty { // ESC [ M: an X10 mouse report follows
            state = .x10Mouse
            sequence.removeAll(keepingCapacity: true)
        } else if final == 0x7E, parameters.first == 200 {
            beginPaste()
        } else if let key = Self.csiKey(parameters: parameters, final: final) {
            output.append(.event(.key(key)))
        }
        // Anything else (focus reports, a stray paste end marker, keys we do not know) is
        // dropped: never shown as text.
    }

    private mutating func feedSS3Byte(_ byte: UInt8, into output: inout [DecodedInput]) {
        switch byte {
        case 0x30...0x3F where sequence.count <= 8:
            sequence.append(byte) // modifier parameters some terminals put here (`ESC O 5 P`)
        case 0x40...0x7E:
            sequence.append(byte)
            state = .ground
            if let key = keyTable.key(for: sequence)
                ?? Self.ss3Key(parameters: Self.numbers(in: sequence[1..<(sequence.count - 1)]), final: byte) {
                output.append(.event(.key(key)))
            }
        default:
            state = .ground
            if sequence.count == 1 { output.append(.event(.key(.alt("O")))) } // Alt-O, then this byte
            feed(byte, into: &output)
        }
    }

    /// A byte of an X10 report. Each is its value plus 32, so a control byte (the ESC of the
    /// terminal's next answer, a key) means the report was cut short: it is dropped, never a
    /// click at the top left, and the byte is read afresh.
    mutating func feedX10Byte(_ byte: UInt8, into output: inout [DecodedInput]) {
        if byte < 0x20 {
            sequence.removeAll(keepingCapacity: true)
            abandonSequence(readingAfresh: byte, into: &output)
            return
        }
        sequence.append(byte)
        guard sequence.count == 3 else { return }
        state = .ground
        if let mouse = Self.x10Mouse(sequence[0], sequence[1], sequence[2]) {
            output.append(.event(.mouse(mouse)))
        }
    }

    /// The decimal numbers of a parameter string `a;b;c`: empty fields are 0, sub-parameters
    /// after `:` are ignored, overflow saturates. An empty string has no numbers.
    static func numbers(in bytes: ArraySlice<UInt8>) -> [Int] {
        guard !bytes.isEmpty else { return [] }
        var result: [Int] = []
        var current = 0
        var inSubParameter = false
        for byte in bytes {
            switch byte {
            case 0x3B:
                result.append(current)
                current = 0
                inSubParameter = false
            case 0x3A:
                inSubParameter = true
            case 0x30...0x39 where !inSubParameter:
                current = min(current &* 10 &+ Int(byte - 0x30), 1_000_000)
            default:
                break
            }
        }
        result.append(current)
        return result
    }
}
