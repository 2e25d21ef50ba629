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
        default: return nil
        }
    }
}
