/// How a single Unicode scalar behaves on a terminal, from the generated
/// ``UnicodeWidthTables`` (Unicode 15.0, checked against glibc's `wcwidth`).
///
/// Only `narrow`, `wide`, `combining` and `spacingMark` scalars are ever drawn; for them the
/// table's width equals glibc's `wcwidth` (ncurses advances its cursor by it).
enum ScalarClass: UInt8, Sendable {
    /// One cell (East Asian Width N, Na, H and — as glibc does — A).
    case narrow
    /// Two cells (East Asian Width W or F, or emoji presentation).
    case wide
    /// Zero cells, joins the previous scalar's cell (Mn, Me, Hangul medial and final jamo).
    case combining
    /// A spacing combining mark (Mc): part of its cluster, but one cell of its own.
    case spacingMark
    /// Never drawn: format characters (ZWJ, ZWSP, bidi marks, tags), variation selectors,
    /// line and paragraph separators.
    case ignorable
    /// C0, DEL and C1 controls: drawn as control pictures or U+FFFD, never passed through.
    case control
    /// Unassigned, private use, or a width glibc and Unicode disagree on: drawn as U+FFFD.
    case replace

    /// Cells a drawn scalar of this class takes.
    @inlinable var width: Int {
        switch self {
        case .narrow, .spacingMark: 1
        case .wide: 2
        case .combining, .ignorable, .control, .replace: 0
        }
    }

    init(_ scalar: Unicode.Scalar) {
        let value = scalar.value
        // Fast path: printable ASCII is by far the most common input.
        if value >= 0x20 && value < 0x7F {
            self = .narrow
            return
        }
        let raw = runValue(of: value, starts: UnicodeWidthTables.scalarClassStarts,
                           values: UnicodeWidthTables.scalarClassValues)
        self = ScalarClass(rawValue: raw) ?? .replace
    }
}

/// The value of the run containing `value` in a run-length table whose first run starts at 0.
/// Binary search for the last start ≤ `value`.
@inline(__always)
func runValue(of value: UInt32, starts: [UInt32], values: [UInt8]) -> UInt8 {
    var low = 0
    var high = starts.count
    while high - low > 1 {
        let mid = (low &+ high) >> 1
        if starts[mid] <= value { low = mid } else { high = mid }
    }
    return low < values.count ? values[low] : 0
}
