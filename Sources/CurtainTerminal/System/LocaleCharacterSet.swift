import CurtainPlatform

/// Whether the locale's character set is UTF-8: whether text can reach the terminal as
/// Unicode, or only as what that character set has (`LANG=C`: ASCII).
package enum LocaleCharacterSet {
    /// Whether the locale the environment asks for (`LC_ALL`, `LC_CTYPE`, `LANG`) is UTF-8,
    /// found without setting it: for text a program writes before a session takes the
    /// terminal and sets the locale (its `--help`). False when that locale is not installed,
    /// as the session would then run in the C locale.
    package static var environmentIsUnicode: Bool {
        guard let locale = newlocale(LC_CTYPE_MASK, "", nil) else { return false }
        defer { freelocale(locale) }
        // The thread uses the locale while `nl_langinfo` reads its codeset: in a statically
        // linked program glibc's `nl_langinfo_l` answers the C locale's ("ANSI_X3.4-1968")
        // whatever the locale given, and the release demo is one (its --help came out in ASCII
        // under C.UTF-8).
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        return isUnicode(String(cString: codeset))
    }

    /// Whether `codeset`, as `nl_langinfo(CODESET)` names it, is UTF-8.
    static func isUnicode(_ codeset: String) -> Bool {
        let name = codeset.lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
