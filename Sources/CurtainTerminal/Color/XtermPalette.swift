/// The RGB values of xterm's 256 colours, used to find the nearest colour a terminal can show.
///
/// Entries 0–15 are xterm's defaults; users theme them, so they are only an estimate.
enum XtermPalette {
    struct RGB: Hashable, Sendable {
        var red: Int
        var green: Int
        var blue: Int

        /// Squared distance: cheap and good enough to pick among palette entries.
        func distance(to other: RGB) -> Int {
            let dr = red - other.red, dg = green - other.green, db = blue - other.blue
            return dr * dr + dg * dg + db * db
        }
    }

    static let ansi: [RGB] = [
        RGB(red: 0, green: 0, blue: 0), RGB(red: 205, green: 0, blue: 0),
        RGB(red: 0, green: 205, blue: 0), RGB(red: 205, green: 205, blue: 0),
        RGB(red: 0, green: 0, blue: 238), RGB(red: 205, green: 0, blue: 205),
        RGB(red: 0, green: 205, blue: 205), RGB(red: 229, green: 229, blue: 229),
        RGB(red: 127, green: 127, blue: 127), RGB(red: 255, green: 0, blue: 0),
        RGB(red: 0, green: 255, blue: 0), RGB(red: 255, green: 255, blue: 0),
        RGB(red: 92, green: 92, blue: 255), RGB(red: 255, green: 0, blue: 255),
        RGB(red: 0, green: 255, blue: 255), RGB(red: 255, green: 255, blue: 255),
    ]

    /// Channel levels of the 6×6×6 cube (indices 16–231).
    static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The colour of palette entry `index`.
    static func rgb(_ index: UInt8) -> RGB {
        let i = Int(index)
        if i < 16 { return ansi[i] }
        if i < 232 {
            let c = i - 16
            return RGB(red: cubeLevels[c / 36], green: cubeLevels[(c / 6) % 6], blue: cubeLevels[c % 6])
        }
        let level = 8 + (i - 232) * 10
        return RGB(red: level, green: level, blue: level)
    }
}
