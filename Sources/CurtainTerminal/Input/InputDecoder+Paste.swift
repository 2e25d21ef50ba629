/// Bracketed paste: everything between `ESC [ 200 ~` and `ESC [ 201 ~` is one paste event.
///
/// Newlines are normalised to `"\n"` (CR, LF and CR LF are one line break each), tabs kept,
/// other control characters and escape sequences removed, so a paste never acts as key
/// presses; the terminal's answers to questions inside it are replies. An idle wait inside a
/// paste delivers what arrived (see ``InputDecoder``).
extension InputDecoder {
    mutating func beginPaste() {
        state = .paste
        pasteBytes.removeAll(keepingCapacity: true)
        pasteAfterCR = false
    }

    mutating func feedPaste(_ scalar: UInt32, into output: inout [DecodedInput]) {
        switch scalar {
        case 0x1B:
            state = .pasteEscape
        case 0x0D:
            pasteBytes.append(0x0A)
            pasteAfterCR = true
        case 0x0A:
            if !pasteAfterCR { pasteBytes.append(0x0A) }
            pasteAfterCR = false
        case 0x09:
            pasteBytes.append(0x09)
            pasteAfterCR = false
        case 0x00...0x1F, 0x7F...0x9F:
            pasteAfterCR = false // control characters would act as keys: removed
        default:
            UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { pasteBytes.append($0) }
            pasteAfterCR = false
        }
    }

    mutating func feedPasteEscape(_ scalar: UInt32, into output: inout [DecodedInput]) {
        switch scalar {
        case 0x5B: // [
            state = .pasteCSI
            sequence.removeAll(keepingCapacity: true)
        case 0x4F: // O
            state = .pasteSS3
        case 0x1B:
            break
        default:
            state = .paste // the lone ESC is dropped; what follows is text again
            feedPaste(scalar, into: &output)
        }
    }

    /// A byte after `ESC [` inside the paste: the end marker ends it, any other sequence is
    /// dropped, a byte that cannot continue a sequence is text again.
    mutating func feedPasteCSIByte(_ byte: UInt8, into output: inout [DecodedInput]) {
        switch byte {
        case 0x20...0x3F:
            if sequence.count < Self.maximumSequenceLength { sequence.append(byte) }
        case 0x40...0x7E:
            if byte == 0x7E, sequence.elementsEqual("201".utf8) {
                finishPaste(into: &output)
            } else {
                // An escape sequence inside the paste is dropped, except the terminal's answer
                // to a question (a paste whose end marker was lost must not swallow the answer
                // that paces frames).
                state = .paste
                if let reply = Self.replyInsidePaste(sequence, final: byte) { output.append(.reply(reply)) }
            }
        default:
            state = .paste
            feed(byte, into: &output)
        }
    }

    /// The answer a sequence inside a paste is (`ESC [` dropped from `body`): a device status
    /// (`0 n`), the device attributes (`? … c`) or a mode report (`… $ y`); nil for anything else.
    static func replyInsidePaste(_ body: [UInt8], final: UInt8) -> TerminalReply? {
        var parameters = body[...]
        var marker: UInt8?
        if let first = parameters.first, (0x3C...0x3F).contains(first) {
            marker = first
            parameters = parameters.dropFirst()
        }
        let intermediateStart = parameters.firstIndex { (0x20...0x2F).contains($0) } ?? parameters.endIndex
        let reply = reply(marker: marker, parameters: numbers(in: parameters[..<intermediateStart]),
                          intermediates: parameters[intermediateStart...], final: final, bytes: body + [final])
        switch reply {
        case .deviceStatus, .primaryDeviceAttributes, .modeReport: return reply
        default: return nil
        }
    }

    mutating func finishPaste(into output: inout [DecodedInput]) {
        state = .ground
        if !pasteBytes.isEmpty { output.append(.event(.paste(String(decoding: pasteBytes, as: UTF8.self)))) }
        pasteBytes = [] // a large paste's storage is not kept
        pasteAfterCR = false
    }
}
