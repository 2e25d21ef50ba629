/// The LZW encoder's strings: an open-addressed table from (prefix code, index) to code, in
/// memory of its own (no array's uniqueness check on each write, which the encoder's inner
/// loop paid). Slots of an earlier table are told apart by their generation, so a clear costs
/// nothing.
final class LZWStringTable {
    static let size = 8192
    private let keys = UnsafeMutablePointer<Int32>.allocate(capacity: size)
    private let codes = UnsafeMutablePointer<Int16>.allocate(capacity: size)
    private let generations = UnsafeMutablePointer<UInt32>.allocate(capacity: size)
    private var generation: UInt32 = 1

    init() {
        keys.initialize(repeating: 0, count: Self.size)
        codes.initialize(repeating: 0, count: Self.size)
        generations.initialize(repeating: 0, count: Self.size)
    }

    deinit {
        keys.deallocate()
        codes.deallocate()
        generations.deallocate()
    }

    /// Where probing for `key` (prefix code << 8 | index) starts.
    @inline(__always)
    static func slot(for key: Int) -> Int {
        Int((UInt32(truncatingIfNeeded: key) &* 2_654_435_761) >> 19) & (size - 1)
    }

    /// The code of `key`, probing from `slot`; nil with `slot` at the free slot for it.
    @inline(__always)
    func find(_ key: Int, from slot: inout Int) -> Int? {
        let key = Int32(truncatingIfNeeded: key)
        while generations[slot] == generation {
            if keys[slot] == key { return Int(codes[slot]) }
            slot = (slot + 1) & (Self.size - 1)
        }
        return nil
    }

    /// Adds `key` with `code` at the free `slot` ``find(_:from:)`` left.
    @inline(__always)
    func insert(_ key: Int, code: Int, at slot: Int) {
        keys[slot] = Int32(truncatingIfNeeded: key)
        codes[slot] = Int16(truncatingIfNeeded: code)
        generations[slot] = generation
    }

    /// Forgets every string.
    func clear() { generation += 1 }
}
