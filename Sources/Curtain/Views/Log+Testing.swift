extension Log {
    /// How many times a line was wrapped (its rows computed at a width) since the log was
    /// made: a test checks that only lines in view get wrapped. Not API.
    package var _wrapCount: Int { lines.wrapCount }
}
