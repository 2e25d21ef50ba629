extension StyledText {
    /// The text of `ansi` with the colours and attributes its SGR escape sequences set, every
    /// other control sequence dropped (see ``ANSIParser``): `ls --color`'s or a compiler's
    /// output, shown as it looks in a terminal and never able to move the cursor or set the
    /// title.
    ///
    /// ```swift
    /// let label = Label(StyledText(ansi: "\u{1B}[1;31merror:\u{1B}[0m missing semicolon"))
    /// ```
    public init(ansi: some StringProtocol) {
        var parser = ANSIParser()
        self = parser.parse(ansi) + parser.finish()
    }
}
