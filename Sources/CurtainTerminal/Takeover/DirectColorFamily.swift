/// A family of terminals and the terminfo entries that draw its 24-bit colour.
///
/// A terminal's direct-colour entry is not always `TERM` + `-direct`: kitty sets
/// `TERM=xterm-kitty` and ncurses-term calls its entry `kitty-direct`; GNOME Terminal, iTerm2,
/// WezTerm and VS Code keep `TERM=xterm-256color` and say who they are in other variables. The
/// entries differ where it matters: `kitty-direct`, `xterm-direct`, `iterm2-direct` and
/// `mintty-direct` write `38:2:…` (colons), `vte-direct`, `konsole-direct`, `alacritty-direct`,
/// `st-direct` and `vscode-direct` write `38;2;…`. The table is checked against the installed
/// terminfo by `DirectColorEntryTests`.
struct DirectColorFamily: Sendable, Equatable {
    /// Who ships the entries: ncurses-term (6.4), or the terminal itself (its own terminfo).
    enum Source: Sendable, Equatable {
        case ncursesTerm
        case terminal
    }

    /// The family, as people call it.
    let name: String
    /// `TERM` names of the family: each matches itself and itself followed by `-` (`st`
    /// matches `st-256color`, not `stterm`).
    let terms: [String]
    /// Variables the terminal sets (with the value it sets, when that is what tells): read
    /// only when `TERM` is a plain xterm name, since a multiplexer or ssh session inside the
    /// terminal keeps them but draws with its own entry.
    let hints: [(variable: String, value: String?)]
    /// The entries to draw 24-bit colour with, best first.
    let entries: [String]
    /// Who ships ``entries``.
    let source: Source

    static func == (lhs: DirectColorFamily, rhs: DirectColorFamily) -> Bool { lhs.name == rhs.name }

    func matches(term: String) -> Bool {
        terms.contains { term == $0 || term.hasPrefix($0 + "-") }
    }

    func isHinted(by environment: (String) -> String?) -> Bool {
        hints.contains { hint in
            guard let value = environment(hint.variable), !value.isEmpty else { return false }
            return hint.value.map { $0 == value } ?? true
        }
    }

    /// The families, most specific first (xterm, which every other one imitates, last).
    static let all: [DirectColorFamily] = [
        DirectColorFamily(name: "kitty", terms: ["xterm-kitty", "kitty"], hints: [("KITTY_WINDOW_ID", nil)],
                          entries: ["kitty-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "foot", terms: ["foot"], hints: [],
                          entries: ["foot-direct"], source: .terminal),
        DirectColorFamily(name: "Alacritty", terms: ["alacritty"],
                          hints: [("ALACRITTY_WINDOW_ID", nil), ("ALACRITTY_SOCKET", nil)],
                          entries: ["alacritty-direct"], source: .ncursesTerm),
        // WezTerm's own entry (`TERM=wezterm`, from WezTerm) is kept where it has RGB; no
        // wezterm-direct exists, and its xterm-256color takes xterm's colon form.
        DirectColorFamily(name: "WezTerm", terms: ["wezterm"], hints: [("TERM_PROGRAM", "WezTerm")],
                          entries: ["xterm-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "iTerm2", terms: ["iterm2", "iTerm2.app", "iTerm.app"],
                          hints: [("TERM_PROGRAM", "iTerm.app")],
                          entries: ["iterm2-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "VTE (GNOME Terminal, Tilix, Terminator…)", terms: ["vte", "gnome"],
                          hints: [("VTE_VERSION", nil)],
                          entries: ["vte-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "Konsole", terms: ["konsole"], hints: [("KONSOLE_VERSION", nil)],
                          entries: ["konsole-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "mintty", terms: ["mintty"], hints: [("TERM_PROGRAM", "mintty")],
                          entries: ["mintty-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "VS Code", terms: ["vscode"], hints: [("TERM_PROGRAM", "vscode")],
                          entries: ["vscode-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "st", terms: ["st"], hints: [],
                          entries: ["st-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "mlterm", terms: ["mlterm"], hints: [("MLTERM", nil)],
                          entries: ["mlterm-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "tmux", terms: ["tmux"], hints: [],
                          entries: ["tmux-direct"], source: .ncursesTerm),
        DirectColorFamily(name: "xterm", terms: ["xterm"], hints: [],
                          entries: ["xterm-direct"], source: .ncursesTerm),
    ]

    /// `TERM` names that say only "like xterm": the terminal may say more in ``hints``.
    static func isPlainXterm(_ term: String) -> Bool {
        ["xterm", "xterm-color", "xterm-16color", "xterm-88color", "xterm-256color"].contains(term)
    }

    /// The family of a terminal: by `TERM`, or for a plain xterm name by the variables the
    /// terminal sets; nil for a name no family claims.
    static func family(term: String, environment: (String) -> String?) -> DirectColorFamily? {
        if isPlainXterm(term), let hinted = all.first(where: { $0.isHinted(by: environment) }) { return hinted }
        return all.first { $0.matches(term: term) }
    }
}
