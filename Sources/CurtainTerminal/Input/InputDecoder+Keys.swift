import Curtain

/// Which key a character, a CSI sequence or an SS3 sequence stands for. Pure functions.
extension InputDecoder {
    /// The key for a scalar outside any sequence: C0 controls and DEL are keys (Ctrl-C is
    /// `.ctrl("c")`, 0x00 is Ctrl-Space), anything else printable is a character. Nil for the
    /// C1 controls, which are no key. Enter sends CR in raw mode, so LF is Ctrl-J (the key
    /// editors use for a new line where Enter sends).
    static func key(forScalar scalar: UInt32) -> Key? {
        switch scalar {
        case 0x0D: return .enter
        case 0x09: return .tab
        case 0x7F, 0x08: return .backspace
        case 0x1B: return .escape
        case 0x00: return .ctrl(" ")
        case 0x01...0x1A: return .ctrl(Character(Unicode.Scalar(UInt8(scalar) + 0x60)))
        case 0x1C...0x1F: return .ctrl(Character(Unicode.Scalar(UInt8(scalar) + 0x40))) // \ ] ^ _
        case 0x80...0x9F: return nil
        default: return .character(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}"))
        }
    }

    /// The modifiers of xterm's modifier parameter: 1 + (1 Shift, 2 Alt, 4 Ctrl). Absent (0)
    /// or 1 is none; higher bits (Meta, Super, lock keys) are not reported.
    static func modifiers(parameter: Int) -> Key.Modifiers {
        guard parameter >= 2 else { return [] }
        let bits = parameter - 1
        var modifiers: Key.Modifiers = []
        if bits & 1 != 0 { modifiers.insert(.shift) }
        if bits & 2 != 0 { modifiers.insert(.alt) }
        if bits & 4 != 0 { modifiers.insert(.control) }
        return modifiers
    }

    /// The key of a CSI sequence without a private marker: `ESC [ A` (Up), `ESC [ 1 ; 5 A`
    /// (Ctrl-Up), `ESC [ 3 ; 2 ~` (Shift-Delete), `ESC [ 15 ~` (F5), `ESC [ Z` (Shift-Tab),
    /// xterm's `ESC [ 27 ; m ; code ~` and the `ESC [ code ; m u` of terminals that report
    /// modified characters, and rxvt's `ESC [ a` (Shift-Up) and `ESC [ 5 ^` (Ctrl-PageUp).
    static func csiKey(parameters: [Int], final: UInt8) -> Key? {
        let modifiers = Self.modifiers(parameter: parameters.count >= 2 ? parameters[1] : 1)
        if let code = letterCode(final) { return Key(code, modifiers: modifiers) }
        switch final {
        case 0x5A: // Z
            return Key(.tab, modifiers: modifiers.union(.shift))
        case 0x61...0x64: // a…d: rxvt's Shift-arrows
            return Key(arrow(final - 0x61), modifiers: .shift)
        case 0x75: // u
            guard let code = parameters.first else { return nil }
            return key(codePoint: code, modifiers: modifiers)
        case 0x7E, 0x5E, 0x40: // ~, and rxvt's ^ (Ctrl) and @ (Ctrl-Shift)
            let number = parameters.first ?? 0
            if number == 27, final == 0x7E {
                guard parameters.count >= 3 else { return nil }
                return key(codePoint: parameters[2], modifiers: modifiers)
            }
            guard let code = tildeCode(number) else { return nil }
            switch final {
            case 0x5E: return Key(code, modifiers: .control)
            case 0x40: return Key(code, modifiers: [.control, .shift])
            default: return Key(code, modifiers: modifiers)
            }
        default:
            return nil
        }
    }

    /// The key of an SS3 sequence `ESC O x` (application mode cursor keys, F1–F4, the keypad),
    /// with a modifier parameter where a terminal sends one (`ESC O 5 P`).
    static func ss3Key(parameters: [Int], final: UInt8) -> Key? {
        let modifiers = Self.modifiers(parameter: parameters.last ?? 1)
        if let code = letterCode(final) { return Key(code, modifiers: modifiers) }
        switch final {
        case 0x4D: return Key(.enter, modifiers: modifiers) // keypad Enter
        case 0x61...0x64: return Key(arrow(final - 0x61), modifiers: .control) // rxvt's Ctrl-arrows
        case 0x6A...0x79, 0x58: // the keypad in application mode: * + , - . / 0…9 =
            let characters: [Character] = ["*", "+", ",", "-", ".", "/", "0", "1", "2", "3", "4", "5", "6", "7", "8", "9"]
            return .character(final == 0x58 ? "=" : characters[Int(final - 0x6A)])
        default: return nil
        }
    }

    /// The keys CSI and SS3 share, by final byte: arrows, Home, End, F1–F4.
    private static func letterCode(_ final: UInt8) -> Key.Code? {
        switch final {
        case 0x41...0x44: arrow(final - 0x41)
        case 0x48: .home
        case 0x46: .end
        case 0x50...0x53: .function(Int(final - 0x50) + 1) // P Q R S
        default: nil
        }
    }

    /// Up, Down, Right, Left: the order of A B C D.
    private static func arrow(_ index: UInt8) -> Key.Code {
        [Key.Code.up, .down, .right, .left][Int(index)]
    }

    /// The key of `ESC [ number ~`.
    private static func tildeCode(_ number: Int) -> Key.Code? {
        switch number {
        case 1, 7: .home
        case 4, 8: .end
        case 2: .insert
        case 3: .delete
        case 5: .pageUp
        case 6: .pageDown
        case 11...15: .function(number - 10)
        case 17...21: .function(number - 11)
        case 23...26: .function(number - 12)
        case 28, 29: .function(number - 13)
        case 31...34: .function(number - 14)
        default: nil // includes a stray paste end marker (201)
        }
    }

    /// The key for a Unicode code point reported with modifiers (`ESC [ 27 ; 5 ; 13 ~` is
    /// Ctrl-Enter). Shift with a letter is the capital letter, as a plain key press reports it.
    private static func key(codePoint: Int, modifiers: Key.Modifiers) -> Key? {
        guard let scalar = Unicode.Scalar(UInt32(clamping: codePoint)) else { return nil }
        var key: Key
        switch scalar.value {
        case 0x0D: key = .enter
        case 0x09: key = .tab
        case 0x1B: key = .escape
        case 0x7F, 0x08: key = .backspace
        case 0x00...0x1F, 0x80...0x9F: return nil
        default: key = .character(Character(scalar))
        }
        var modifiers = modifiers
        if case .character(let character) = key.code, modifiers.contains(.shift), character.isLetter {
            key = .character(Character(character.uppercased()))
            modifiers.remove(.shift)
        }
        if modifiers.contains(.control), case .character(let character) = key.code {
            key = .ctrl(character)
            modifiers.remove(.control)
        }
        return Key(key.code, modifiers: key.modifiers.union(modifiers))
    }
}
