/// The terminal's graphic renditions part by part, as far as the SGRs read so far tell, for
/// ``RenditionCompaction``: each part is the parameter that set it, as a ``Code``, or 0 when
/// unknown. Reading and writing work on bytes in place, without allocating, since every frame
/// goes through them.
struct RenditionState {
    enum Part: Int, CaseIterable {
        case foreground, background, underlineColor, bold, dim, italic, underline, blink, reverse, invisible, strike, overline
    }

    /// A parameter as a number. A plain parameter is its value (1–999; 22 ends bold and dim
    /// both). A colour with a form (`38;5;n`, `48;2;r;g;b`, `38:2::r:g:b`…) is ``extended``
    /// with its selector digit (3, 4, 5) in bits 28–31, its form (5 or 2) in bits 24–27, the
    /// index or the 24-bit value in bits 0–23, and ``colon``/``emptySpace`` for how it was
    /// written, so that it is written back the same way. An underline style (`4:n`) is
    /// ``underlineStyle`` with `n`.
    typealias Code = UInt64
    static let extended: Code = 1 << 40
    static let colon: Code = 1 << 41
    static let emptySpace: Code = 1 << 42
    static let underlineStyle: Code = 1 << 43

    /// Each part's value, indexed by ``Part``; 0 when unknown.
    private(set) var values: [Code]

    static var unknown: RenditionState { RenditionState(values: Array(repeating: 0, count: Part.allCases.count)) }

    /// What a reset (SGR 0) leaves. Bold and dim are both ended by 22, so each is 22 when off.
    static let defaults = RenditionState(values: [39, 49, 59, 22, 22, 23, 24, 25, 27, 28, 29, 55])

    subscript(part: Part) -> Code {
        get { values[part.rawValue] }
        set { values[part.rawValue] = newValue }
    }

    var isKnown: Bool { !values.contains(0) }

    /// Becomes `other` without sharing its storage (no copy on the next change).
    mutating func copy(_ other: RenditionState) {
        for index in values.indices { values[index] = other.values[index] }
    }

    mutating func forget() {
        for index in values.indices { values[index] = 0 }
    }

    // MARK: Reading

    /// Applies the parameters of one SGR, `bytes[start..<end]` (digits, `;` and `:`); false
    /// (the state then changed in part) when one of them is not known here.
    mutating func apply(_ bytes: [UInt8], from start: Int, to end: Int) -> Bool {
        var index = start
        while true {
            guard let code = Self.nextAttribute(bytes, &index, end) else { return false }
            guard apply(code) else { return false }
            if index >= end { return true }
            index += 1 // the `;`
        }
    }

    private mutating func apply(_ code: Code) -> Bool {
        if code & Self.extended != 0 {
            switch (code >> 28) & 0xF {
            case 3: self[.foreground] = code
            case 4: self[.background] = code
            default: self[.underlineColor] = code
            }
            return true
        }
        if code & Self.underlineStyle != 0 {
            self[.underline] = code
            return true
        }
        switch code {
        case 0: copy(.defaults)
        case 1: self[.bold] = code
        case 2: self[.dim] = code
        case 22:
            self[.bold] = code
            self[.dim] = code
        case 3, 23: self[.italic] = code
        case 4, 21, 24: self[.underline] = code
        case 5, 6, 25: self[.blink] = code
        case 7, 27: self[.reverse] = code
        case 8, 28: self[.invisible] = code
        case 9, 29: self[.strike] = code
        case 53, 55: self[.overline] = code
        case 30...37, 39, 90...97: self[.foreground] = code
        case 40...47, 49, 100...107: self[.background] = code
        case 59: self[.underlineColor] = code
        default: return false
        }
        return true
    }

    /// The attribute starting at `index` (which ends on the `;` after it, or at `end`), or nil
    /// when it is not one this knows.
    private static func nextAttribute(_ bytes: [UInt8], _ index: inout Int, _ end: Int) -> Code? {
        guard let first = number(bytes, &index, end) else { return nil }
        let selector = first / 10
        let isColor = first == 38 || first == 48 || first == 58
        if index < end, bytes[index] == UInt8(ascii: ":") {
            // The colon form: 38:5:n, 38:2:r:g:b, 38:2::r:g:b (an empty colour space), 4:n.
            index += 1
            guard let second = number(bytes, &index, end) else { return nil }
            if first == 4 {
                guard index >= end || bytes[index] == UInt8(ascii: ";"), second >= 0, second < 8 else { return nil }
                return underlineStyle | Code(second)
            }
            guard isColor else { return nil }
            var flags = extended | colon
            var values: [Int] = []
            if second == 5 {
                guard index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
                index += 1
                guard let n = number(bytes, &index, end), n >= 0, n < 256 else { return nil }
                return flags | Code(selector) << 28 | 5 << 24 | Code(n)
            }
            guard second == 2 else { return nil }
            for channel in 0..<4 {
                guard index < end, bytes[index] == UInt8(ascii: ":") else { break }
                index += 1
                guard let value = number(bytes, &index, end) else { return nil }
                if channel == 0, value < 0 { flags |= emptySpace; continue }
                values.append(value)
            }
            guard values.count == 3, values.allSatisfy({ (0...255).contains($0) }),
                  index >= end || bytes[index] == UInt8(ascii: ";") else { return nil }
            return flags | Code(selector) << 28 | 2 << 24 | Code(values[0] << 16 | values[1] << 8 | values[2])
        }
        if first < 0 { return 0 } // an empty parameter is a reset
        guard isColor else { return Code(first) }
        // The semicolon form: 38;5;n or 38;2;r;g;b.
        guard index < end else { return nil }
        index += 1
        guard let form = number(bytes, &index, end) else { return nil }
        if form == 5 {
            guard index < end else { return nil }
            index += 1
            guard let n = number(bytes, &index, end), n >= 0, n < 256 else { return nil }
            return extended | Code(selector) << 28 | 5 << 24 | Code(n)
        }
        guard form == 2 else { return nil }
        var rgb: Code = 0
        for _ in 0..<3 {
            guard index < end else { return nil }
            index += 1
            guard let value = number(bytes, &index, end), (0...255).contains(value) else { return nil }
            rgb = rgb << 8 | Code(value)
        }
        return extended | Code(selector) << 28 | 2 << 24 | rgb
    }

    /// The decimal number at `index` (-1 when empty), left on the separator after it; nil for
    /// more than four digits.
    private static func number(_ bytes: [UInt8], _ index: inout Int, _ end: Int) -> Int? {
        var value = -1
        var digits = 0
        while index < end {
            let byte = bytes[index]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { break }
            value = (value < 0 ? 0 : value) * 10 + Int(byte - UInt8(ascii: "0"))
            digits += 1
            if digits > 4 { return nil }
            index += 1
        }
        return value
    }

    // MARK: Writing

    /// Writes the shortest SGR that takes the terminal from this state to `target` — the parts
    /// that differ, or a reset and the parts that differ from the defaults — as few SGRs as
    /// `limit` numbers a sequence allow; nothing when nothing changes.
    func writeChange(to target: RenditionState, limit: Int, into output: inout [UInt8]) {
        var differenceCount = 0
        let difference = cost(of: { changes(to: target, $0) }, count: &differenceCount)
        guard differenceCount > 0 else { return }
        if target.isKnown {
            var resetCount = 0
            let reset = cost(of: { emit in emit(0); RenditionState.defaults.changes(to: target, emit) }, count: &resetCount)
            let resetBytes = resetCount == 1 ? 3 : reset
            if resetBytes < difference {
                if resetCount == 1 {
                    output += [0x1B, UInt8(ascii: "["), UInt8(ascii: "m")]
                } else {
                    Self.write(limit: limit, into: &output) { emit in emit(0); RenditionState.defaults.changes(to: target, emit) }
                }
                return
            }
        }
        Self.write(limit: limit, into: &output) { changes(to: target, $0) }
    }

    /// The parameters that set each part `target` knows and this state does not have.
    private func changes(to target: RenditionState, _ emit: (Code) -> Void) {
        let off: Code = 22
        let bold = target[.bold], dim = target[.dim]
        // Bold and dim end together (22): ending one means setting the other again.
        if (bold == off && self[.bold] != off) || (dim == off && self[.dim] != off) {
            emit(off)
            if bold != 0, bold != off { emit(bold) }
            if dim != 0, dim != off { emit(dim) }
        } else {
            if bold != 0, bold != self[.bold] { emit(bold) }
            if dim != 0, dim != self[.dim] { emit(dim) }
        }
        // By index: `Part.allCases` would be an array made at every call, three calls a run.
        for index in values.indices where index != Part.bold.rawValue && index != Part.dim.rawValue {
            let value = target.values[index]
            if value != 0, value != values[index] { emit(value) }
        }
    }

    /// The bytes of one SGR holding what `parameters` emits (ESC, `[`, the parameters and
    /// their separators, `m`), and how many parameters.
    private func cost(of parameters: ((Code) -> Void) -> Void, count: inout Int) -> Int {
        var bytes = 2
        var n = 0
        parameters { code in
            bytes += Self.length(code) + 1
            n += 1
        }
        count = n
        return bytes
    }

    private static func write(limit: Int, into output: inout [UInt8], _ parameters: ((Code) -> Void) -> Void) {
        var numbers = 0
        var open = false
        parameters { code in
            let count = Self.numbers(code)
            if open, numbers + count > limit {
                output.append(UInt8(ascii: "m"))
                open = false
            }
            if open {
                output.append(UInt8(ascii: ";"))
                numbers += count
            } else {
                output += [0x1B, UInt8(ascii: "[")]
                open = true
                numbers = count
            }
            Self.append(code, to: &output)
        }
        if open { output.append(UInt8(ascii: "m")) }
    }

    /// How many numbers `code` is written as (sub-parameters included).
    private static func numbers(_ code: Code) -> Int {
        if code & underlineStyle != 0 { return 2 }
        guard code & extended != 0 else { return 1 }
        let five = (code >> 24) & 0xF == 5
        return (five ? 3 : 5) + (code & emptySpace != 0 ? 1 : 0)
    }

    private static func length(_ code: Code) -> Int {
        var count = 0
        append(code) { _ in count += 1 }
        return count
    }

    private static func append(_ code: Code, to output: inout [UInt8]) {
        append(code) { output.append($0) }
    }

    /// Writes `code` as its parameter text, a byte at a time.
    private static func append(_ code: Code, _ put: (UInt8) -> Void) {
        func decimal(_ value: Int) {
            if value >= 100 { put(UInt8(ascii: "0") + UInt8(value / 100)) }
            if value >= 10 { put(UInt8(ascii: "0") + UInt8(value / 10 % 10)) }
            put(UInt8(ascii: "0") + UInt8(value % 10))
        }
        if code & underlineStyle != 0 {
            put(UInt8(ascii: "4"))
            put(UInt8(ascii: ":"))
            decimal(Int(code & 0xFF))
            return
        }
        guard code & extended != 0 else {
            decimal(Int(code))
            return
        }
        let separator = code & colon != 0 ? UInt8(ascii: ":") : UInt8(ascii: ";")
        put(UInt8(ascii: "0") + UInt8((code >> 28) & 0xF))
        put(UInt8(ascii: "8"))
        put(separator)
        let payload = Int(code & 0xFF_FFFF)
        if (code >> 24) & 0xF == 5 {
            put(UInt8(ascii: "5"))
            put(separator)
            decimal(payload)
            return
        }
        put(UInt8(ascii: "2"))
        put(separator)
        if code & emptySpace != 0 { put(separator) }
        decimal(payload >> 16)
        put(separator)
        decimal(payload >> 8 & 0xFF)
        put(separator)
        decimal(payload & 0xFF)
    }
}
