import CurtainLayout

extension Theme {
    /// `text` as this theme's terminal can show it: unchanged where it shows Unicode
    /// (``supportsUnicode``); otherwise with ASCII stand-ins for the characters that have one —
    /// `⌫` → `BS`, `←→↑↓` → `<>^v`, `…` → `...`, `≥` → `>=`, `·` → `-`, `“”` → `""`, `é` → `e`.
    ///
    /// A view calls it on its own text (a hint, a help bar, a marker such as `↓ 3 more`) both
    /// where it measures the text and where it draws it, so its layout is that of what is
    /// shown: a stand-in may be wider than its character. Characters with no ASCII stand-in
    /// (CJK, emoji, box drawing, shades) are kept; the terminal backend draws them with a
    /// stand-in of their own width. Text the user typed is not passed through it.
    ///
    /// ```swift
    /// let hint = theme.displayable("⌫ delete · Esc close")   // "BS delete - Esc close" under LANG=C
    /// let width = TextWidth.of(hint)
    /// ```
    public func displayable(_ text: String) -> String {
        supportsUnicode ? text : ASCIIFallback.transliterated(text)
    }
}
