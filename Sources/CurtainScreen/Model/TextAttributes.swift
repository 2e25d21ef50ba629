/// Character attributes a terminal can show, independent of colour.
public struct TextAttributes: OptionSet, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let bold = TextAttributes(rawValue: 1 << 0)
    /// The terminal's faint attribute (SGR 2): the dim fallback where colours cannot be blended.
    public static let dim = TextAttributes(rawValue: 1 << 1)
    public static let italic = TextAttributes(rawValue: 1 << 2)
    public static let underline = TextAttributes(rawValue: 1 << 3)
    public static let reverse = TextAttributes(rawValue: 1 << 4)

    public var description: String {
        let names: [(TextAttributes, String)] = [
            (.bold, "bold"), (.dim, "dim"), (.italic, "italic"), (.underline, "underline"), (.reverse, "reverse"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return "[" + present.joined(separator: ", ") + "]"
    }
}
