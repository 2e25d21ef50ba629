import CurtainLayout
import Synchronization

/// What a cell shows, in 32 bits: a single Unicode scalar stored as itself, a longer cluster
/// interned in a process-wide table, or the right half of a wide character.
///
/// Keeping cells at a fixed small size (instead of `Character`, which may allocate) lets a
/// screen be compared and diffed as flat memory.
public struct Grapheme: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: UInt32

    @inlinable init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A blank cell.
    public static let space = Grapheme(rawValue: 0x20)
    /// The cell covered by the right half of the wide character to its left.
    public static let continuation = Grapheme(rawValue: 0xFFFF_FFFF)

    @usableFromInline static let firstInterned: UInt32 = 0x0011_0000

    /// The grapheme for the display text of a cluster (see ``DisplayCluster``).
    ///
    /// Control characters never reach a cell: C0 controls become their control pictures
    /// (U+2400–U+241F), DEL becomes ␡ and C1 controls become U+FFFD, so a cell's text can be
    /// sent to a terminal as is. An empty string is a space.
    public init(_ text: String) {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next() else {
            self = .space
            return
        }
        if scalars.next() == nil {
            self.init(first)
            return
        }
        var clean = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { clean.append(Grapheme.displayable(scalar)) }
        self.init(rawValue: Grapheme.firstInterned + GraphemeTable.shared.intern(String(clean)))
    }

    /// The scalar shown for `scalar`: itself, or a visible stand-in for a control character.
    @inlinable static func displayable(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let v = scalar.value
        if v < 0x20 { return Unicode.Scalar(0x2400 + v)! }
        if v == 0x7F { return "\u{2421}" }
        if v >= 0x80 && v < 0xA0 { return "\u{FFFD}" }
        return scalar
    }

    /// A single scalar (a control character becomes its visible stand-in, as above).
    @inlinable public init(_ scalar: Unicode.Scalar) { self.init(rawValue: Grapheme.displayable(scalar).value) }

    public var isContinuation: Bool { rawValue == Grapheme.continuation.rawValue }

    /// The text this cell shows ("" for a continuation cell).
    public var text: String {
        if isContinuation { return "" }
        if rawValue < Grapheme.firstInterned { return String(Unicode.Scalar(rawValue) ?? " ") }
        return GraphemeTable.shared.text(for: rawValue - Grapheme.firstInterned)
    }

    /// Appends this grapheme's UTF-8 bytes to `bytes`.
    public func appendUTF8(to bytes: inout [UInt8]) {
        if isContinuation { return }
        if rawValue < 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rawValue))
        } else if rawValue < Grapheme.firstInterned, let scalar = Unicode.Scalar(rawValue) {
            UTF8.encode(scalar) { bytes.append($0) }
        } else {
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// How many UTF-8 bytes ``appendUTF8(to:)`` writes.
    public var utf8Count: Int {
        if isContinuation { return 0 }
        switch rawValue {
        case ..<0x80: return 1
        case ..<0x800: return 2
        case ..<0x10000: return Unicode.Scalar(rawValue) == nil ? 1 : 3
        case ..<Grapheme.firstInterned: return 4
        default: return text.utf8.count
        }
    }

    public var description: String { isContinuation ? "<cont>" : text }
}

/// Interned multi-scalar clusters. Grows only; the few clusters a program shows are kept for
/// its lifetime.
final class GraphemeTable: Sendable {
    static let shared = GraphemeTable()

    private struct State {
        var ids: [String: UInt32] = [:]
        var texts: [String] = []
    }
    private let state = Mutex(State())

    func intern(_ text: String) -> UInt32 {
        state.withLock { state in
            if let id = state.ids[text] { return id }
            let id = UInt32(state.texts.count)
            state.texts.append(text)
            state.ids[text] = id
            return id
        }
    }

    func text(for id: UInt32) -> String {
        state.withLock { state in Int(id) < state.texts.count ? state.texts[Int(id)] : " " }
    }
}
