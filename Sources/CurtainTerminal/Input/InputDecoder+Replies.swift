import Curtain

/// The terminal's answers: CSI replies (DA1, DECRPM, DSR, cursor position, anything with a
/// private marker) and OSC strings, decoded as ``TerminalReply``s so they never become keys.
extension InputDecoder {
    /// The reply a finished CSI sequence is, nil for one that is neither key nor known reply
    /// and carries no private marker (dropped).
    static func reply(marker: UInt8?, parameters: [Int], intermediates: ArraySlice<UInt8>, final: UInt8,
                      bytes: [UInt8]) -> TerminalReply? {
        let first = parameters.first ?? 0
        let second = parameters.count > 1 ? parameters[1] : 0
        switch (marker, Array(intermediates), final) {
        case (0x3F, [], 0x63): // ? … c
            return .primaryDeviceAttributes(parameters)
        case (0x3F, [0x24], 0x79), (nil, [0x24], 0x79): // [?] Pd ; Ps $ y
            return .modeReport(mode: first, state: .init(number: second), isPrivate: marker != nil)
        case (nil, [], 0x6E): // Ps n
            return .deviceStatus(first)
        case (0x3F, [], 0x52) where parameters.count >= 2: // ? Pr ; Pc R
            return .cursorPosition(row: first, column: second)
        case (.some, _, _):
            return .other(bytes)
        default:
            return nil
        }
    }

    // MARK: OSC strings

    mutating func feedOSC(_ scalar: UInt32, into output: inout [DecodedInput]) {
        switch scalar {
        case 0x07: // BEL
            finishOSC(into: &output)
        case 0x1B:
            state = .oscEscape
        case 0x00...0x1F, 0x7F...0x9F:
            // Not an OSC string: Alt-] typed by hand, then what followed.
            reportOSCTypedByHand(into: &output)
            feedGround(scalar, into: &output)
        default:
            if oscText.count < Self.maximumOSCLength {
                oscText.append(Unicode.Scalar(scalar) ?? "\u{FFFD}")
            } else {
                oscOverflowed = true
            }
        }
    }

    mutating func feedOSCEscape(_ scalar: UInt32, into output: inout [DecodedInput]) {
        if scalar == 0x5C { // ESC \ (ST)
            finishOSC(into: &output)
            return
        }
        // An ESC that is no terminator ends the string unfinished (dropped); it starts what
        // follows.
        state = .escape
        oscText.removeAll(keepingCapacity: false)
        feedScalar(scalar, into: &output)
    }

    /// Nothing more came: a string shaped like a reply (`number ;`) was cut off and is dropped;
    /// anything else was typed by hand.
    mutating func endOSCWithoutTerminator(into output: inout [DecodedInput]) {
        let digits = oscText.prefix { ("0"..."9").contains($0) }
        let looksLikeReply = !digits.isEmpty && oscText.dropFirst(digits.count).first == ";"
        if looksLikeReply || oscOverflowed || state == .oscEscape {
            state = .ground
            oscText.removeAll(keepingCapacity: false)
        } else {
            reportOSCTypedByHand(into: &output)
        }
    }

    private mutating func finishOSC(into output: inout [DecodedInput]) {
        state = .ground
        defer { oscText.removeAll(keepingCapacity: false) }
        guard !oscOverflowed else { return }
        let digits = oscText.prefix { ("0"..."9").contains($0) }
        let rest = oscText.dropFirst(digits.count)
        if !digits.isEmpty, digits.count < 7, rest.isEmpty || rest.first == ";" {
            output.append(.reply(.operatingSystemCommand(number: Int(String(String.UnicodeScalarView(digits))) ?? -1,
                                                         text: String(String.UnicodeScalarView(rest.dropFirst())))))
        } else {
            output.append(.reply(.operatingSystemCommand(number: -1, text: String(oscText))))
        }
    }

    private mutating func reportOSCTypedByHand(into output: inout [DecodedInput]) {
        state = .ground
        output.append(.event(.key(.alt("]"))))
        for scalar in oscText { output.append(.event(.key(.character(Character(scalar))))) }
        oscText.removeAll(keepingCapacity: false)
    }
}
