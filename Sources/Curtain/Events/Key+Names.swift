extension Key: CustomStringConvertible {
    /// The key's name, the spelling ``init(name:)`` reads back: `t`, `T`, `Enter`, `Esc`,
    /// `Shift-Tab`, `Ctrl-C`, `Alt-x`, `Ctrl-Up`, `F5`, `Space`.
    public var name: String {
        var prefix = ""
        if modifiers.contains(.control) { prefix += "Ctrl-" }
        if modifiers.contains(.alt) { prefix += "Alt-" }
        if modifiers.contains(.shift) { prefix += "Shift-" }
        switch code {
        case .character(" "):
            return prefix + "Space"
        case .character(let character) where modifiers.contains(.control):
            // Ctrl-C rather than Ctrl-c: the way keyboards and manuals write it.
            return prefix + character.uppercased()
        case .character(let character):
            return prefix + String(character)
        case .function(let number):
            return prefix + "F\(number)"
        default:
            return prefix + (Self.namedCodes.first { $0.code == code }?.name ?? "?")
        }
    }

    /// The key's ``name``, so `"\(key)"` reads `Ctrl-C`.
    public var description: String { name }

    /// The key named `name`, as ``name`` spells it: a single character (`t`, `T`, `é`, `日`),
    /// `Space`, a named key (`Enter`, `Esc`, `Tab`, `Backspace`, `Delete`, `Insert`, `Home`,
    /// `End`, `PageUp`, `PageDown`, `Up`, `Down`, `Left`, `Right`, `F1`…`F63`), any of them
    /// after `Ctrl-`, `Alt-` and `Shift-` prefixes (`Ctrl-C`, `Alt-Enter`, `Shift-Tab`), and
    /// `BTab` for Shift-Tab. Names are case-sensitive, so `t` and `T` stay different keys; nil
    /// for anything else.
    public init?(name: String) {
        var rest = Substring(name)
        var modifiers: Modifiers = []
        while rest.count > 1 {
            if rest.hasPrefix("Ctrl-") {
                modifiers.insert(.control)
                rest = rest.dropFirst(5)
            } else if rest.hasPrefix("Alt-") {
                modifiers.insert(.alt)
                rest = rest.dropFirst(4)
            } else if rest.hasPrefix("Shift-") {
                modifiers.insert(.shift)
                rest = rest.dropFirst(6)
            } else {
                break
            }
        }
        guard !rest.isEmpty else { return nil }
        if rest == "BTab", modifiers.isEmpty {
            self = .backTab
            return
        }
        if rest == "Space" {
            self.init(.character(" "), modifiers: modifiers)
        } else if let named = Self.namedCodes.first(where: { $0.name == rest }) {
            self.init(named.code, modifiers: modifiers)
        } else if rest.first == "F", let number = Int(rest.dropFirst()), (1...63).contains(number),
                  String(number) == rest.dropFirst() {
            self.init(.function(number), modifiers: modifiers)
        } else if rest.count == 1, let character = rest.first, !character.isControlCharacter {
            if modifiers.contains(.control) {
                self = .ctrl(character)
                self.modifiers = modifiers
            } else {
                self.init(.character(character), modifiers: modifiers)
            }
        } else {
            return nil
        }
    }

    /// The named keys and their spellings, in the order documentation lists them.
    static let namedCodes: [(name: Substring, code: Code)] = [
        ("Enter", .enter), ("Esc", .escape), ("Tab", .tab), ("Backspace", .backspace), ("Delete", .delete),
        ("Insert", .insert), ("Home", .home), ("End", .end), ("PageUp", .pageUp), ("PageDown", .pageDown),
        ("Up", .up), ("Down", .down), ("Left", .left), ("Right", .right),
    ]
}

private extension Character {
    /// C0 and C1 controls and DEL: keys, never characters.
    var isControlCharacter: Bool {
        unicodeScalars.count == 1 && unicodeScalars.first.map { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } == true
    }
}
