/// The few line-breaking roles the simplified UAX #14 wrapper distinguishes, from the
/// generated ``UnicodeWidthTables`` (Unicode 15.0 `LineBreak.txt`).
enum LineBreakClass: UInt8, Sendable {
    /// Letters, digits and everything else: no break inside a run of them.
    case other
    /// Ideographs, kana, Hangul syllables, emoji (ID, H2, H3, EB, EM): a break is allowed
    /// before and after each.
    case ideographic
    /// Closing punctuation and non-starters (CL, CP, EX, IS, NS, CJ): `。、）!` never start a line.
    case closing
    /// Opening punctuation (OP): `(「` never end a line.
    case opening
    /// No-break space, word joiner (GL, WJ): no break on either side.
    case glue
    /// Spaces (SP, ZW, and space separators of class BA such as U+3000): a break is allowed
    /// after a run of them, and they are dropped at a soft break.
    case space
    /// Hyphens and other break-after characters (HY, BA, B2).
    case breakAfter

    private static let ascii: [LineBreakClass] = (0..<128).map { lookup(UInt32($0)) }

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        self = value < 128 ? LineBreakClass.ascii[Int(value)] : LineBreakClass.lookup(value)
    }

    private static func lookup(_ value: UInt32) -> LineBreakClass {
        let raw = runValue(of: value, starts: UnicodeWidthTables.lineBreakStarts,
                           values: UnicodeWidthTables.lineBreakValues)
        return LineBreakClass(rawValue: raw) ?? .other
    }

    /// Whether a line may end between a cluster of class `before` and one of class `after`
    /// (spaces in between are represented by `before == .space`).
    static func allowsBreak(between before: LineBreakClass, and after: LineBreakClass) -> Bool {
        switch (before, after) {
        case (_, .space), (_, .closing): false  // LB7, LB13: never before spaces or closers
        case (.space, _): true  // LB18: after spaces
        case (.opening, _): false  // LB14
        case (.glue, _), (_, .glue): false  // LB11, LB12
        case (.breakAfter, _): true  // LB21: after hyphens
        case (.ideographic, _), (_, .ideographic): true  // LB31 around ideographs
        default: false
        }
    }
}
