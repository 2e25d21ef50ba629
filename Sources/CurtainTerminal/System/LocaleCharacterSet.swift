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
        guard let codeset = nl_langinfo_l(nl_item(CODESET), locale) else { return false }
        return isUnicode(String(cString: codeset))
    }

    /// Whether `codeset`, as `nl_langinfo(CODESET)` names it, is UTF-8.
    static func isUnicode(_ codeset: String) -> Bool {
        let name = codeset.lowercased()
        return name == "utf-8" || name == "utf8"
    }
}
