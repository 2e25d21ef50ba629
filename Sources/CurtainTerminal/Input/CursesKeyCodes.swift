internal import CNcurses

extension Key {
    /// The key for a function-key code from `wget_wch` (`KEY_UP`, `KEY_BTAB`, …), nil for codes
    /// Curtain does not use (they are dropped rather than guessed at).
    ///
    /// `KEY_RESIZE` and `KEY_MOUSE` are events, not keys, and are handled by the reader.
    init?(cursesCode code: Int32) {
        switch code {
        case curtain_KEY_UP(): self = .up
        case curtain_KEY_DOWN(): self = .down
        case curtain_KEY_LEFT(): self = .left
        case curtain_KEY_RIGHT(): self = .right
        case curtain_KEY_HOME(): self = .home
        case curtain_KEY_END(): self = .end
        case curtain_KEY_PPAGE(): self = .pageUp
        case curtain_KEY_NPAGE(): self = .pageDown
        case curtain_KEY_IC(): self = .insert
        case curtain_KEY_DC(): self = .delete
        case curtain_KEY_BACKSPACE(): self = .backspace
        case curtain_KEY_ENTER(): self = .enter
        case curtain_KEY_BTAB(): self = .backTab
        case (curtain_KEY_F0() + 1)...(curtain_KEY_F0() + 63):
            self = .function(Int(code - curtain_KEY_F0()))
        default:
            // Keys with modifiers (Ctrl-Left is terminfo's extended "kLFT5") get codes assigned
            // at run time; they act as the key without modifiers.
            guard let name = keyname(code).map({ String(cString: $0) }),
                  let key = Self.modifiedKeys.first(where: { name.hasPrefix($0.prefix) && name.count > $0.prefix.count })
            else { return nil }
            self = key.key
        }
    }

    /// Name prefixes of terminfo's extended modified keys (`kUP3`, `kDC5`, …).
    private static let modifiedKeys: [(prefix: String, key: Key)] = [
        ("kUP", .up), ("kDN", .down), ("kLFT", .left), ("kRIT", .right), ("kHOM", .home), ("kEND", .end),
        ("kPRV", .pageUp), ("kNXT", .pageDown), ("kIC", .insert), ("kDC", .delete),
    ]
}
