/// The terminal's graphic renditions part by part, as far as the SGRs read so far tell: each
/// part is the parameter that set it (`38;5;120`, `4`, `27`), or unknown. For
/// ``RenditionCompaction``.
struct RenditionState: Equatable {
    enum Part: Int, CaseIterable {
        case foreground, background, underlineColor, bold, dim, italic, underline, blink, reverse, invisible, strike, overline
    }

    /// Each part's value, indexed by ``Part``; nil when unknown.
    private(set) var values: [ArraySlice<UInt8>?]

    static let unknown = RenditionState(values: Array(repeating: nil, count: Part.allCases.count))

    /// What a reset (SGR 0) leaves. Bold and dim are both ended by 22, so each is "22" when off.
    static let defaults = RenditionState(values: ["39", "49", "59", "22", "22", "23", "24", "25", "27", "28", "29", "55"]
        .map { Optional(ArraySlice($0.utf8)) })

    subscript(part: Part) -> ArraySlice<UInt8>? {
        get { values[part.rawValue] }
        set { values[part.rawValue] = newValue }
    }

    /// Applies the parameters of one SGR; false (and the state unchanged in part) when one of
    /// them is not known here.
    mutating func apply(_ parameters: ArraySlice<UInt8>) -> Bool {
        for attribute in RenditionCompaction.Attribute.split(parameters) {
            guard apply(attribute: attribute.text) else { return false }
        }
        return true
    }

    private mutating func apply(attribute text: ArraySlice<UInt8>) -> Bool {
        if RenditionCompaction.Attribute.isReset(text) {
            self = .defaults
            return true
        }
        if text.starts(with: "38".utf8) || text.starts(with: "48".utf8) || text.starts(with: "58".utf8), text.count > 2 {
            let part: Part = text.first == UInt8(ascii: "3") ? .foreground : text.first == UInt8(ascii: "4") ? .background : .underlineColor
            self[part] = text
            return true
        }
        if text.starts(with: "4:".utf8) {
            self[.underline] = text
            return true
        }
        guard text.allSatisfy({ (0x30...0x39).contains($0) }), text.count <= 3, let number = Int(String(decoding: text, as: UTF8.self)) else {
            return false
        }
        switch number {
        case 1: self[.bold] = text
        case 2: self[.dim] = text
        case 22:
            self[.bold] = text
            self[.dim] = text
        case 3, 23: self[.italic] = text
        case 4, 21, 24: self[.underline] = text
        case 5, 6, 25: self[.blink] = text
        case 7, 27: self[.reverse] = text
        case 8, 28: self[.invisible] = text
        case 9, 29: self[.strike] = text
        case 53, 55: self[.overline] = text
        case 30...37, 39, 90...97: self[.foreground] = text
        case 40...47, 49, 100...107: self[.background] = text
        case 59: self[.underlineColor] = text
        default: return false
        }
        return true
    }

    /// The shortest parameters that take the terminal from this state to `target`: the parts
    /// that differ, or a reset and the parts that differ from the defaults; none when nothing
    /// changes.
    func shortestChange(to target: RenditionState) -> [ArraySlice<UInt8>] {
        let difference = changes(to: target)
        guard target.values.allSatisfy({ $0 != nil }) else { return difference }
        let fromReset = [ArraySlice("0".utf8)] + RenditionState.defaults.changes(to: target)
        func length(_ parameters: [ArraySlice<UInt8>]) -> Int {
            parameters.isEmpty ? 0 : parameters.reduce(2) { $0 + $1.count + 1 }
        }
        // A lone reset is written `ESC[m`, a byte shorter than its parameter says.
        let resetLength = fromReset.count == 1 ? 3 : length(fromReset)
        return resetLength < length(difference) ? fromReset : difference
    }

    /// The parameters that set each part `target` knows and this state does not have.
    private func changes(to target: RenditionState) -> [ArraySlice<UInt8>] {
        var parameters: [ArraySlice<UInt8>] = []
        let off = ArraySlice("22".utf8)
        // Bold and dim end together (22): ending one means setting the other again.
        let boldEnds = target[.bold] == off && self[.bold] != off
        let dimEnds = target[.dim] == off && self[.dim] != off
        if boldEnds || dimEnds {
            parameters.append(off)
            if let bold = target[.bold], bold != off { parameters.append(bold) }
            if let dim = target[.dim], dim != off { parameters.append(dim) }
        } else {
            if let bold = target[.bold], bold != self[.bold] { parameters.append(bold) }
            if let dim = target[.dim], dim != self[.dim] { parameters.append(dim) }
        }
        for part in Part.allCases where part != .bold && part != .dim {
            if let value = target[part], value != self[part] { parameters.append(value) }
        }
        return parameters
    }
}
