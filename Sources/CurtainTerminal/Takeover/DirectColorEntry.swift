internal import CNcurses
import CurtainLayout
import CurtainScreen
import CurtainPlatform

/// The terminfo entry to draw in direct colour with, when the terminal has 24-bit colour but
/// `TERM` names an entry without it.
///
/// Terminals that draw 24-bit colour say so in `COLORTERM` (`truecolor` or `24bit`), while
/// `TERM` stays `xterm-256color` (or `xterm-kitty`, `alacritty`) so every program finds an
/// entry. ncurses only sends RGB colours with an entry that has the `RGB` capability, which
/// ncurses-term ships under each terminal family's own name (`kitty-direct`, `vte-direct`,
/// `xterm-direct`: ``DirectColorFamily``). So when direct colour is wanted and `TERM`'s entry
/// lacks it, the session draws with the family's direct entry where one is installed;
/// otherwise it keeps `TERM` (and 256 colours).
enum DirectColorEntry {
    /// Whether direct colour is wanted: asked for (`--colors truecolor`), or not limited by the
    /// program and announced by the terminal in `COLORTERM`.
    static func isWanted(requested: ColorDepth?, colorTerm: String?) -> Bool {
        if let requested { return requested == .trueColor }
        guard let colorTerm else { return false }
        return colorTerm == "truecolor" || colorTerm == "24bit"
    }

    /// The names to try for `term`, best first: its family's direct entries
    /// (``DirectColorFamily``; for `xterm-256color` the family the terminal names in its
    /// variables, `VTE_VERSION`, `TERM_PROGRAM`…), else `TERM`'s own `-direct` sibling, then
    /// `xterm-direct` for any `xterm-` name. Nothing for a name that is already a direct entry
    /// or has no direct form (`screen`: GNU screen 4 has no direct colour; the Linux console).
    static func candidates(for term: String, environment: (String) -> String? = { _ in nil }) -> [String] {
        guard !term.isEmpty, term.firstRange(ofBytes: "direct") == nil, !term.hasPrefix("screen"), !term.hasPrefix("linux") else { return [] }
        var names: [String]
        if let family = DirectColorFamily.family(term: term, environment: environment) {
            names = family.entries
        } else {
            var base = Substring(term)
            for suffix in ["-256color", "-88color", "-16color", "-color"] where base.hasSuffix(suffix) {
                base = base.dropLast(suffix.count)
                break
            }
            names = [String(base) + "-direct"]
        }
        if term.hasPrefix("xterm"), !names.contains("xterm-direct") { names.append("xterm-direct") }
        return names
    }

    /// The entry to use instead of `term`, or nil to keep it: when direct colour is wanted,
    /// `term`'s entry lacks `RGB`, and a candidate entry is installed with it.
    ///
    /// - Parameters:
    ///   - environment: the process's variables, for the terminal's family.
    ///   - hasDirectColor: whether an entry is installed and has `RGB` (nil: not installed).
    static func replacement(for term: String, environment: (String) -> String? = { _ in nil }, wanted: Bool,
                            hasDirectColor: (String) -> Bool?) -> String? {
        guard wanted, hasDirectColor(term) != true else { return nil }
        return candidates(for: term, environment: environment).first { hasDirectColor($0) == true }
    }

    /// Whether terminfo has an entry `name`, and whether it has the `RGB` flag; loads it with
    /// `setupterm` and releases it again (before ncurses starts: it replaces the current one).
    static func installedEntryHasDirectColor(_ name: String, fileDescriptor: Int32) -> Bool? {
        var status: Int32 = 0
        guard name.withCString({ curtain_setupterm($0, fileDescriptor, &status) }) == curtain_OK(),
              let entry = curtain_cur_term() else { return nil }
        defer { _ = del_curterm(entry) }
        return "RGB".withCString { curtain_tigetflag($0) } > 0
    }
}
