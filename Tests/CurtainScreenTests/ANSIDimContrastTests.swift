import CurtainScreen
import Testing

/// The 8- and 16-colour dim, over every pair of colours it can meet: no glyph it dims gains
/// contrast (the style before and after, reduced to the depth and seen with xterm's palette,
/// bold drawn either way), on a light and a dark terminal.
@Suite struct ANSIDimContrastTests {
    @Test(arguments: [true, false])
    func noPairGainsContrast(hasBrightColors: Bool) {
        let depth: ColorDepth = hasBrightColors ? .ansi16 : .ansi8
        let colours: [Color] = [.default] + (0..<(hasBrightColors ? 16 : 8)).map { Color.indexed(UInt8($0)) }
        for terminal in [TerminalColors.light, .dark] {
            let method = DimMethod.ansi(terminal: terminal, hasBrightColors: hasBrightColors)
            var gains: [String] = []
            for fg in colours {
                for bg in colours where fg != bg {
                    for attributes in [TextAttributes(), .bold] {
                        let style = Style(foreground: fg, background: bg, attributes: attributes)
                        let dimmed = style.dimmed(by: 0.5, method: method)
                        for boldIsBright in [false, true] {
                            let was = SeenColors(ColorReduction.reduce(style, to: depth), terminal: terminal, boldIsBright: boldIsBright)
                            let now = SeenColors(ColorReduction.reduce(dimmed, to: depth), terminal: terminal, boldIsBright: boldIsBright)
                            if now.contrast > was.contrast + 0.01 {
                                gains.append("\(style) → \(dimmed): \(was.contrast) → \(now.contrast)\(boldIsBright ? " bold as bright" : "")")
                            }
                        }
                    }
                }
            }
            #expect(gains.isEmpty, "\(terminal.isLight ? "light" : "dark"), \(depth): \(gains.count) gain: \(gains.prefix(8))")
        }
    }
}
