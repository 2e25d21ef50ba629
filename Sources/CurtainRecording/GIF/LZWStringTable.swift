/// The LZW encoder's strings: an open-addressed table from (prefix code, index) to code, in
/// memory of its own (no array's uniqueness check on each write, which the encoder's inner
/// loop paid), each slot one word — generation, key and code — so a probe is one load (three
/// arrays were three, and twice the cache). Slots of an earlier table are told apart by their
/// generation, so a clear costs nothing.
final class LZWStringTable {
    static let size = 8192
    /// generation << 48 | key << 16 | code; 0 is a slot never used.
    private let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: size)
    private var generation: UInt64 = 1

    init() {
        slots.initialize(repeating: 0, count: Self.size)
    }

    deinit { slots.deallocate() }

    /// Where probing for `key` (prefix code << 8 | index) starts.
    @inline(__always)
    static func slot(for key: Int) -> Int {
        Int((UInt32(truncatingIfNeeded: key) &* 2_654_435_761) >> 19) & (size - 1)
    }

    /// The code of `key`, probing from `slot`; nil with `slot` at the free slot for it.
    @inline(__always)
    func find(_ key: Int, from slot: inout Int) -> Int? {
        let wanted = generation << 48 | UInt64(truncatingIfNeeded: key) << 16
        while true {
            let word = slots[slot]
            if word >> 48 != generation { return nil }
            if word & ~0xFFFF == wanted { return Int(word & 0xFFFF) }
            slot = (slot + 1) & (Self.size - 1)
        }
    }

    /// Adds `key` with `code` at the free `slot` ``find(_:from:)`` left.
    @inline(__always)
    func insert(_ key: Int, code: Int, at slot: Int) {
        slots[slot] = generation << 48 | UInt64(truncatingIfNeeded: key) << 16 | UInt64(truncatingIfNeeded: code)
    }

    /// Forgets every string.
    func clear() {
        generation += 1
        if generation == 1 << 16 {
            // The generation would wrap into old slots' numbers: start afresh.
            slots.update(repeating: 0, count: Self.size)
            generation = 1
        }
    }
}
