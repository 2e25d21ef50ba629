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

    private static let firstInterned: UInt32 = 0x0011_0000

    /// The grapheme for the display text of a cluster (see ``DisplayCluster``).
    public init(_ text: String) {
        var scalars = text.unicodeScalars.makeIterator()
        if let first = scalars.next() {
            if scalars.next() == nil {
                self.init(rawValue: first.value)
                return
            }
        } else {
            self = .space
            return
        }
        self.init(rawValue: Grapheme.firstInterned + GraphemeTable.shared.intern(text))
    }

    /// A single scalar.
    @inlinable public init(_ scalar: Unicode.Scalar) { self.init(rawValue: scalar.value) }

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
        if rawValue < Grapheme.firstInterned, let scalar = Unicode.Scalar(rawValue) {
            UTF8.encode(scalar) { bytes.append($0) }
        } else {
            bytes.append(contentsOf: text.utf8)
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
