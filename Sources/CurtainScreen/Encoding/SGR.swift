/// Select Graphic Rendition: the one combined `ESC [ … m` sequence that takes the terminal
/// from one style to another.
package enum SGR {
    /// Writes the shortest sequence that changes the terminal's rendition from `old` (`nil`:
    /// unknown) to `new`, or nothing when they already agree. Two forms are weighed: setting
    /// exactly what changed (22/23/24/27 to clear attributes, 39/49 for default colours), or
    /// a reset (`0`) followed by everything `new` sets. The ``Style/isDimmed`` marker is not
    /// a rendition and is ignored.
    ///
    /// `ansiForms`: palette colours 0–15 as the forms 8- and 16-colour terminals know (30–37
    /// and 90–97, 40–47 and 100–107) instead of `38;5;n`, which such a terminal (or a player of
    /// a recording made for one) may not. Only at those depths: on a 256-colour terminal some
    /// (VTE, kitty) brighten bold text in 30–37 but not in `38;5;n`.
    package static func write<Sink: ByteSink>(from old: Style?, to new: Style, ansiForms: Bool = false, into sink: inout Sink) {
        guard let old else {
            writeSequence(from: nil, to: new, ansiForms: ansiForms, into: &sink)
            return
        }
        if old.terminalBits == new.terminalBits { return }
        var changed = ByteCount(), reset = ByteCount()
        writeParameters(from: old, to: new, ansiForms: ansiForms, into: &changed)
        writeParameters(from: nil, to: new, ansiForms: ansiForms, into: &reset)
        writeSequence(from: reset.count < changed.count ? nil : old, to: new, ansiForms: ansiForms, into: &sink)
    }

    /// The bytes ``write(from:to:ansiForms:into:)`` writes.
    package static func cost(from old: Style?, to new: Style, ansiForms: Bool = false) -> Int {
        var count = ByteCount()
        write(from: old, to: new, ansiForms: ansiForms, into: &count)
        return count.count
    }

    private static func writeSequence<Sink: ByteSink>(from old: Style?, to new: Style, ansiForms: Bool, into sink: inout Sink) {
        sink.putCSI()
        writeParameters(from: old, to: new, ansiForms: ansiForms, into: &sink)
        sink.put(0x6D) // m
    }

    /// The parameters, `;`-separated; from `nil` they start with the reset `0`.
    private static func writeParameters<Sink: ByteSink>(from old: Style?, to new: Style, ansiForms: Bool, into sink: inout Sink) {
        var first = true
        func parameter(_ value: Int) {
            if !first { sink.put(0x3B) }
            first = false
            sink.putDecimal(value)
        }
        let oldAttributes = old?.attributes ?? []
        var on = new.attributes.subtracting(oldAttributes)
        if old == nil { parameter(0) }
        let off = oldAttributes.subtracting(new.attributes)
        if !off.isDisjoint(with: [.bold, .dim]) {
            // 22 clears bold and faint together: put back whichever stays.
            parameter(22)
            on.formUnion(new.attributes.intersection([.bold, .dim]))
        }
        if off.contains(.italic) { parameter(23) }
        if off.contains(.underline) { parameter(24) }
        if off.contains(.reverse) { parameter(27) }
        if on.contains(.bold) { parameter(1) }
        if on.contains(.dim) { parameter(2) }
        if on.contains(.italic) { parameter(3) }
        if on.contains(.underline) { parameter(4) }
        if on.contains(.reverse) { parameter(7) }
        func color(_ color: Color, was oldColor: Color, base: Int) {
            guard color != oldColor else { return }
            if let index = color.index, ansiForms, index < 16 {
                parameter(index < 8 ? base + Int(index) : base + 60 + Int(index) - 8)
            } else if let index = color.index {
                parameter(base + 8); parameter(5); parameter(Int(index))
            } else if let c = color.rgbComponents {
                parameter(base + 8); parameter(2)
                parameter(Int(c.red)); parameter(Int(c.green)); parameter(Int(c.blue))
            } else {
                parameter(base + 9)
            }
        }
        color(new.foreground, was: old?.foreground ?? .default, base: 30)
        color(new.background, was: old?.background ?? .default, base: 40)
    }
}
