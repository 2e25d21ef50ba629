import Curtain

/// The key sequences a terminal's terminfo entry lists, matched before the generic parser.
///
/// xterm-style sequences (`ESC [ 1 ; 5 A`, `ESC O P`, `ESC [ 15 ~`) are decoded without a table;
/// this covers terminals whose keys differ: on the Linux console F1 is `ESC [ [ A`, which the
/// generic parser would end at the second `[`; vt52-style terminals send `ESC A` for Up. Pure:
/// the entries come from terminfo once at start (``fromTerminfo()``) or from a test.
struct KeySequenceTable: Sendable {
    /// The sequences after their ESC, with their keys, in lexicographic order of the bytes:
    /// looked up by binary search. (A dictionary and a set of prefixes were the first form:
    /// at start their hashing of byte arrays cost more than the rest of the table, and the
    /// keys arrive a few at a time.)
    private var entries: [(tail: [UInt8], key: Key)] = []

    /// A table of `entries`: sequences with their leading ESC. Sequences that do not start with
    /// ESC (Backspace as `^H`) or are ESC alone are left to the generic parser; for a sequence
    /// listed twice the first entry wins.
    init(_ entries: [(sequence: [UInt8], key: Key)] = []) {
        var tails: [[UInt8]] = []
        tails.reserveCapacity(entries.count)
        var keys: [Key] = []
        keys.reserveCapacity(entries.count)
        for (sequence, key) in entries where sequence.count >= 2 && sequence[0] == 0x1B {
            tails.append(Array(sequence.dropFirst()))
            keys.append(key)
        }
        // Positions are sorted, not the entries: moving a position moves no array references.
        var order = Array(tails.indices)
        order.sort { first, second in
            let byBytes = Self.order(tails[first], tails[second])
            return byBytes == 0 ? first < second : byBytes < 0
        }
        self.entries.reserveCapacity(order.count)
        for position in order where self.entries.last.map({ Self.order($0.tail, tails[position]) != 0 }) ?? true {
            self.entries.append((tails[position], keys[position]))
        }
    }

    var isEmpty: Bool { entries.isEmpty }

    /// The key for a complete sequence (without its ESC), if the table lists it.
    func key(for sequence: [UInt8]) -> Key? {
        let index = firstIndex(notBefore: sequence)
        return index < entries.count && entries[index].tail == sequence ? entries[index].key : nil
    }

    /// Whether `sequence` (without its ESC) is the beginning of a longer listed sequence, so
    /// the decoder should wait for more bytes.
    func startsLongerSequence(_ sequence: [UInt8]) -> Bool {
        var index = firstIndex(notBefore: sequence)
        while index < entries.count, entries[index].tail == sequence { index += 1 }
        return index < entries.count && entries[index].tail.count > sequence.count && entries[index].tail.starts(with: sequence)
    }

    /// The index of the first entry whose bytes do not come before `sequence`.
    private func firstIndex(notBefore sequence: [UInt8]) -> Int {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if Self.order(entries[middle].tail, sequence) < 0 { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The order of two byte strings, byte by byte and a prefix first: negative, zero or
    /// positive. One comparison gives both "before" and "equal", where the sort once asked
    /// `==` and then `lexicographicallyPrecedes` of each pair.
    static func order(_ first: [UInt8], _ second: [UInt8]) -> Int {
        first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                let common = min(first.count, second.count)
                var index = 0
                while index < common {
                    if first[index] != second[index] { return Int(first[index]) - Int(second[index]) }
                    index += 1
                }
                return first.count - second.count
            }
        }
    }
}
