/// A key a script can press with `key NAME`.
///
/// Names are case-sensitive, exactly as listed in ``name``: `t` and `T` are different keys
/// (a toast in the focused pane, a toast over the whole screen), and the named keys are
/// written capitalised (`Enter`, not `enter`) so that one spelling works everywhere. A wrong
/// case is reported with a hint rather than silently accepted.
public enum ScriptKey: CaseIterable, Hashable, Sendable {
    /// `t`: present a toast in the focused pane.
    case t
    /// `T`: present a toast over the whole screen.
    case shiftT
    /// `m`: present a full-screen modal.
    case m
    /// `q`: quit.
    case q
    /// `Enter`: a new line in a focused toast.
    case enter
    /// `Esc`: dismiss the topmost presentation.
    case escape
    /// `Tab`: focus the next pane.
    case tab
    /// `BTab` (Shift-Tab): focus the previous pane.
    case backTab
    /// `Backspace`: delete the character before the cursor in a focused toast.
    case backspace
    /// `Left`, `Right`, `Up`, `Down`: move the splits of the grid.
    case left, right, up, down
    /// `Ctrl-C`: interrupt.
    case controlC

    /// The spelling used in scripts.
    public var name: String {
        switch self {
        case .t: "t"
        case .shiftT: "T"
        case .m: "m"
        case .q: "q"
        case .enter: "Enter"
        case .escape: "Esc"
        case .tab: "Tab"
        case .backTab: "BTab"
        case .backspace: "Backspace"
        case .left: "Left"
        case .right: "Right"
        case .up: "Up"
        case .down: "Down"
        case .controlC: "Ctrl-C"
        }
    }

    /// The key spelled exactly `name` in a script, or nil.
    public init?(name: String) {
        guard let key = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = key
    }

    /// Every name, in the order error messages list them: "t, T, m, q, Enter, …".
    static let namesList: String = allCases.map(\.name).joined(separator: ", ")

    /// The key other programs call `name` (tmux, Emacs, X11, browsers), ignoring case, for a
    /// "did you mean" hint: `Escape` → `Esc`, `Return` → `Enter`, `Shift-Tab` → `BTab`.
    static func otherSpelling(_ name: String) -> ScriptKey? {
        switch name.lowercased() {
        case "escape": .escape
        case "return", "ret", "cr", "newline": .enter
        case "shift-tab", "s-tab", "shift+tab", "backtab", "btab": .backTab
        case "bs", "bspace", "back-space": .backspace
        case "ctrl+c", "c-c", "^c", "control-c": .controlC
        default: nil
        }
    }

    /// The key whose name matches `name` ignoring ASCII case, for a "did you mean" hint.
    /// Ambiguous only for t/T, which can never be misspelled by case alone.
    static func caseInsensitiveMatch(_ name: String) -> ScriptKey? {
        let lowered = name.lowercased()
        return allCases.first(where: { $0.name.lowercased() == lowered })
    }
}
