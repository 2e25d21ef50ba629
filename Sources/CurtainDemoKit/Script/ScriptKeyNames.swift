import Curtain

/// The keys a script presses with `key NAME`: the demo's keys, spelled as ``Key/name`` spells
/// them.
///
/// Names are case-sensitive, exactly as listed: `t` and `T` are different keys (a toast in the
/// focused pane, a toast over the whole screen), and the named keys are written capitalised
/// (`Enter`, not `enter`) so that one spelling works everywhere. A wrong case is reported with
/// a hint rather than silently accepted.
enum ScriptKeyNames {
    /// Every name a script may use, in the order error messages list them.
    static let names = ["t", "T", "m", "n", "N", "s", "c", "q", "Enter", "Esc", "Tab", "BTab", "Backspace", "Left", "Right", "Up", "Down", "Ctrl-C"]

    /// The key spelled exactly `name` in a script, or nil.
    static func key(named name: String) -> Key? {
        names.contains(name) ? Key(name: name) : nil
    }

    /// "t, T, m, q, Enter, …".
    static let namesList: String = names.joined(separator: ", ")

    /// The script name of the key other programs call `name` (tmux, Emacs, X11, browsers),
    /// ignoring case, for a "did you mean" hint: `Escape` → `Esc`, `Return` → `Enter`,
    /// `Shift-Tab` → `BTab`.
    static func otherSpelling(_ name: String) -> String? {
        switch name.lowercased() {
        case "escape": "Esc"
        case "return", "ret", "cr", "newline": "Enter"
        case "shift-tab", "s-tab", "shift+tab", "backtab", "btab": "BTab"
        case "bs", "bspace", "back-space": "Backspace"
        case "ctrl+c", "c-c", "^c", "control-c": "Ctrl-C"
        default: nil
        }
    }

    /// The name that matches `name` ignoring ASCII case, for a "did you mean" hint. Ambiguous
    /// only for t/T, which can never be misspelled by case alone.
    static func caseInsensitiveMatch(_ name: String) -> String? {
        let lowered = name.lowercased()
        return names.first { $0.lowercased() == lowered }
    }
}
